/**
 * The settlement watch as the app runs it (src/actors/settlementWatch.ts) over the real API client and the demo API
 * (msw/node), with fake timers: it checks the signed-in account's waiting orders on the settlement policy, tells each
 * outcome once, has the balance read again on a paid one, lets an order the API no longer lists (or watched too long)
 * go quietly, and never tells an order the billing page's own payment told (or the other way round).
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { SETTLEMENT_WATCH_LIMIT_MS } from '../../../machines/settlementWatch.machine';
import { configureApiClient } from '../../../src/api/client';
import { endpoints } from '../../../src/api/contract';
import { createRedirectPaymentLogic } from '../../../src/actors/payments';
import { createSettlementWatchLogic } from '../../../src/actors/settlementWatch';
import { findOrder, settleOrder } from '../../../src/demo/db';
import { readLastPackage } from '../../../src/services/lastPackage';
import { setNotifier } from '../../../src/services/notifier';
import { claimSettledOrder, readSettlingOrders, watchSettlingOrder } from '../../../src/services/settlingOrders';
import { call, dataOf, ORIGIN, signUp, startDemoServer } from '../demo/helpers';
import { paymentNewsCount, recordingNotifier, recordingUser, stoppedAfterEachTest, type RecordingUser } from './paymentHarness';

const demo = startDemoServer();
/** The Builder package: 5,000 credits and 250 bonus. */
const PACKAGE = 'builder';
const PAID_NEWS = 'Payment received: 5,250 credits are in your balance.';

let token = '';
let account = '';
const notices = recordingNotifier();
let user: RecordingUser;
let visibility: DocumentVisibilityState = 'visible';
let orderChecks = 0;

const started = stoppedAfterEachTest();

beforeAll(() => {
  demo.server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname === endpoints.payOrderList.path) orderChecks += 1;
  });
});

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
  orderChecks = 0;
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => configureApiClient());

/** A NOWPayments order of the signed-in account, made through the demo API; pending until the test settles it. */
async function cryptoOrder(): Promise<string> {
  const made = dataOf('nowpaymentsInvoice', await call('nowpaymentsInvoice', { packageId: PACKAGE }, token));
  return made.orderNo;
}

/** What the provider's notification does on the API's side: the order ends (paid credits the account). */
function settle(orderNo: string, outcome: 'paid' | 'failed' | 'cancelled'): void {
  const data = demo.db.read();
  const order = findOrder(data, orderNo);
  if (!order || !settleOrder(data, order, outcome)) throw new Error(`order ${orderNo} could not be settled`);
  demo.db.save();
}

/** The order was not paid within its window (NOWPayments: 24 hours): the API lists it expired. */
function expire(orderNo: string): void {
  const data = demo.db.read();
  const order = findOrder(data, orderNo);
  if (!order) throw new Error(`no order ${orderNo}`);
  order.expireTime = new Date(Date.now() - 1000).toISOString();
  demo.db.save();
}

function startWatch() {
  return started(createActor(createSettlementWatchLogic(user), { input: { accountId: account } }));
}

const paymentsSucceeded = () => user.send.mock.calls.filter(([event]) => (event as { type: string }).type === 'PAYMENT_SUCCEEDED').length;
const paidNotices = () => paymentNewsCount(notices);

describe('the settlement watch', () => {
  it('checks on the settlement policy; tells a paid order once and has the balance read again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const orderNo = await cryptoOrder();
    watchSettlingOrder(account, { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    const watch = startWatch();
    // The policy's first wait: 15 s.
    await vi.advanceTimersByTimeAsync(14_999);
    expect(watch.getSnapshot().value).toBe('watching');
    expect(orderChecks).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(orderChecks).toBe(1));
    await vi.waitFor(() => expect(watch.getSnapshot().children.poller?.getSnapshot().hasTag('waiting')).toBe(true));

    // The blockchain confirms it; the next check, 22.5 s after the first, hears of it.
    settle(orderNo, 'paid');
    await vi.advanceTimersByTimeAsync(22_500);
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));
    expect(orderChecks).toBe(2);
    expect(notices.success.mock.calls).toEqual([[PAID_NEWS]]);
    expect(notices.error).not.toHaveBeenCalled();
    expect(paymentsSucceeded()).toBe(1);
    expect(readSettlingOrders(account)).toEqual([]);
    expect(claimSettledOrder(account, { provider: 'nowpayments', orderNo })).toBe('toldAlready');
    // The billing page starts from the package bought, as after a payment paid there.
    expect(readLastPackage(account)).toBe(PACKAGE);

    // Nothing is asked any more.
    await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    expect(orderChecks).toBe(2);
  });

  it('asks nothing while the tab is hidden, and asks at once when it shows again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const orderNo = await cryptoOrder();
    watchSettlingOrder(account, { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    visibility = 'hidden';
    const watch = startWatch();
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(orderChecks).toBe(0);
    settle(orderNo, 'paid');
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));
    expect(orderChecks).toBe(1);
    expect(notices.success.mock.calls).toEqual([[PAID_NEWS]]);
  });

  it('says what became of an order that was not paid, and what to do', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const expired = await cryptoOrder();
    const failed = await cryptoOrder();
    watchSettlingOrder(account, { orderNo: expired, provider: 'nowpayments', packageId: PACKAGE });
    watchSettlingOrder(account, { orderNo: failed, provider: 'nowpayments', packageId: PACKAGE });
    expire(expired);
    settle(failed, 'failed');
    const watch = startWatch();
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));
    expect(notices.error.mock.calls).toEqual([
      [
        `Your NOWPayments payment (order ${expired}) expired before the funds arrived, so no credits were added. If you sent the payment, contact support with the order number; otherwise buy credits again on the Billing page.`,
      ],
      [
        `Your NOWPayments payment (order ${failed}) failed, so no credits were added. Buy credits again on the Billing page, or contact support with the order number if you were charged.`,
      ],
    ]);
    expect(notices.success).not.toHaveBeenCalled();
    expect(paymentsSucceeded()).toBe(0);
  });

  it('lets an order go quietly when the API no longer lists it, or when it was watched longer than the watch lasts', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const stillPending = await cryptoOrder();
    watchSettlingOrder(account, { orderNo: 'NB-GONE', provider: 'nowpayments', packageId: PACKAGE });
    watchSettlingOrder(
      account,
      { orderNo: stillPending, provider: 'nowpayments', packageId: PACKAGE },
      new Date(Date.now() - SETTLEMENT_WATCH_LIMIT_MS - 1),
    );
    const watch = startWatch();
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));
    expect(readSettlingOrders(account)).toEqual([]);
    expect(notices.success).not.toHaveBeenCalled();
    expect(notices.error).not.toHaveBeenCalled();
    // Gone quietly: not marked told, so a payment that settles it later still tells it.
    expect(claimSettledOrder(account, { provider: 'nowpayments', orderNo: stillPending })).toBe('notWatched');
  });

  it('reads only the signed-in account’s list, and stops when nobody is signed in', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const orderNo = await cryptoOrder();
    watchSettlingOrder('u-someone-else', { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    const watch = startWatch();
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));
    expect(orderChecks).toBe(0);

    watchSettlingOrder(account, { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    watch.send({ type: 'WATCH_LIST_CHANGED' });
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(orderChecks).toBe(1));
    watch.send({ type: 'ACCOUNT_CHANGED', accountId: null });
    expect(watch.getSnapshot().value).toBe('signedOut');
    settle(orderNo, 'paid');
    await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
    expect(orderChecks).toBe(1);
    expect(notices.success).not.toHaveBeenCalled();
  });
});

describe('the watch and the billing page’s own payment tell an order once between them', () => {
  const wiring = () => ({ user, onPaid: () => undefined, paypal: null, accountId: account });

  it('the watch first: the billing page, opened after, shows it paid as it is, without telling it again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const orderNo = await cryptoOrder();
    watchSettlingOrder(account, { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    settle(orderNo, 'paid');
    const watch = startWatch();
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));

    const payment = started(
      createActor(createRedirectPaymentLogic('nowpayments', wiring()), {
        input: { resume: { orderNo, packageId: PACKAGE, returnedAs: 'reloaded' } },
      }),
    );
    // Told already, so nothing here waits for it any more: the page says it is paid, and announces nothing.
    await vi.waitFor(() => expect(payment.getSnapshot().value).toBe('foundPaid'));
    expect(paidNotices()).toBe(1);
    expect(paymentsSucceeded()).toBe(1);
  });

  it('the billing page first: the watch (another tab’s, say), checking after, says nothing more', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const orderNo = await cryptoOrder();
    watchSettlingOrder(account, { orderNo, provider: 'nowpayments', packageId: PACKAGE });
    // The watch holds the order and waits for its first check.
    const watch = startWatch();
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('watching'));

    // Meanwhile the order settles and the billing page, opened again, finds it paid and tells it.
    settle(orderNo, 'paid');
    const payment = started(
      createActor(createRedirectPaymentLogic('nowpayments', wiring()), {
        input: { resume: { orderNo, packageId: PACKAGE, returnedAs: 'reloaded' } },
      }),
    );
    await vi.waitFor(() => expect(payment.getSnapshot().value).toBe('paid'));
    expect(paidNotices()).toBe(1);

    // The watch's check hears the same news: told already, so it says nothing.
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));
    expect(orderChecks).toBeGreaterThanOrEqual(2);
    expect(paidNotices()).toBe(1);
  });

  it('both waiting on the same order at once: whoever hears first tells it, the other stays quiet', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const orderNo = await cryptoOrder();
    // The billing page waits on the crypto payment (it puts the order on the watch list), and the watch runs too.
    const payment = started(
      createActor(createRedirectPaymentLogic('nowpayments', wiring()), {
        input: { resume: { orderNo, packageId: PACKAGE, returnedAs: 'returned' } },
      }),
    );
    await vi.waitFor(() => expect(payment.getSnapshot().value).toBe('awaitingConfirmations'));
    expect(readSettlingOrders(account).map((one) => one.orderNo)).toEqual([orderNo]);
    const watch = startWatch();
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('watching'));

    settle(orderNo, 'paid');
    // Both ask 15 s after they started waiting (the payment first, a moment before the watch).
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(payment.getSnapshot().value).toBe('paid'));
    await vi.waitFor(() => expect(watch.getSnapshot().value).toBe('nothingToWatch'));
    expect(paidNotices()).toBe(1);
  });
});
