/**
 * The test API's side of every payment provider and of Discord, as a deployed API has it:
 *
 * - The order-creating calls answer with the provider's own link (Creem's checkout_url, NOWPayments' invoice_url,
 *   Freekassa's signed payment form, Digiseller's pay_wm.asp, WeChat's `weixin://wxpay/bizpayurl?pr=…` code_url) and
 *   Discord's authorize-url call with https://discord.com/oauth2/authorize, instead of the demo pages the handlers
 *   link to. Each checkout is remembered as the provider would remember it (amount, return and cancel URLs).
 * - `/__test/providers/*` stands for the providers' servers talking to ours: each one's webhook or notification,
 *   signed as its documentation says and checked here before the order is settled, PayPal's order records and the
 *   buyer's approval, and Discord's record of the codes it hands out.
 *
 * The handlers price an order against the site's own origin (the return URLs must be its pages), as a deployed API
 * knows its site from configuration: `siteUrl` re-bases those calls on the page's origin.
 */
import * as v from 'valibot';
import { randomDigits, randomHex } from '../../../src/demo/crypto';
import { findAccount, findOrder, refreshOrderStatus, settleOrder } from '../../../src/demo/db';
import { issueDiscordCode } from '../../../src/demo/discord/consent';
import type { DemoEnvironment } from '../../../src/demo/environment';
import {
  CREEM_WEBHOOK_SECRET,
  DIGISELLER_PRODUCT_ID,
  DISCORD_CLIENT_ID,
  DISCORD_SCOPES,
  FREEKASSA_SHOP_ID,
  NOWPAYMENTS_IPN_SECRET,
  digisellerSign,
  freekassaFormSign,
  freekassaNotifySign,
  hmacHex,
  sortedJson,
  toCents,
  toDecimal,
  wechatSign,
  type ProviderCheckout,
  type ProviderCheckoutRecord,
} from './merchant';

/** The calls whose answer links the buyer somewhere, and the field that carries the link. */
const LINKING_CALLS: Record<string, { provider: ProviderCheckout['provider']; field: string }> = {
  '/client/trade/creem/create-checkout-session': { provider: 'creem', field: 'checkoutUrl' },
  '/client/trade/nowpayments/createInvoice': { provider: 'nowpayments', field: 'invoiceUrl' },
  '/client/trade/freekassa/create': { provider: 'freekassa', field: 'payUrl' },
  '/client/trade/digiseller/create': { provider: 'digiseller', field: 'payUrl' },
  '/client/trade/wx/create': { provider: 'wechat', field: 'codeUrl' },
  '/client/trade/paypal/create': { provider: 'paypal', field: 'paypalOrderId' },
};
const DISCORD_URL_CALL = '/client/v1/user/discord/authorize-url';
/** Accounts whose orders the API prices in euros, so an order's own currency differs from the catalogue's. */
const EURO_ACCOUNTS = /^live\.eur\./;
/** Calls the handlers must see on the site's origin: they check or build the site's own addresses. */
const SITE_CALLS = new Set([...Object.keys(LINKING_CALLS), DISCORD_URL_CALL]);

export interface TestAnswer {
  status: number;
  contentType: string;
  body: string;
}

const json = (value: unknown, status = 200): TestAnswer => ({ status, contentType: 'application/json', body: JSON.stringify(value) });
const text = (body: string, status = 200): TestAnswer => ({ status, contentType: 'text/plain', body });

const Envelope = v.object({ code: v.number(), msg: v.optional(v.string()), data: v.unknown() });

const CreemWebhook = v.object({
  eventType: v.string(),
  object: v.object({
    id: v.string(),
    request_id: v.string(),
    order: v.object({ amount: v.number(), currency: v.string(), status: v.string() }),
  }),
});
const NowpaymentsIpn = v.object({
  invoice_id: v.string(),
  order_id: v.string(),
  payment_status: v.string(),
  price_amount: v.number(),
  price_currency: v.string(),
});
const DigisellerNotification = v.object({
  ID_I: v.string(),
  ID_D: v.string(),
  id_po: v.string(),
  Amount: v.string(),
  Currency: v.string(),
  Email: v.string(),
  Date: v.string(),
  Through: v.string(),
  IP: v.string(),
  SHA256: v.string(),
});
const WechatNotification = v.object({
  event_type: v.string(),
  resource: v.object({
    prepay_id: v.string(),
    out_trade_no: v.string(),
    transaction_id: v.string(),
    trade_state: v.string(),
    amount: v.object({ total: v.number(), currency: v.string() }),
  }),
});

export function createProviderBridge(env: DemoEnvironment, fallbackSiteOrigin: string, siteOrigins: ReadonlySet<string>) {
  /** The checkouts by the provider's own id. */
  const checkouts = new Map<string, ProviderCheckout>();
  /** Every notification a provider sent and what this server made of it, for the tests to read. */
  const notifications: { provider: string; orderNo: string | null; accepted: boolean; reason: string }[] = [];

  /**
   * Marks the order paid (credits and ledger, as the handlers do), once: a repeated notification for a paid order
   * changes nothing. An order that ended otherwise (expired, cancelled) is not paid by a late notification: refused.
   */
  function settle(checkout: ProviderCheckout, provider: string, accepted: TestAnswer): TestAnswer {
    const data = env.db.read();
    const order = findOrder(data, checkout.orderNo);
    if (!order) return refuse(provider, checkout.orderNo, 'order gone', 404);
    const changed = settleOrder(data, order, 'paid');
    env.db.save();
    if (order.status !== 'paid') return refuse(provider, checkout.orderNo, `order ${order.status}`, 409);
    notifications.push({ provider, orderNo: checkout.orderNo, accepted: true, reason: changed ? 'paid' : 'already paid' });
    return accepted;
  }

  function refuse(provider: string, orderNo: string | null, reason: string, status = 400): TestAnswer {
    notifications.push({ provider, orderNo, accepted: false, reason });
    return text(reason, status);
  }

  /** The provider's link for a new order, remembered as that provider's checkout. */
  function providerLink(provider: ProviderCheckout['provider'], demoLink: string): string {
    const demo = new URL(demoLink, fallbackSiteOrigin);
    const orderNo = demo.searchParams.get('orderNo') ?? '';
    const order = findOrder(env.db.read(), orderNo);
    const base = {
      orderNo,
      amount: order?.amount ?? 0,
      currency: order?.currency ?? 'USD',
      successUrl: demo.searchParams.get('returnUrl') ?? '',
      cancelUrl: demo.searchParams.get('cancelUrl') ?? '',
    };
    const remember = (id: string) => checkouts.set(id, { provider, id, ...base });
    switch (provider) {
      case 'creem': {
        const id = `ch_${randomHex(22)}`;
        remember(id);
        return `https://creem.io/checkout/prod_${order?.packageId ?? 'credits'}/${id}`;
      }
      case 'nowpayments': {
        const id = randomDigits(10);
        remember(id);
        return `https://nowpayments.io/payment/?iid=${id}`;
      }
      case 'freekassa': {
        // The shop's form: the order is the shop's own id (o), the amount signed with secret word 1.
        remember(orderNo);
        const amount = toDecimal(base.amount);
        const query = new URLSearchParams({ m: FREEKASSA_SHOP_ID, oa: amount, currency: base.currency, o: orderNo, lang: 'en' });
        query.set('s', freekassaFormSign(amount, base.currency, orderNo));
        return `https://pay.freekassa.net/?${query.toString()}`;
      }
      case 'digiseller': {
        // The purchase's options (the order number among them) were registered first; id_po names them.
        const id = randomDigits(9);
        remember(id);
        return `https://oplata.info/asp2/pay_wm.asp?${new URLSearchParams({ id_d: DIGISELLER_PRODUCT_ID, id_po: id, curr: base.currency, lang: 'en-US' }).toString()}`;
      }
      case 'wechat': {
        // Native payment's code_url: the prepay code the buyer's WeChat opens.
        const id = randomHex(10);
        remember(id);
        return `weixin://wxpay/bizpayurl?pr=${id}`;
      }
      case 'paypal':
        return demoLink;
    }
  }

  return {
    /** The URL the handlers should see: the site's origin for the calls that check or build its addresses. */
    siteUrl(url: URL, origin: string | undefined): URL {
      if (!SITE_CALLS.has(url.pathname)) return url;
      const site = origin !== undefined && siteOrigins.has(origin) ? origin : fallbackSiteOrigin;
      return new URL(`${url.pathname}${url.search}`, site);
    },

    /** Whether this call's answer carries a provider link to rewrite. */
    rewrites(pathname: string): boolean {
      return pathname in LINKING_CALLS || pathname === DISCORD_URL_CALL;
    },

    /** The handlers' answer with the provider's link in place of the demo page's. */
    rewrite(pathname: string, answer: string): string {
      const parsed = v.safeParse(Envelope, JSON.parse(answer));
      if (!parsed.success || parsed.output.code !== 200 || typeof parsed.output.data !== 'object' || parsed.output.data === null) return answer;
      const data = { ...(parsed.output.data as Record<string, unknown>) };
      if (pathname === DISCORD_URL_CALL && typeof data.url === 'string') {
        const demo = new URL(data.url);
        const query = new URLSearchParams({
          client_id: DISCORD_CLIENT_ID,
          redirect_uri: demo.searchParams.get('redirect_uri') ?? '',
          response_type: 'code',
          scope: DISCORD_SCOPES,
          state: demo.searchParams.get('state') ?? '',
        });
        data.url = `https://discord.com/oauth2/authorize?${query.toString()}`;
      }
      const call = LINKING_CALLS[pathname];
      if (call?.provider === 'paypal' && typeof data.orderNo === 'string' && typeof data.paypalOrderId === 'string') {
        const db = env.db.read();
        const order = findOrder(db, data.orderNo);
        // An API that prices this account's orders in euros (EURO_ACCOUNTS): the order, and its answer, in EUR.
        if (order && EURO_ACCOUNTS.test(findAccount(db, order.accountId)?.email ?? '')) {
          order.currency = 'EUR';
          env.db.save();
          data.currency = 'EUR';
        }
        checkouts.set(data.paypalOrderId, {
          provider: 'paypal',
          id: data.paypalOrderId,
          orderNo: data.orderNo,
          amount: order?.amount ?? 0,
          currency: order?.currency ?? 'USD',
          successUrl: '',
          cancelUrl: '',
        });
      } else if (call) {
        const link = data[call.field];
        if (typeof link === 'string') data[call.field] = providerLink(call.provider, link);
      }
      return JSON.stringify({ ...parsed.output, data });
    },

    /** The providers' server-to-server calls; null for any other address. */
    answer(method: string, url: URL, body: string, headers: Record<string, string | string[] | undefined>): TestAnswer | null {
      const path = url.pathname;
      const header = (name: string) => {
        const value = headers[name];
        return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
      };

      const checkoutMatch = /^\/__test\/providers\/checkouts\/([^/]+)$/.exec(path);
      if (checkoutMatch && method === 'GET') {
        const checkout = checkouts.get(decodeURIComponent(checkoutMatch[1] ?? ''));
        if (!checkout) return json({ error: 'not found' }, 404);
        const order = findOrder(env.db.read(), checkout.orderNo);
        const record: ProviderCheckoutRecord = { ...checkout, status: order ? refreshOrderStatus(order) : 'unknown' };
        return json(record);
      }
      if (path === '/__test/providers/notifications' && method === 'GET') return json(notifications);

      // Time passing for a test: the order was made two days ago (its news, whatever it was, is old).
      const ageMatch = /^\/__test\/orders\/([^/]+)\/age$/.exec(path);
      if (ageMatch && method === 'POST') {
        const data = env.db.read();
        const order = findOrder(data, decodeURIComponent(ageMatch[1] ?? ''));
        if (!order) return json({ error: 'not found' }, 404);
        order.createTime = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
        env.db.save();
        return json({ orderNo: order.orderNo, createTime: order.createTime });
      }

      // Time passing for a test: the pending order is past its expiry, as a notification arriving late would find it.
      const expireMatch = /^\/__test\/orders\/([^/]+)\/expire$/.exec(path);
      if (expireMatch && method === 'POST') {
        const data = env.db.read();
        const order = findOrder(data, decodeURIComponent(expireMatch[1] ?? ''));
        if (!order) return json({ error: 'not found' }, 404);
        if (order.status === 'pending') order.expireTime = new Date(Date.now() - 1_000).toISOString();
        env.db.save();
        return json({ orderNo: order.orderNo, status: refreshOrderStatus(order) });
      }

      if (path === '/__test/providers/creem/webhook' && method === 'POST') {
        if (header('creem-signature') !== hmacHex('sha256', CREEM_WEBHOOK_SECRET, body)) return refuse('creem', null, 'bad signature', 401);
        const event = v.safeParse(CreemWebhook, JSON.parse(body));
        if (!event.success) return refuse('creem', null, 'unreadable event');
        const { object } = event.output;
        const checkout = checkouts.get(object.id);
        if (!checkout || checkout.orderNo !== object.request_id) return refuse('creem', object.request_id, 'unknown checkout');
        if (event.output.eventType !== 'checkout.completed' || object.order.status !== 'paid') return json({ ignored: event.output.eventType });
        if (object.order.amount !== toCents(checkout.amount) || object.order.currency !== checkout.currency) {
          return refuse('creem', checkout.orderNo, 'amount differs');
        }
        return settle(checkout, 'creem', json({ received: true }));
      }

      if (path === '/__test/providers/nowpayments/ipn' && method === 'POST') {
        const ipn = v.safeParse(NowpaymentsIpn, JSON.parse(body));
        if (!ipn.success) return refuse('nowpayments', null, 'unreadable notification');
        if (header('x-nowpayments-sig') !== hmacHex('sha512', NOWPAYMENTS_IPN_SECRET, sortedJson(JSON.parse(body)))) {
          return refuse('nowpayments', ipn.output.order_id, 'bad signature', 401);
        }
        const checkout = checkouts.get(ipn.output.invoice_id);
        if (!checkout || checkout.orderNo !== ipn.output.order_id) return refuse('nowpayments', ipn.output.order_id, 'unknown invoice');
        // Only `finished` settles the order: waiting, confirming, confirmed and sending leave it pending (the blockchain
        // is still confirming the payment), and each is recorded for the tests.
        if (ipn.output.payment_status !== 'finished') {
          notifications.push({ provider: 'nowpayments', orderNo: checkout.orderNo, accepted: false, reason: ipn.output.payment_status });
          return json({ received: ipn.output.payment_status });
        }
        if (ipn.output.price_amount !== checkout.amount || ipn.output.price_currency.toUpperCase() !== checkout.currency) {
          return refuse('nowpayments', checkout.orderNo, 'amount differs');
        }
        return settle(checkout, 'nowpayments', json({ received: true }));
      }

      if (path === '/__test/providers/freekassa/notify' && method === 'POST') {
        const form = new URLSearchParams(body);
        const orderNo = form.get('MERCHANT_ORDER_ID') ?? '';
        const amount = form.get('AMOUNT') ?? '';
        if (form.get('MERCHANT_ID') !== FREEKASSA_SHOP_ID || form.get('SIGN') !== freekassaNotifySign(amount, orderNo)) {
          return refuse('freekassa', orderNo, 'wrong sign', 400);
        }
        const checkout = checkouts.get(orderNo);
        if (!checkout) return refuse('freekassa', orderNo, 'unknown order');
        if (amount !== toDecimal(checkout.amount)) return refuse('freekassa', orderNo, 'amount differs');
        // Freekassa takes a notification as handled when the answer is YES.
        return settle(checkout, 'freekassa', text('YES'));
      }

      if (path === '/__test/providers/digiseller/notify' && method === 'POST') {
        const note = v.safeParse(DigisellerNotification, JSON.parse(body));
        if (!note.success) return refuse('digiseller', null, 'unreadable notification');
        if (note.output.SHA256 !== digisellerSign(note.output) || note.output.ID_D !== DIGISELLER_PRODUCT_ID) {
          return refuse('digiseller', null, 'bad signature', 401);
        }
        const checkout = checkouts.get(note.output.id_po);
        if (!checkout) return refuse('digiseller', null, 'unknown purchase');
        if (note.output.Amount !== toDecimal(checkout.amount)) return refuse('digiseller', checkout.orderNo, 'amount differs');
        return settle(checkout, 'digiseller', json({ received: true }));
      }

      if (path === '/__test/providers/wechat/notify' && method === 'POST') {
        const timestamp = header('wechatpay-timestamp');
        const nonce = header('wechatpay-nonce');
        if (header('wechatpay-signature') !== wechatSign(timestamp, nonce, body)) return refuse('wechat', null, 'bad signature', 401);
        const note = v.safeParse(WechatNotification, JSON.parse(body));
        if (!note.success) return refuse('wechat', null, 'unreadable notification');
        const { resource } = note.output;
        // The code the buyer scanned names the checkout; its order must be the one the notification is for.
        const checkout = checkouts.get(resource.prepay_id);
        if (!checkout || checkout.provider !== 'wechat' || checkout.orderNo !== resource.out_trade_no) {
          return refuse('wechat', resource.out_trade_no, 'unknown order');
        }
        if (note.output.event_type !== 'TRANSACTION.SUCCESS' || resource.trade_state !== 'SUCCESS') return json({ code: 'SUCCESS' });
        if (resource.amount.total !== toCents(checkout.amount)) return refuse('wechat', checkout.orderNo, 'amount differs');
        return settle(checkout, 'wechat', json({ code: 'SUCCESS' }));
      }

      // PayPal: the buyer approved the order in PayPal's window, with a funding source; capture may now take it.
      const approveMatch = /^\/__test\/providers\/paypal\/orders\/([^/]+)\/approve$/.exec(path);
      if (approveMatch && method === 'POST') {
        const checkout = checkouts.get(decodeURIComponent(approveMatch[1] ?? ''));
        if (!checkout || checkout.provider !== 'paypal') return json({ name: 'RESOURCE_NOT_FOUND' }, 404);
        const data = env.db.read();
        const order = findOrder(data, checkout.orderNo);
        if (!order || order.status !== 'pending') return json({ name: 'UNPROCESSABLE_ENTITY' }, 422);
        order.approved = true;
        checkout.approved = true;
        checkout.declinesAtCapture = (JSON.parse(body || '{}') as { fundingDeclined?: unknown }).fundingDeclined === true;
        env.db.save();
        return json({ id: checkout.id, status: 'APPROVED', payer: { payer_id: randomHex(13).toUpperCase() } });
      }

      // The platform's capture of an order whose funding source PayPal declines: PayPal's Orders API answers the
      // capture with 422 UNPROCESSABLE_ENTITY and the issue INSTRUMENT_DECLINED ("Handle funding failures",
      // https://developer.paypal.com/docs/checkout/standard/customize/handle-funding-failures/); the order waits
      // for the buyer's next approval. The API hands the issue on (docs/api.md, paypalCapture); nothing is charged.
      if (path === '/client/trade/paypal/capture' && method === 'POST') {
        const asked = JSON.parse(body || '{}') as { orderNo?: unknown; paypalOrderId?: unknown };
        const checkout = typeof asked.paypalOrderId === 'string' ? checkouts.get(asked.paypalOrderId) : undefined;
        if (!checkout?.declinesAtCapture || checkout.orderNo !== asked.orderNo) return null;
        const data = env.db.read();
        const order = findOrder(data, checkout.orderNo);
        if (!order) return null;
        order.approved = false;
        checkout.approved = false;
        checkout.declinesAtCapture = false;
        env.db.save();
        return json({ code: 200, msg: 'success', data: { orderNo: order.orderNo, status: refreshOrderStatus(order), issue: 'INSTRUMENT_DECLINED' } });
      }

      // Discord: the user approved; Discord remembers the code it hands out, for the token exchange.
      if (path === '/__test/providers/discord/grant' && method === 'POST') {
        const { username } = JSON.parse(body) as { username?: unknown };
        const entry = issueDiscordCode(env.db, typeof username === 'string' && username !== '' ? username : 'live_tester');
        return json({ code: entry.code });
      }
      return null;
    },
  };
}
