/**
 * A resumed payment as the app runs it (src/actors/payments.ts) over the real API client and the demo API (msw/node):
 * a link alone never announces a payment (only an order this tab or browser was waiting for is news), a crafted
 * return makes the tab forget nothing and drops nothing from the watch, an old order that settles while watched is
 * news all the same, the buyer can stop watching a crypto payment they did not make, and the newest order is read
 * from the orders' own times.
 */
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { http, HttpResponse } from 'msw';
import { createActor, waitFor } from 'xstate';
import { RETURN_WINDOW_MS, SETTLEMENT_WATCH_LIMIT_MS, type PaymentInput } from '../../../machines/payment.shared';
import { configureApiClient } from '../../../src/api/client';
import { endpoints } from '../../../src/api/contract';
import { createRedirectPaymentLogic, findOrderFromList } from '../../../src/actors/payments';
import { findOrder, settleOrder } from '../../../src/demo/db';
import { readResume } from '../../../src/features/billing/paymentResume';
import { setNotifier } from '../../../src/services/notifier';
import { readPendingOrder, savePendingOrder } from '../../../src/services/pendingOrder';
import { claimSettledOrder, isWatchedOrder, readSettlingOrders, watchSettlingOrder } from '../../../src/services/settlingOrders';
import { call, dataOf, ORIGIN, signUp, startDemoServer } from '../demo/helpers';
import { paymentNewsCount, recordingNotifier, recordingUser, stoppedAfterEachTest, type RecordingUser } from './paymentHarness';

const demo = startDemoServer();
const PACKAGE = 'builder';

let token = '';
let account = '';
const notices = recordingNotifier();
let user: RecordingUser;

const started = stoppedAfterEachTest();

beforeEach(async () => {
  const signed = await signUp();
  token = signed.token;
  account = signed.userInfo.id;
  configureApiClient({ baseURL: ORIGIN, hooks: { getToken: () => token } });
  for (const notice of Object.values(notices)) notice.mockReset();
  setNotifier(notices);
  user = recordingUser();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  demo.server.resetHandlers();
});
afterAll(() => configureApiClient());

type RedirectProvider = 'creem' | 'nowpayments' | 'freekassa' | 'digiseller';
const CREATE_CALL = {
  creem: 'creemCheckout',
  nowpayments: 'nowpaymentsInvoice',
  freekassa: 'freekassaCreate',
  digiseller: 'digisellerCreate',
} as const;

/** An order of the signed-in account, made through the demo API; pending until the test settles it. */
async function orderWith(provider: RedirectProvider | 'wechat'): Promise<string> {
  const name = provider === 'wechat' ? 'wechatCreate' : CREATE_CALL[provider];
  return dataOf(name, await call(name, { packageId: PACKAGE }, token)).orderNo;
}

function settle(orderNo: string, outcome: 'paid' | 'cancelled'): void {
  const data = demo.db.read();
  const order = findOrder(data, orderNo);
  if (!order || !settleOrder(data, order, outcome)) throw new Error(`order ${orderNo} could not be settled`);
  demo.db.save();
}

/** Time passing: the order was made `ms` ago. */
function madeAgo(orderNo: string, ms: number): void {
  const data = demo.db.read();
  const order = findOrder(data, orderNo);
  if (!order) throw new Error(`no order ${orderNo}`);
  order.createTime = new Date(Date.now() - ms).toISOString();
  demo.db.save();
}

/** The billing page's payment for `provider`, picking up `resume` as the page would. */
function resumed(provider: RedirectProvider, resume: PaymentInput['resume']) {
  return started(
    createActor(createRedirectPaymentLogic(provider, { user, onPaid: () => undefined, paypal: null, accountId: account }), { input: { resume } }),
  );
}

const announced = () => paymentNewsCount(notices);
const balanceReads = () => user.send.mock.calls.filter(([event]) => (event as { type: string }).type === 'PAYMENT_SUCCEEDED').length;

describe('a link never announces a payment by itself', () => {
  it('our own return parameters, no order named: the newest Creem order, paid minutes ago, is shown as paid, not announced', async () => {
    const orderNo = await orderWith('creem');
    settle(orderNo, 'paid');
    const payment = resumed('creem', { orderNo: null, packageId: '', returnedAs: 'returned' });
    await waitFor(payment, (snapshot) => snapshot.matches('foundPaid'));
    expect(payment.getSnapshot().context.order?.orderNo).toBe(orderNo);
    expect(announced()).toBe(0);
    expect(balanceReads()).toBe(0);
  });

  it('Creem’s return naming a recent paid order this tab did not start: shown as paid, not announced', async () => {
    const orderNo = await orderWith('creem');
    settle(orderNo, 'paid');
    const payment = resumed('creem', { orderNo, packageId: '', returnedAs: 'returned' });
    await waitFor(payment, (snapshot) => snapshot.matches('foundPaid'));
    expect(announced()).toBe(0);
  });

  it('the same return to the tab that sent the buyer to Creem (its pending order): announced, once', async () => {
    const orderNo = await orderWith('creem');
    savePendingOrder({ provider: 'creem', orderNo, packageId: PACKAGE, accountId: account });
    settle(orderNo, 'paid');
    const payment = resumed('creem', { orderNo: null, packageId: PACKAGE, returnedAs: 'returned' });
    await waitFor(payment, (snapshot) => snapshot.matches('paid'));
    expect(announced()).toBe(1);
    expect(balanceReads()).toBe(1);
    expect(readPendingOrder()).toBeNull();
  });

  it('another provider’s pending order of the same number in this tab is not this one: not announced', async () => {
    const orderNo = await orderWith('creem');
    savePendingOrder({ provider: 'freekassa', orderNo, packageId: PACKAGE, accountId: account });
    settle(orderNo, 'paid');
    const payment = resumed('creem', { orderNo, packageId: '', returnedAs: 'returned' });
    await waitFor(payment, (snapshot) => snapshot.matches('foundPaid'));
    expect(announced()).toBe(0);
  });
});

describe('a crafted return forgets nothing', () => {
  it('Creem’s parameters naming this tab’s pending WeChat order: no Creem order found, and the WeChat order stays pending here', async () => {
    const orderNo = await orderWith('wechat');
    savePendingOrder({ provider: 'wechat', orderNo, packageId: PACKAGE, accountId: account });
    const payment = resumed('creem', { orderNo, packageId: '', returnedAs: 'returned' });
    await waitFor(payment, (snapshot) => snapshot.matches('orderNotFound'));
    payment.send({ type: 'DISMISS' });
    expect(readPendingOrder()).toMatchObject({ provider: 'wechat', orderNo });
  });

  it('Freekassa’s parameter naming a watched NOWPayments order: not found, and still watched (nothing marked told)', async () => {
    const orderNo = await orderWith('nowpayments');
    watchSettlingOrder(account, { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    const payment = resumed('freekassa', { orderNo, packageId: '', returnedAs: 'returned' });
    await waitFor(payment, (snapshot) => snapshot.matches('orderNotFound'));
    payment.send({ type: 'DISMISS' });
    expect(isWatchedOrder(account, { provider: 'nowpayments', orderNo })).toBe(true);
    // Its news is still to be told by whoever sees it settle.
    expect(claimSettledOrder(account, { provider: 'nowpayments', orderNo })).toBe('claimed');
  });
});

describe('a slowly settling order', () => {
  it('made more than a day before it settles, picked up from the watch list: announced as paid, not called old news', async () => {
    const orderNo = await orderWith('nowpayments');
    watchSettlingOrder(account, { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    madeAgo(orderNo, RETURN_WINDOW_MS + 60 * 60 * 1000);
    settle(orderNo, 'paid');
    const payment = resumed('nowpayments', { orderNo, packageId: PACKAGE, returnedAs: 'reloaded' });
    await waitFor(payment, (snapshot) => snapshot.matches('paid'));
    expect(announced()).toBe(1);
    // Told here: the watch does not tell it again.
    expect(claimSettledOrder(account, { provider: 'nowpayments', orderNo })).toBe('toldAlready');
  });

  it('the same order named by a link is old news, worded by how it ended', async () => {
    const orderNo = await orderWith('nowpayments');
    madeAgo(orderNo, RETURN_WINDOW_MS + 60 * 60 * 1000);
    settle(orderNo, 'cancelled');
    const linked = resumed('nowpayments', { orderNo, packageId: '', returnedAs: 'returned' });
    await waitFor(linked, (snapshot) => snapshot.matches('settledEarlier'));
    expect(linked.getSnapshot().context.foundStatus).toBe('cancelled');
  });

  it('the buyer did not pay: stopping the watch takes it off the list and out of this tab, and the API still holds it', async () => {
    const orderNo = await orderWith('nowpayments');
    savePendingOrder({ provider: 'nowpayments', orderNo, packageId: PACKAGE, accountId: account });
    const payment = resumed('nowpayments', { orderNo: null, packageId: PACKAGE, returnedAs: 'returned' });
    await waitFor(payment, (snapshot) => snapshot.matches('awaitingConfirmations'));
    expect(isWatchedOrder(account, { provider: 'nowpayments', orderNo })).toBe(true);
    payment.send({ type: 'STOP_WATCHING' });
    expect(payment.getSnapshot().value).toBe('choosingPackage');
    expect(readSettlingOrders(account)).toEqual([]);
    expect(readPendingOrder()).toBeNull();
    // Dropped, not told: a payment after all is still news to whoever settles it.
    expect(claimSettledOrder(account, { provider: 'nowpayments', orderNo })).toBe('notWatched');
    expect(findOrder(demo.db.read(), orderNo)?.status).toBe('pending');
  });

  it('the billing page picks up a watched order only while the watch would still watch it', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    watchSettlingOrder(account, { orderNo: 'NB-OLD', provider: 'nowpayments', packageId: PACKAGE }, new Date(now - SETTLEMENT_WATCH_LIMIT_MS - 1));
    expect(readResume(account, '', now)).toBeNull();
    watchSettlingOrder(account, { orderNo: 'NB-NEW', provider: 'nowpayments', packageId: PACKAGE }, new Date(now - SETTLEMENT_WATCH_LIMIT_MS));
    expect(readResume(account, '', now)).toEqual({
      provider: 'nowpayments',
      order: { orderNo: 'NB-NEW', packageId: PACKAGE, returnedAs: 'reloaded' },
    });
  });
});

describe('the newest order is read from the orders’ own times', () => {
  const NOW = Date.parse('2026-11-22T10:00:00Z');
  const record = (orderNo: string, createTime: string, status = 'pending') => ({
    orderNo,
    createTime,
    provider: 'creem',
    packageId: PACKAGE,
    amount: 50,
    currency: 'USD',
    credits: 5250,
    status,
    invoiceStatus: 'none',
    invoiceUrl: null,
  });
  function listing(records: unknown[]): void {
    demo.server.use(
      http.post(`${ORIGIN}${endpoints.payOrderList.path}`, () =>
        HttpResponse.json({ code: 200, msg: 'success', data: { records, total: records.length, pageNum: 1, pageSize: 20 } }),
      ),
    );
  }

  it('whatever order the API lists them in', async () => {
    // Listed oldest first, then out of order: the newest is still the newest.
    listing([record('NB1', '2026-11-22T06:00:00Z'), record('NB2', '2026-11-22T09:00:00Z'), record('NB3', '2026-11-22T08:00:00Z')]);
    expect(await findOrderFromList('creem', { orderNo: null }, account, NOW)).toMatchObject({ orderNo: 'NB2', stale: false });
  });

  it('an order whose time cannot be read is never taken for news, nor for old news', async () => {
    listing([record('NB1', 'yesterday-ish'), record('NB2', '2026-11-20T09:00:00Z')]);
    // Neither is a recent order: the unreadable one is not news, the other is two days old.
    expect(await findOrderFromList('creem', { orderNo: null }, account, NOW)).toBeNull();
    listing([record('NB1', 'yesterday-ish', 'paid')]);
    expect(await findOrderFromList('creem', { orderNo: 'NB1' }, account, NOW)).toMatchObject({ orderNo: 'NB1', stale: false });
    listing([record('NB2', '2026-11-20T09:00:00Z', 'paid')]);
    expect(await findOrderFromList('creem', { orderNo: 'NB2' }, account, NOW)).toMatchObject({ orderNo: 'NB2', stale: true });
  });

  it('says whether this tab or browser was waiting for the order: the same provider, number and account', async () => {
    listing([record('NB1', '2026-11-22T09:00:00Z', 'paid')]);
    expect(await findOrderFromList('creem', { orderNo: 'NB1' }, account, NOW)).toMatchObject({ awaitedHere: false });
    savePendingOrder({ provider: 'paypal', orderNo: 'NB1', packageId: PACKAGE, accountId: account });
    expect(await findOrderFromList('creem', { orderNo: 'NB1' }, account, NOW)).toMatchObject({ awaitedHere: false });
    savePendingOrder({ provider: 'creem', orderNo: 'NB1', packageId: PACKAGE, accountId: 'u-someone-else' });
    expect(await findOrderFromList('creem', { orderNo: 'NB1' }, account, NOW)).toMatchObject({ awaitedHere: false });
    savePendingOrder({ provider: 'creem', orderNo: 'NB1', packageId: PACKAGE, accountId: account });
    expect(await findOrderFromList('creem', { orderNo: 'NB1' }, account, NOW)).toMatchObject({ awaitedHere: true });
    sessionStorage.clear();
    watchSettlingOrder(account, { orderNo: 'NB1', provider: 'creem', packageId: PACKAGE });
    expect(await findOrderFromList('creem', { orderNo: 'NB1' }, account, NOW)).toMatchObject({ awaitedHere: true });
  });
});
