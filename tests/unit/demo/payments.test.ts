import { describe, expect, it } from 'vitest';
import { approveFromCheckout, sendCryptoFromCheckout, settleFromCheckout } from '../../../src/demo/checkout/checkoutOrder';
import { findOrder, PLAN_LENGTH_MS, settleOrder, type OrderRow } from '../../../src/demo/db';
import { endPlanSoon, endWaitingCryptoPayments, PLAN_ENDS_SOON_DAYS } from '../../../src/demo/controls';
import { UNKNOWN_CHECKOUT_ORIGIN, WECHAT_QR_TTL_MS } from '../../../src/demo/handlers/payments';
import { stateForZip } from '../../../src/demo/handlers/zipStates';
import { DEMO_CHECKOUT_PATH } from '../../../src/domain/paymentProviders';
import { ORIGIN, call, dataOf, signUp, startDemoServer, uniqueEmail } from './helpers';

const demo = startDemoServer();

const REDIRECT_CALLS = [
  { name: 'freekassaCreate', provider: 'freekassa', field: 'payUrl' },
  { name: 'digisellerCreate', provider: 'digiseller', field: 'payUrl' },
  { name: 'creemCheckout', provider: 'creem', field: 'checkoutUrl' },
  { name: 'nowpaymentsInvoice', provider: 'nowpayments', field: 'invoiceUrl' },
] as const;

function orderRow(orderNo: string): OrderRow {
  const order = findOrder(demo.db.read(), orderNo);
  if (!order) throw new Error(`No order ${orderNo}`);
  return order;
}

async function credits(token: string): Promise<number> {
  return dataOf('userInfo', await call('userInfo', {}, token)).credits ?? Number.NaN;
}

describe('redirect providers', () => {
  it.each(REDIRECT_CALLS)('$name creates a pending order and answers a link to its demo checkout page', async ({ name, provider, field }) => {
    const { token, userInfo } = await signUp();
    const answer = dataOf(name, await call(name, { packageId: 'builder' }, token)) as Record<string, string>;
    const orderNo = answer.orderNo ?? '';
    expect(orderNo).toMatch(/^NB\d{8}\d{6}$/);
    expect(orderNo.slice(2, 10)).toBe(new Date().toISOString().slice(0, 10).replace(/-/g, ''));

    const link = new URL(answer[field] ?? '');
    expect(link.origin).toBe(ORIGIN);
    expect(link.pathname).toBe(`${DEMO_CHECKOUT_PATH}${provider}`);
    expect(link.searchParams.get('orderNo')).toBe(orderNo);
    expect(link.searchParams.get('returnUrl')).toBe(`${ORIGIN}/dashboard/billing?provider=${provider}&payment=returned`);
    expect(link.searchParams.get('cancelUrl')).toBe(`${ORIGIN}/dashboard/billing?provider=${provider}&payment=cancelled`);

    expect(orderRow(orderNo)).toMatchObject({
      accountId: userInfo.id,
      provider,
      packageId: 'builder',
      amount: 50,
      currency: 'USD',
      credits: 5_250,
      status: 'pending',
      invoiceStatus: 'none',
      invoiceUrl: null,
    });
  });

  it('passes return and cancel addresses of this site through, and refuses any other', async () => {
    const { token } = await signUp();
    const returnUrl = `${ORIGIN}/dashboard/billing?from=test`;
    const cancelUrl = `${ORIGIN}/pricing`;
    const answer = dataOf('creemCheckout', await call('creemCheckout', { packageId: 'starter', returnUrl, cancelUrl }, token));
    const link = new URL(answer.checkoutUrl);
    expect(link.searchParams.get('returnUrl')).toBe(returnUrl);
    expect(link.searchParams.get('cancelUrl')).toBe(cancelUrl);

    expect(await call('creemCheckout', { packageId: 'starter', returnUrl: 'https://evil.example/back' }, token)).toEqual({
      code: 400001,
      msg: 'The return address must be a page of this site.',
      data: null,
    });
    expect(await call('freekassaCreate', { packageId: 'starter', cancelUrl: '/relative' }, token)).toMatchObject({
      code: 400001,
      msg: 'The cancel address must be a page of this site.',
    });
  });

  it('refuses unknown or missing packages', async () => {
    const { token } = await signUp();
    for (const { name } of REDIRECT_CALLS) {
      expect(await call(name, { packageId: 'mega' }, token), name).toEqual({ code: 400001, msg: 'There is no credit package "mega".', data: null });
    }
    expect(await call('wechatCreate', { packageId: 'mega' }, token)).toMatchObject({ code: 400001 });
    expect(await call('paypalCreate', { packageId: 'mega' }, token)).toMatchObject({ code: 400001 });
    expect(await call('creemCheckout', { packageId: ' ' }, token)).toMatchObject({ code: 400001, msg: 'Choose a credit package.' });
    expect(await call('creemCheckout', {}, token)).toMatchObject({ code: 400001, msg: 'The field "packageId" is missing or has the wrong type.' });
    expect(demo.db.read().orders.filter((order) => order.packageId === 'mega')).toEqual([]);
  });

  it('prices +vip accounts 20 % below list price', async () => {
    const vip = await signUp(uniqueEmail('qa+vip'));
    const plain = await signUp();
    for (const [packageId, list, discounted] of [
      ['starter', 10, 8],
      ['studio', 100, 80],
      ['scale', 500, 400],
    ] as const) {
      const vipOrder = dataOf('nowpaymentsInvoice', await call('nowpaymentsInvoice', { packageId }, vip.token));
      const plainOrder = dataOf('nowpaymentsInvoice', await call('nowpaymentsInvoice', { packageId }, plain.token));
      expect(orderRow(vipOrder.orderNo).amount, packageId).toBe(discounted);
      expect(orderRow(plainOrder.orderNo).amount, packageId).toBe(list);
      // The discount is off the price, never the credits.
      expect(orderRow(vipOrder.orderNo).credits).toBe(orderRow(plainOrder.orderNo).credits);
    }
  });
});

describe('settling an order', () => {
  it('credits a paid order once, however often it is settled', async () => {
    const { token, userInfo } = await signUp();
    const { orderNo } = dataOf('creemCheckout', await call('creemCheckout', { packageId: 'studio' }, token));
    const purchases = () => demo.db.read().ledger.filter((entry) => entry.accountId === userInfo.id && entry.kind === 'purchase');

    expect(settleFromCheckout(demo.db, orderNo, 'paid')).toBe(true);
    expect(await credits(token)).toBe((userInfo.credits ?? Number.NaN) + 11_000);
    expect(purchases()).toEqual([expect.objectContaining({ credits: 11_000, kind: 'purchase' })]);

    expect(settleFromCheckout(demo.db, orderNo, 'paid')).toBe(false);
    expect(settleOrder(demo.db.read(), orderRow(orderNo), 'paid')).toBe(false);
    // A paid order cannot be cancelled or failed afterwards either.
    expect(settleFromCheckout(demo.db, orderNo, 'cancelled')).toBe(false);
    expect(orderRow(orderNo).status).toBe('paid');
    expect(await credits(token)).toBe((userInfo.credits ?? Number.NaN) + 11_000);
    expect(purchases()).toHaveLength(1);
  });

  it('starts a year-long plan with each paid order; the demo control brings its end near', async () => {
    const { token, userInfo } = await signUp();
    expect(userInfo.planEndTime).toBeNull();
    const { orderNo } = dataOf('creemCheckout', await call('creemCheckout', { packageId: 'starter' }, token));
    const before = Date.now();
    settleFromCheckout(demo.db, orderNo, 'paid');
    const planEnd = Date.parse(dataOf('userInfo', await call('userInfo', {}, token)).planEndTime ?? '');
    expect(planEnd - before).toBeGreaterThanOrEqual(PLAN_LENGTH_MS - 1000);
    expect(planEnd - before).toBeLessThanOrEqual(PLAN_LENGTH_MS + 60_000);

    expect(endPlanSoon(demo.db, before)).toBe(userInfo.email);
    expect(dataOf('userInfo', await call('userInfo', {}, token)).planEndTime).toBe(new Date(before + PLAN_ENDS_SOON_DAYS * 86_400_000).toISOString());
  });

  it('gives no credits for cancelled or failed orders', async () => {
    const { token, userInfo } = await signUp();
    for (const outcome of ['cancelled', 'failed'] as const) {
      const { orderNo } = dataOf('digisellerCreate', await call('digisellerCreate', { packageId: 'starter' }, token));
      expect(settleFromCheckout(demo.db, orderNo, outcome)).toBe(true);
      expect(orderRow(orderNo).status).toBe(outcome);
      expect(settleFromCheckout(demo.db, orderNo, 'paid')).toBe(false);
    }
    expect(await credits(token)).toBe(userInfo.credits ?? Number.NaN);
    expect(settleFromCheckout(demo.db, 'NB-nope', 'paid')).toBe(false);
  });
});

describe('NOWPayments: a crypto payment waiting for blockchain confirmations', () => {
  it('stays pending once sent, and the demo controls confirm or fail only the signed-in account’s crypto sent', async () => {
    const { token, userInfo } = await signUp();
    const invoice = async () => dataOf('nowpaymentsInvoice', await call('nowpaymentsInvoice', { packageId: 'builder' }, token)).orderNo;
    const [confirmed, failed, leftUnpaid] = [await invoice(), await invoice(), await invoice()];
    expect(sendCryptoFromCheckout(demo.db, confirmed)).toBe(true);
    // The order list shows it pending, and nothing of the demo's own bookkeeping.
    const listed = dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 1, orderNo: confirmed }, token)).records[0];
    expect(listed?.status).toBe('pending');
    expect(listed).not.toHaveProperty('cryptoSent');

    expect(endWaitingCryptoPayments(demo.db, 'paid')).toEqual({ email: userInfo.email, count: 1 });
    expect(orderRow(confirmed).status).toBe('paid');
    expect(await credits(token)).toBe((userInfo.credits ?? Number.NaN) + 5_250);
    expect(sendCryptoFromCheckout(demo.db, confirmed)).toBe(false);

    sendCryptoFromCheckout(demo.db, failed);
    expect(endWaitingCryptoPayments(demo.db, 'failed')).toEqual({ email: userInfo.email, count: 1 });
    expect(orderRow(failed).status).toBe('failed');
    // An invoice the buyer never paid is not the blockchain's to confirm.
    expect(orderRow(leftUnpaid).status).toBe('pending');
    expect(endWaitingCryptoPayments(demo.db, 'paid')).toEqual({ email: userInfo.email, count: 0 });
  });
});

describe('PayPal', () => {
  it('captures only after the popup approved, and only once', async () => {
    const { token, userInfo } = await signUp();
    const created = dataOf('paypalCreate', await call('paypalCreate', { packageId: 'builder' }, token));
    expect(created.paypalOrderId).toMatch(/^PP-[0-9A-F]{16}$/);
    expect(orderRow(created.orderNo)).toMatchObject({ provider: 'paypal', status: 'pending', amount: 50 });

    expect(dataOf('paypalCapture', await call('paypalCapture', created, token))).toEqual({ orderNo: created.orderNo, status: 'pending' });
    expect(await credits(token)).toBe(userInfo.credits ?? Number.NaN);
    expect(dataOf('paypalCheckOrderStatus', await call('paypalCheckOrderStatus', { orderNo: created.orderNo }, token))).toEqual({
      orderNo: created.orderNo,
      status: 'pending',
    });

    expect(approveFromCheckout(demo.db, created.orderNo)).toBe(true);
    expect(dataOf('paypalCapture', await call('paypalCapture', created, token))).toEqual({ orderNo: created.orderNo, status: 'paid' });
    expect(await credits(token)).toBe((userInfo.credits ?? Number.NaN) + 5_250);
    expect(dataOf('paypalCapture', await call('paypalCapture', created, token)).status).toBe('paid');
    expect(await credits(token)).toBe((userInfo.credits ?? Number.NaN) + 5_250);
    expect(dataOf('paypalCheckOrderStatus', await call('paypalCheckOrderStatus', { orderNo: created.orderNo }, token)).status).toBe('paid');
    // A paid order cannot be approved again.
    expect(approveFromCheckout(demo.db, created.orderNo)).toBe(false);
  });

  it('answers a cancelled order as cancelled', async () => {
    const { token } = await signUp();
    const created = dataOf('paypalCreate', await call('paypalCreate', { packageId: 'starter' }, token));
    settleFromCheckout(demo.db, created.orderNo, 'cancelled');
    expect(approveFromCheckout(demo.db, created.orderNo)).toBe(false);
    expect(dataOf('paypalCapture', await call('paypalCapture', created, token)).status).toBe('cancelled');
  });

  it('refuses a PayPal order id of another order, and orders of other accounts', async () => {
    const { token } = await signUp();
    const first = dataOf('paypalCreate', await call('paypalCreate', { packageId: 'starter' }, token));
    const second = dataOf('paypalCreate', await call('paypalCreate', { packageId: 'starter' }, token));
    expect(await call('paypalCapture', { orderNo: first.orderNo, paypalOrderId: second.paypalOrderId }, token)).toEqual({
      code: 400001,
      msg: `The PayPal order ${second.paypalOrderId} does not belong to order ${first.orderNo}.`,
      data: null,
    });
    const { orderNo: creemOrder } = dataOf('creemCheckout', await call('creemCheckout', { packageId: 'starter' }, token));
    expect((await call('paypalCapture', { orderNo: creemOrder, paypalOrderId: first.paypalOrderId }, token)).code).toBe(400001);
    expect(await call('paypalCapture', { orderNo: first.orderNo, paypalOrderId: '' }, token)).toMatchObject({
      code: 400001,
      msg: 'Enter the PayPal order id.',
    });

    const stranger = await signUp();
    expect(await call('paypalCapture', first, stranger.token)).toMatchObject({ code: 400001, msg: `Order ${first.orderNo} was not found.` });
    expect(await call('paypalCheckOrderStatus', { orderNo: first.orderNo }, stranger.token)).toMatchObject({
      code: 400001,
      msg: `Order ${first.orderNo} was not found.`,
    });
  });

  it('offers the saved PayPal account once one PayPal order is paid, and charges it without a popup', async () => {
    const { token, email, userInfo } = await signUp();
    expect(dataOf('paypalVaults', await call('paypalVaults', {}, token))).toEqual([]);
    const created = dataOf('paypalCreate', await call('paypalCreate', { packageId: 'starter' }, token));
    expect(await call('paypalCreate', { packageId: 'starter', vaultId: 'PV-NOPE' }, token)).toMatchObject({
      code: 400001,
      msg: 'This saved PayPal account is not available. Choose another payment method.',
    });
    approveFromCheckout(demo.db, created.orderNo);
    await call('paypalCapture', created, token);

    const vaults = dataOf('paypalVaults', await call('paypalVaults', {}, token));
    expect(vaults).toEqual([{ id: expect.stringMatching(/^PV-/) as unknown, type: 'paypal', label: `PayPal · ${email}` }]);
    const vaulted = dataOf('paypalCreate', await call('paypalCreate', { packageId: 'starter', vaultId: vaults[0]?.id }, token));
    expect(dataOf('paypalCapture', await call('paypalCapture', vaulted, token)).status).toBe('paid');
    expect(await credits(token)).toBe((userInfo.credits ?? Number.NaN) + 2_000);
  });

  it('hands out an id token for the PayPal SDK', async () => {
    const { token } = await signUp();
    expect(dataOf('paypalUserIdToken', await call('paypalUserIdToken', {}, token)).idToken).toMatch(/^demo-id-token-[0-9a-f]+$/);
  });
});

describe('WeChat Pay', () => {
  it('answers a QR link to the scan page that lapses after five minutes', async () => {
    const { token } = await signUp();
    const before = Date.now();
    const created = dataOf('wechatCreate', await call('wechatCreate', { packageId: 'builder' }, token));
    expect(created.codeUrl).toBe(`${ORIGIN}${DEMO_CHECKOUT_PATH}wechat?orderNo=${created.orderNo}`);
    const expires = Date.parse(created.expireTime);
    expect(expires).toBeGreaterThanOrEqual(before + WECHAT_QR_TTL_MS);
    expect(expires).toBeLessThanOrEqual(Date.now() + WECHAT_QR_TTL_MS);
    expect(orderRow(created.orderNo)).toMatchObject({ provider: 'wechat', status: 'pending', expireTime: created.expireTime });
  });

  it('reads a lapsed order as expired, which can no longer be paid', async () => {
    const { token, userInfo } = await signUp();
    const created = dataOf('wechatCreate', await call('wechatCreate', { packageId: 'starter' }, token));
    // Five minutes pass.
    orderRow(created.orderNo).expireTime = new Date(Date.now() - 1).toISOString();
    const list = dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: created.orderNo }, token));
    expect(list.records.map((order) => order.status)).toEqual(['expired']);
    expect(settleFromCheckout(demo.db, created.orderNo, 'paid')).toBe(false);
    expect(await credits(token)).toBe(userInfo.credits ?? Number.NaN);
  });

  it('can be paid before it lapses', async () => {
    const { token, userInfo } = await signUp();
    const created = dataOf('wechatCreate', await call('wechatCreate', { packageId: 'starter' }, token));
    expect(settleFromCheckout(demo.db, created.orderNo, 'paid')).toBe(true);
    orderRow(created.orderNo).expireTime = new Date(Date.now() - 1).toISOString();
    // Paid stays paid after the QR code's time is up.
    expect(dataOf('payOrderList', await call('payOrderList', { pageNum: 1, pageSize: 10, orderNo: created.orderNo }, token)).records[0]?.status).toBe(
      'paid',
    );
    expect(await credits(token)).toBe((userInfo.credits ?? Number.NaN) + 1_000);
  });
});

describe('the ZIP code lookup', () => {
  it('answers the US state of a ZIP code', async () => {
    const { token } = await signUp();
    for (const [zipcode, state] of [
      ['90210', 'CA'],
      ['10001', 'NY'],
      ['60601', 'IL'],
      ['73301', 'TX'],
      ['99501', 'AK'],
      ['96813', 'HI'],
      ['20500', 'DC'],
      ['02108', 'MA'],
      ['05501', 'MA'],
      ['05401', 'VT'],
      ['33101-1234', 'FL'],
    ] as const) {
      expect(dataOf('zipcodeInfo', await call('zipcodeInfo', { countryCode: 'us', zipcode }, token)), zipcode).toEqual({ state });
    }
  });

  it('covers every state and DC', () => {
    const found = new Set<string>();
    for (let prefix = 0; prefix < 1000; prefix += 1) {
      const state = stateForZip(`${String(prefix).padStart(3, '0')}00`);
      if (state) found.add(state);
    }
    const states =
      'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
        ' ',
      );
    expect(states.filter((state) => !found.has(state))).toEqual([]);
  });

  it('refuses other countries, malformed and unknown codes', async () => {
    const { token } = await signUp();
    expect(await call('zipcodeInfo', { countryCode: 'DE', zipcode: '10115' }, token)).toEqual({
      code: 400001,
      msg: 'The ZIP code lookup works only for the United States.',
      data: null,
    });
    expect(await call('zipcodeInfo', { countryCode: 'US', zipcode: '9021' }, token)).toMatchObject({
      code: 400001,
      msg: 'Enter a 5-digit ZIP code.',
    });
    expect(await call('zipcodeInfo', { countryCode: 'US', zipcode: 'ABCDE' }, token)).toMatchObject({
      code: 400001,
      msg: 'Enter a 5-digit ZIP code.',
    });
    expect(await call('zipcodeInfo', { countryCode: 'US', zipcode: '00001' }, token)).toMatchObject({
      code: 400001,
      msg: 'No US state uses the ZIP code 00001.',
    });
    expect(await call('zipcodeInfo', { countryCode: 'US', zipcode: '09001' }, token)).toMatchObject({ code: 400001 });
    expect(await call('zipcodeInfo', { countryCode: 'US' }, token)).toMatchObject({
      code: 400001,
      msg: 'The field "zipcode" is missing or has the wrong type.',
    });
  });
});

describe('the "unknown host" demo control', () => {
  it('points the next redirect checkout link at an unknown host, once', async () => {
    const { token } = await signUp();
    demo.controls.set({ unknownCheckoutHost: true });
    // PayPal and WeChat hand out no checkout link: they leave it armed.
    await call('paypalCreate', { packageId: 'starter' }, token);
    await call('wechatCreate', { packageId: 'starter' }, token);
    expect(demo.controls.get().unknownCheckoutHost).toBe(true);

    const unknown = dataOf('creemCheckout', await call('creemCheckout', { packageId: 'starter' }, token));
    expect(unknown.checkoutUrl.startsWith(`${UNKNOWN_CHECKOUT_ORIGIN}${DEMO_CHECKOUT_PATH}creem?orderNo=${unknown.orderNo}&`)).toBe(true);
    expect(new URL(unknown.checkoutUrl).hostname).toBe('checkout.unknown-host.example');
    expect(demo.controls.get().unknownCheckoutHost).toBe(false);

    const normal = dataOf('freekassaCreate', await call('freekassaCreate', { packageId: 'starter' }, token));
    expect(new URL(normal.payUrl).origin).toBe(ORIGIN);
  });

  it('stays armed when the order is refused', async () => {
    const { token } = await signUp();
    demo.controls.set({ unknownCheckoutHost: true });
    expect((await call('digisellerCreate', { packageId: 'mega' }, token)).code).toBe(400001);
    expect((await call('digisellerCreate', { packageId: 'starter' })).code).toBe(401);
    expect(demo.controls.get().unknownCheckoutHost).toBe(true);
    const answer = dataOf('digisellerCreate', await call('digisellerCreate', { packageId: 'starter' }, token));
    expect(new URL(answer.payUrl).origin).toBe(UNKNOWN_CHECKOUT_ORIGIN);
  });
});

describe('without a session', () => {
  it('answers 401 to every payment call', async () => {
    for (const [name, payload] of [
      ['freekassaCreate', { packageId: 'starter' }],
      ['digisellerCreate', { packageId: 'starter' }],
      ['creemCheckout', { packageId: 'starter' }],
      ['nowpaymentsInvoice', { packageId: 'starter' }],
      ['wechatCreate', { packageId: 'starter' }],
      ['paypalCreate', { packageId: 'starter' }],
      ['paypalCapture', { orderNo: 'NB1', paypalOrderId: 'PP-1' }],
      ['paypalCheckOrderStatus', { orderNo: 'NB1' }],
      ['paypalUserIdToken', {}],
      ['paypalVaults', {}],
      ['zipcodeInfo', { countryCode: 'US', zipcode: '90210' }],
    ] as const) {
      expect(await call(name, payload), name).toEqual({ code: 401, msg: 'Login has expired', data: null });
      expect(await call(name, payload, 'stale-token'), name).toMatchObject({ code: 401 });
    }
  });
});
