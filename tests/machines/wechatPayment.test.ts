import { describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { backOffSteps, checkDelayMs as policyDelayMs } from '../../machines/polling.machine';
import { ORDER_POLLING, QR_MAX_WAIT_MS, QR_POLLING, qrExpiryMs, type CheckOrderResponse, type CreateOrderInput } from '../../machines/payment.shared';
import { wechatPaymentMachine, type CreateWechatOrderResponse } from '../../machines/wechatPayment.machine';
import { after, describeMachinePaths } from './pathRunner';
import {
  answered,
  assertConfirmTimings,
  assertPaymentStep,
  offline,
  paymentEvents,
  paymentPaths,
  startWithPoller,
  testKeyActions,
} from './paymentModel';

// Five minutes from now: replay measures the code's life with the fake clock, which starts at the real time.
const expireTime = new Date(Date.now() + 5 * 60_000).toISOString();
const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expireTime } } as const;

const shared = paymentEvents({ created: [created] });
const expiry = after('QR_EXPIRY', 'wechatPayment.awaitingScan');
const qrOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: null, codeUrl: created.data.codeUrl, expireTime };

describeMachinePaths('wechatPayment machine', {
  machine: wechatPaymentMachine.provide({ actions: testKeyActions }),
  ...paymentPaths([[created, 'created']]),
  // The code's expiry is a moment, taken wherever the code shows (the poller's waits are its own timers, not these).
  events: (snapshot) => (snapshot.matches('awaitingScan') ? [...shared, expiry] : shared),
  maxSimplePaths: 80,
  assertState: (snapshot, step) => {
    const { event, stepCalls } = step;
    const { context, before, is, entered } = assertPaymentStep(snapshot, step, {
      handOff: ['awaitingScan'],
      busy: [],
      // An expired code: a new order, so a new code, for the same package.
      retriesTimedOut: true,
      // Both the code and a confirmation poll the order; a stopped code stays on screen, a stopped confirmation ends.
      // The code's poller runs as long as a code is waited on: its limit ends the wait as the code's expiry does.
      polling: [
        { state: { awaitingScan: 'polling' }, policy: QR_POLLING, stoppedAfterErrors: { awaitingScan: 'stoppedAfterErrors' }, timedOut: 'timedOut' },
        { state: 'confirming', policy: ORDER_POLLING, stoppedAfterErrors: 'stoppedAfterErrors', timedOut: 'timedOut' },
      ],
      // An expired code is worded by the view.
      failureReasons: [expiry.type, 'polling.timedOut'],
    });

    // The code is shown, and the order remembered, exactly when an order was created.
    const remembered = stepCalls('rememberPendingOrder');
    expect(remembered).toHaveLength(entered('awaitingScan') ? 1 : 0);
    if (entered('awaitingScan')) {
      expect(context.order).toEqual(qrOrder);
      expect(remembered[0]?.context).toMatchObject({ order: qrOrder, packageId: context.packageId });
    }
    if (event.type === 'xstate.done.actor.createOrder' && event.output === created) expect(is('awaitingScan')).toBe(true);
    if (event.type === expiry.type) {
      expect(is('timedOut')).toBe(true);
      expect(context).toMatchObject({ error: null, errorKind: 'expired', order: before?.order });
    }
    // The poller's limit reached while the code shows is the code's wait ending; a confirmation's minute is no expiry.
    if (event.type === 'polling.timedOut' && step.previous?.matches({ awaitingScan: 'polling' }) === true) {
      expect(context).toMatchObject({ error: null, errorKind: 'expired', order: before?.order });
    } else if (event.type === 'polling.timedOut') expect(context).toMatchObject({ error: null, errorKind: null });
  },
});

describe('wechatPayment timings', () => {
  const checkDelayMs = (unsettledChecks: number) => policyDelayMs(ORDER_POLLING, unsettledChecks);
  it('waits 2 s after the first check, half as long again after each one that settles nothing, 10 s at most; a confirmation lasts at most a minute', async () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(checkDelayMs)).toEqual([2000, 3000, 4500, 6750, 10_000, 10_000, 10_000]);
    // The counter stops where the wait stops growing, so the context stays small.
    expect(checkDelayMs(backOffSteps(ORDER_POLLING) - 1)).toBeLessThan(10_000);
    expect(checkDelayMs(backOffSteps(ORDER_POLLING))).toBe(10_000);
    await assertConfirmTimings(wechatPaymentMachine);
    // The code's polling differs only in how long it may last.
    expect(QR_POLLING).toEqual({ ...ORDER_POLLING, limitMs: QR_MAX_WAIT_MS });
  });

  it('the code lives until the server says it expires, and 15 minutes at most whatever it says', () => {
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    expect(qrExpiryMs('2026-05-01T12:05:00.000Z', now)).toBe(5 * 60_000);
    expect(qrExpiryMs('2026-05-01T11:59:00.000Z', now), 'already expired: at once').toBe(0);
    expect(qrExpiryMs('2026-05-01T12:15:00.000Z', now), 'exactly the limit').toBe(QR_MAX_WAIT_MS);
    expect(qrExpiryMs('2026-05-01T14:00:00.000Z', now), 'WeChat’s two hours: capped').toBe(QR_MAX_WAIT_MS);
    expect(qrExpiryMs('2099-01-01T00:00:00.000Z', now), 'far future: capped').toBe(QR_MAX_WAIT_MS);
    expect(qrExpiryMs('+275760-09-13T00:00:00.000Z', now), 'the last date there is: capped').toBe(QR_MAX_WAIT_MS);
    expect(qrExpiryMs('not a time', now), 'unreadable: the limit').toBe(QR_MAX_WAIT_MS);
    expect(qrExpiryMs('', now)).toBe(QR_MAX_WAIT_MS);
    expect(qrExpiryMs(null, now)).toBe(QR_MAX_WAIT_MS);
    expect(QR_MAX_WAIT_MS).toBe(15 * 60_000);
  });

  /** A started machine, paying with the code of `expireTime`, whose checks answer as `check` says and whose tab the test hides and shows. */
  function started(expireTime: string, check: () => Promise<CheckOrderResponse>) {
    const run = startWithPoller(wechatPaymentMachine, { resume: null }, check, {
      actors: {
        createOrder: fromPromise<CreateWechatOrderResponse, CreateOrderInput>(() =>
          Promise.resolve({ ...created, data: { ...created.data, expireTime } }),
        ),
      },
      actions: { newIdempotencyKey: () => undefined },
    });
    run.actor.send({ type: 'PAY', packageId: 'pkg-pro' });
    return run;
  }

  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const stillPending = () => Promise.resolve(answered('pending'));

  it('asks less and less often while nobody pays', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checkTimes, pollerState } = started(inMinutes(5), stillPending);
      await vi.advanceTimersByTimeAsync(60_000);
      // 2, 3, 4.5, 6.75 s, then every 10 s: 9 checks in the first minute instead of 30.
      expect(checkTimes()).toEqual([0, 2000, 5000, 9500, 16_250, 26_250, 36_250, 46_250, 56_250]);
      expect(actor.getSnapshot().matches({ awaitingScan: 'polling' })).toBe(true);
      expect(pollerState()).toBe('waiting');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing while the tab is hidden, and once at once when it shows again', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checkTimes, page, pollerState } = started(inMinutes(5), stillPending);
      await vi.advanceTimersByTimeAsync(2500);
      expect(checkTimes()).toEqual([0, 2000]);
      page('PAGE_HIDDEN');
      expect(actor.getSnapshot().matches({ awaitingScan: 'polling' })).toBe(true);
      expect(pollerState()).toBe('pausedWhileHidden');
      await vi.advanceTimersByTimeAsync(120_000);
      expect(checkTimes(), 'hidden for two minutes: not one check').toEqual([0, 2000]);
      page('PAGE_VISIBLE');
      await vi.advanceTimersByTimeAsync(0);
      expect(checkTimes()).toEqual([0, 2000, 122_500]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops after five checks in a row get no answer, keeps the code on screen, and asks again when told', async () => {
    vi.useFakeTimers();
    try {
      let offlineChecks = 5;
      const { actor, checkTimes, pollerState } = started(inMinutes(10), () => (offlineChecks-- > 0 ? Promise.reject(offline) : stillPending()));
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(checkTimes()).toHaveLength(5);
      expect(actor.getSnapshot().matches({ awaitingScan: 'stoppedAfterErrors' })).toBe(true);
      expect(actor.getSnapshot().hasTag('checksStopped')).toBe(true);
      actor.send({ type: 'CHECK_AGAIN' });
      await vi.advanceTimersByTimeAsync(0);
      expect(checkTimes()).toHaveLength(5 + 1);
      expect(actor.getSnapshot().matches({ awaitingScan: 'polling' })).toBe(true);
      expect(pollerState()).toBe('waiting');
      // The code still expires when it said it would.
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(actor.getSnapshot().matches('timedOut')).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the code expires when the order says, not before', async () => {
    vi.useFakeTimers();
    try {
      // Nobody scans: the check never answers, so only the expiry can end the wait.
      const { actor } = started(new Date(Date.now() + 90_000).toISOString(), () => new Promise(() => undefined));
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('awaitingScan')).toBe(true);
      await vi.advanceTimersByTimeAsync(89_999);
      expect(actor.getSnapshot().matches('awaitingScan')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches('timedOut')).toBe(true);
      expect(actor.getSnapshot().context.errorKind).toBe('expired');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a code the server says lives for years is given up after 15 minutes, checks and all', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checkTimes } = started('2999-01-01T00:00:00.000Z', stillPending);
      await vi.advanceTimersByTimeAsync(QR_MAX_WAIT_MS - 1);
      expect(actor.getSnapshot().matches('awaitingScan')).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(actor.getSnapshot().matches('timedOut')).toBe(true);
      const asked = checkTimes().length;
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(checkTimes(), 'no check after the code is given up').toHaveLength(asked);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
