/**
 * Stand-ins for the hosted checkout pages of Creem, NOWPayments, Freekassa and Digiseller, served on their real
 * addresses (a Playwright route on the browser context). Each reads its checkout the way its provider addresses it,
 * offers Pay and Cancel, and on Pay does what the provider does: notifies the platform's API server to server
 * (the webhook or IPN, signed as its documentation says), then sends the buyer to the return address the order was
 * created with, adding the parameters that provider adds. Cancel sends the buyer to the cancel address.
 *
 * - Creem ("Checkout API", https://docs.creem.io/features/checkout/checkout-api; "Return URLs",
 *   https://docs.creem.io/learn/checkout-session/return-url; "Verify webhook requests",
 *   https://docs.creem.io/learn/webhooks/verify-webhook-requests): `https://creem.io/checkout/<product>/<checkout id>`;
 *   webhook `checkout.completed`, signed in `creem-signature` (HMAC-SHA256 of the body with the webhook secret); back
 *   to success_url with checkout_id, order_id, customer_id, product_id, request_id (the id the checkout was created
 *   with: our order number) and `signature`, SHA-256 of those parameters `key=value` joined by `|` with `salt=<API key>`.
 * - NOWPayments (NOWPayments API, https://documenter.getpostman.com/view/7907941/S1a32n38: "Create invoice",
 *   "Get payment status", "Instant payments notifications"): `https://nowpayments.io/payment/?iid=<invoice id>`; an
 *   IPN at each payment status (waiting, confirming, confirmed, sending, finished), signed in `x-nowpayments-sig`
 *   (HMAC-SHA512 of the key-sorted JSON with the IPN secret); the buyer goes back to success_url as given, nothing
 *   added, once the payment is seen on the blockchain (confirming): confirmations come later (confirmNowpayments).
 * - Freekassa ("Документация Freekassa Api", https://docs.freekassa.com/): `https://pay.freekassa.net/?m=&oa=&currency=&o=&s=`,
 *   whose `s` must be md5(m:oa:secret1:currency:o) or the page refuses the form; notification MERCHANT_ID, AMOUNT,
 *   intid, MERCHANT_ORDER_ID, SIGN (md5(m:AMOUNT:secret2:MERCHANT_ORDER_ID)), answered YES; back to the success URL
 *   set in the merchant panel (FREEKASSA_PANEL_SUCCESS_PATH), not one the shop sends, with MERCHANT_ORDER_ID.
 * - Digiseller ("Frequently Asked Questions on how to select a product at Digiseller",
 *   https://wiki.wmtransfer.com/projects/digiseller/wiki/Frequently_Asked_Questions_on_how_to_select_a_product_at_Digiseller):
 *   `https://oplata.info/asp2/pay_wm.asp?id_d=<product>&id_po=<purchase options>`; a payment notification; back to
 *   the address set in the product's unique-code settings (DIGISELLER_PRODUCT_RETURN_PATH) with its own `uniquecode`.
 */
import type { BrowserContext, Route } from '@playwright/test';
import {
  CREEM_API_KEY,
  CREEM_WEBHOOK_SECRET,
  DIGISELLER_PRODUCT_RETURN_PATH,
  FREEKASSA_PANEL_FAILURE_PATH,
  FREEKASSA_PANEL_SUCCESS_PATH,
  DIGISELLER_PRODUCT_ID,
  FREEKASSA_SHOP_ID,
  NOWPAYMENTS_IPN_SECRET,
  digisellerSign,
  freekassaFormSign,
  freekassaNotifySign,
  hmacHex,
  readProviderCheckout,
  sha256,
  sortedJson,
  toCents,
  toDecimal,
  type ProviderCheckout,
  type ProviderCheckoutRecord,
} from '../server/merchant';
import { escapeHtml, fulfillPage, postButton, redirectTo, standinPage, withQuery } from './page';

type RedirectProvider = 'creem' | 'nowpayments' | 'freekassa' | 'digiseller';

const NAMES: Record<RedirectProvider, string> = { creem: 'Creem', nowpayments: 'NOWPayments', freekassa: 'Freekassa', digiseller: 'Digiseller' };
const HOSTS: Record<string, RedirectProvider> = {
  'creem.io': 'creem',
  'nowpayments.io': 'nowpayments',
  'pay.freekassa.net': 'freekassa',
  'oplata.info': 'digiseller',
};
/** The stand-in's own form actions, on the provider's host. */
const PAY_PATH = '/__standin/pay';
const CANCEL_PATH = '/__standin/cancel';

/** The checkout id as each provider puts it in its link; null when the address is not a checkout of that provider. */
function checkoutIdOf(provider: RedirectProvider, url: URL): string | null {
  switch (provider) {
    case 'creem':
      return /^\/checkout\/prod_[A-Za-z0-9]+\/(ch_[A-Za-z0-9]+)$/.exec(url.pathname)?.[1] ?? null;
    case 'nowpayments':
      return url.pathname === '/payment/' ? url.searchParams.get('iid') : null;
    case 'freekassa':
      return url.pathname === '/' ? url.searchParams.get('o') : null;
    case 'digiseller':
      return url.pathname === '/asp2/pay_wm.asp' && url.searchParams.get('id_d') === DIGISELLER_PRODUCT_ID ? url.searchParams.get('id_po') : null;
  }
}

/** A provider's server-to-server call to the platform's API: where it posts, what, and with which headers. */
export interface ProviderNotification {
  path: string;
  body: string;
  headers: Record<string, string>;
}

const send = (path: string, body: string, headers: Record<string, string>): ProviderNotification => ({ path, body, headers });

/** NOWPayments' payment statuses, in the order a crypto payment goes through them ("Get payment status"). */
type NowpaymentsStatus = 'waiting' | 'confirming' | 'confirmed' | 'sending' | 'partially_paid' | 'finished' | 'failed' | 'expired';

/** NOWPayments' IPN for a payment of this invoice at `status`, signed as its documentation says. */
function nowpaymentsIpn(checkout: ProviderCheckout, status: NowpaymentsStatus): ProviderNotification {
  const ipn = {
    payment_id: Number(checkout.id) + 1,
    invoice_id: checkout.id,
    payment_status: status,
    pay_address: 'TBx9standinAddress',
    price_amount: checkout.amount,
    price_currency: checkout.currency.toLowerCase(),
    pay_amount: checkout.amount,
    actually_paid: status === 'waiting' ? 0 : checkout.amount,
    pay_currency: 'usdttrc20',
    order_id: checkout.orderNo,
    order_description: 'Nano Banana API credits',
  };
  return send('/__test/providers/nowpayments/ipn', JSON.stringify(ipn), {
    'content-type': 'application/json',
    'x-nowpayments-sig': hmacHex('sha512', NOWPAYMENTS_IPN_SECRET, sortedJson(ipn)),
  });
}

async function post(apiUrl: string, notification: ProviderNotification): Promise<{ ok: boolean; text: string }> {
  const answer = await fetch(`${apiUrl}${notification.path}`, { method: 'POST', headers: notification.headers, body: notification.body });
  return { ok: answer.ok, text: await answer.text() };
}

/**
 * The blockchain confirms a NOWPayments payment the buyer already sent (its page showed `confirming`): NOWPayments
 * notifies confirmed, sending, then finished, the one that settles the order. A test calls this when time has passed.
 */
export async function confirmNowpayments(apiUrl: string, invoiceId: string): Promise<void> {
  const checkout = await readProviderCheckout(apiUrl, invoiceId);
  if (!checkout || checkout.provider !== 'nowpayments') throw new Error(`No NOWPayments invoice ${invoiceId}`);
  for (const status of ['confirmed', 'sending', 'finished'] as const) {
    const answer = await post(apiUrl, nowpaymentsIpn(checkout, status));
    if (!answer.ok) throw new Error(`The shop refused NOWPayments' ${status} notification: ${answer.text}`);
  }
}

/** The provider's notification of a paid checkout, signed as it documents; null for a provider that sends none. */
export function paidNotification(checkout: ProviderCheckout): ProviderNotification | null {
  switch (checkout.provider) {
    case 'creem': {
      const body = JSON.stringify({
        id: `evt_${checkout.id.slice(3)}`,
        eventType: 'checkout.completed',
        created_at: Date.now(),
        object: {
          id: checkout.id,
          object: 'checkout',
          request_id: checkout.orderNo,
          status: 'completed',
          order: { id: `ord_${checkout.id.slice(3, 15)}`, amount: toCents(checkout.amount), currency: checkout.currency, status: 'paid' },
        },
      });
      return send('/__test/providers/creem/webhook', body, {
        'content-type': 'application/json',
        'creem-signature': hmacHex('sha256', CREEM_WEBHOOK_SECRET, body),
      });
    }
    case 'nowpayments':
      return nowpaymentsIpn(checkout, 'finished');
    case 'freekassa': {
      const amount = toDecimal(checkout.amount);
      const form = new URLSearchParams({
        MERCHANT_ID: FREEKASSA_SHOP_ID,
        AMOUNT: amount,
        intid: String(Date.now()).slice(-8),
        MERCHANT_ORDER_ID: checkout.orderNo,
        P_EMAIL: 'buyer@example.com',
        CUR_ID: '36',
        SIGN: freekassaNotifySign(amount, checkout.orderNo),
      });
      return send('/__test/providers/freekassa/notify', form.toString(), { 'content-type': 'application/x-www-form-urlencoded' });
    }
    case 'digiseller': {
      const fields = {
        ID_I: String(Date.now()).slice(-9),
        ID_D: DIGISELLER_PRODUCT_ID,
        Amount: toDecimal(checkout.amount),
        Currency: checkout.currency,
        Email: 'buyer@example.com',
        Date: new Date().toISOString(),
        Through: 'card',
        IP: '203.0.113.7',
      };
      const body = JSON.stringify({ ...fields, id_po: checkout.id, SHA256: digisellerSign(fields) });
      return send('/__test/providers/digiseller/notify', body, { 'content-type': 'application/json' });
    }
    default:
      return null;
  }
}

/**
 * Sends what the provider sends the platform's API as the buyer pays: the notification of a paid checkout, or, for a
 * crypto payment, NOWPayments' waiting and confirming (the blockchain has yet to confirm it: confirmNowpayments).
 */
async function notifyPaid(apiUrl: string, checkout: ProviderCheckoutRecord): Promise<{ ok: boolean; text: string }> {
  if (checkout.provider === 'nowpayments') {
    const waiting = await post(apiUrl, nowpaymentsIpn(checkout, 'waiting'));
    return waiting.ok ? post(apiUrl, nowpaymentsIpn(checkout, 'confirming')) : waiting;
  }
  const notification = paidNotification(checkout);
  if (!notification) return { ok: false, text: `${checkout.provider} is not a redirect provider` };
  return post(apiUrl, notification);
}

/** Creem's return signature: SHA-256 of the parameters as sent, `key=value` joined by `|`, with `salt=<API key>` last. */
function creemReturnSignature(params: Record<string, string>): string {
  return sha256([...Object.entries(params).map(([key, value]) => `${key}=${value}`), `salt=${CREEM_API_KEY}`].join('|'));
}

/** The merchant's own page at a path, on the origin of the return address the order was made with. */
function panelAddress(checkout: ProviderCheckoutRecord, path: string): string {
  return new URL(path, new URL(checkout.successUrl).origin).href;
}

/** Where the provider sends the buyer after paying, with what it adds (never our own order parameter). */
function successAddress(checkout: ProviderCheckoutRecord): string {
  switch (checkout.provider) {
    case 'creem': {
      const params = {
        checkout_id: checkout.id,
        order_id: `ord_${checkout.id.slice(3, 15)}`,
        customer_id: 'cust_standin',
        product_id: 'prod_standin',
        request_id: checkout.orderNo,
      };
      return withQuery(checkout.successUrl, { ...params, signature: creemReturnSignature(params) });
    }
    case 'freekassa':
      // The success URL is the merchant panel's: the one the shop put in its order request is not used.
      return withQuery(panelAddress(checkout, FREEKASSA_PANEL_SUCCESS_PATH), { MERCHANT_ORDER_ID: checkout.orderNo });
    case 'digiseller':
      // The product's unique-code return address, with Digiseller's own code for the purchase.
      return withQuery(panelAddress(checkout, DIGISELLER_PRODUCT_RETURN_PATH), { uniquecode: checkout.id.padStart(16, 'A') });
    default:
      return checkout.successUrl;
  }
}

/** Where Cancel sends the buyer: the panel's failure URL for Freekassa, the cancel address the order was made with otherwise. */
function cancelAddress(checkout: ProviderCheckoutRecord): string {
  return checkout.provider === 'freekassa'
    ? withQuery(panelAddress(checkout, FREEKASSA_PANEL_FAILURE_PATH), { MERCHANT_ORDER_ID: checkout.orderNo })
    : checkout.cancelUrl;
}

/** What the provider shows for a checkout that is no longer open; it takes no payment for it. */
function closedPage(route: Route, name: string, status: string, code = 200): Promise<void> {
  return fulfillPage(route, standinPage(name, `<p role="status">This payment is closed (${escapeHtml(status)}).</p>`), code);
}

async function serveCheckout(route: Route, apiUrl: string, provider: RedirectProvider): Promise<void> {
  const request = route.request();
  const url = new URL(request.url());
  const name = NAMES[provider];

  if (request.method() === 'POST' && (url.pathname === PAY_PATH || url.pathname === CANCEL_PATH)) {
    const checkout = await readProviderCheckout(apiUrl, url.searchParams.get('id') ?? '');
    if (!checkout || checkout.provider !== provider) return fulfillPage(route, standinPage(name, '<p>This payment is not known.</p>'), 404);
    if (url.pathname === CANCEL_PATH) return redirectTo(route, cancelAddress(checkout));
    // A page opened while the checkout was pending may be posted after it closed (paid in another tab, expired).
    if (checkout.status !== 'pending') return closedPage(route, name, checkout.status, 409);
    const notified = await notifyPaid(apiUrl, checkout);
    if (!notified.ok) {
      return fulfillPage(
        route,
        standinPage(name, `<p role="alert">The shop refused the payment notification: ${escapeHtml(notified.text)}</p>`),
        502,
      );
    }
    return redirectTo(route, successAddress(checkout));
  }

  const id = request.method() === 'GET' ? checkoutIdOf(provider, url) : null;
  const checkout = id === null ? null : await readProviderCheckout(apiUrl, id);
  if (!checkout || checkout.provider !== provider) {
    return fulfillPage(route, standinPage(name, '<p role="alert">This payment link is not valid.</p>'), 404);
  }
  if (provider === 'freekassa') {
    // Freekassa checks the form's signature before it shows anything.
    const query = url.searchParams;
    const signed = freekassaFormSign(query.get('oa') ?? '', query.get('currency') ?? '', query.get('o') ?? '');
    if (query.get('m') !== FREEKASSA_SHOP_ID || query.get('s') !== signed || query.get('oa') !== toDecimal(checkout.amount)) {
      return fulfillPage(route, standinPage(name, '<p role="alert">Wrong signature</p>'), 400);
    }
  }
  if (checkout.status !== 'pending') return closedPage(route, name, checkout.status);
  const action = (path: string) => `${path}?id=${encodeURIComponent(checkout.id)}`;
  const body = `<p>Order ${escapeHtml(checkout.orderNo)}</p>
    <p>Amount: <strong>${escapeHtml(toDecimal(checkout.amount))} ${escapeHtml(checkout.currency)}</strong></p>
    ${postButton(action(PAY_PATH), 'Pay')}${postButton(action(CANCEL_PATH), 'Cancel')}`;
  return fulfillPage(route, standinPage(name, body));
}

/** Serves the four hosted checkouts on their providers' hosts, for every page of the context. */
export async function routeCheckouts(context: BrowserContext, apiUrl: string): Promise<void> {
  await context.route(
    (url) => url.hostname in HOSTS,
    (route) => serveCheckout(route, apiUrl, HOSTS[new URL(route.request().url()).hostname] ?? 'creem'),
  );
}
