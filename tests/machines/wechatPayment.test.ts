import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { checkDelayMs as policyDelayMs } from '../../machines/polling.machine';
import {
  CHECK_DELAY_STEPS,
  ORDER_POLLING,
  MAX_FAILED_CHECKS,
  QR_MAX_WAIT_MS,
  qrExpiryMs,
  type CheckOrderInput,
  type CheckOrderResponse,
  type CreateOrderInput,
} from '../../machines/payment.shared';
import { wechatPaymentMachine, type CreateWechatOrderResponse } from '../../machines/wechatPayment.machine';
import { after, describeMachinePaths } from './pathRunner';
import { answered, assertPaymentStep, offline, paymentEvents, paymentPaths, testKeyActions } from './paymentModel';

// Five minutes from now: replay measures the code's life with the fake clock, which starts at the real time.
const expireTime = new Date(Date.now() + 5 * 60_000).toISOString();
const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expireTime } } as const;

const shared = paymentEvents({ created: [created], polling: ['wechatPayment.awaitingScan', 'wechatPayment.confirming'] });
const expiry = after('QR_EXPIRY', 'wechatPayment.awaitingScan');
const timeout = after('CONFIRM_TIMEOUT', 'wechatPayment.confirming');
const qrOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: null, codeUrl: created.data.codeUrl, expireTime };

describeMachinePaths('wechatPayment machine', {
  machine: wechatPaymentMachine.provide({ actions: testKeyActions }),
  ...paymentPaths([[created, 'created']]),
  // Time-outs are taken where no check is scheduled (asking, paused, stopped): from waitingToCheck the tick comes first.
  events: (snapshot) => {
    if (snapshot.matches({ awaitingScan: 'waitingToCheck' }) || snapshot.matches({ confirming: 'waitingToCheck' })) return shared;
    // The code's expiry is a moment; the confirmation's minute counts from entering, so it is taken only where no
    // failed check has let time pass.
    if (snapshot.matches('awaitingScan')) return [...shared, expiry];
    if (snapshot.matches('confirming') && snapshot.context.failedChecks === 0) return [...shared, timeout];
    return shared;
  },
  maxSimplePaths: 80,
  assertState: (snapshot, step) => {
    const { event, stepCalls } = step;
    const { context, before, is, entered } = assertPaymentStep(snapshot, step, {
      handOff: ['awaitingScan'],
      busy: [],
      // An expired code: a new order, so a new code, for the same package.
      retriesTimedOut: true,
      // Both the code and a confirmation poll the order; a stopped code stays on screen, a stopped confirmation ends.
      polling: {
        polling: ['awaitingScan', 'confirming'],
        stoppedAfterErrors: (polling) => (polling === 'awaitingScan' ? { awaitingScan: 'stoppedAfterErrors' } : 'stoppedAfterErrors'),
      },
      // An expired code is worded by the view.
      failureReasons: [expiry.type],
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
  },
});

describe('wechatPayment timings', () => {
  const checkDelayMs = (unsettledChecks: number) => policyDelayMs(ORDER_POLLING, unsettledChecks);
  it('waits 2 s after the first check, half as long again after each one that settles nothing, 10 s at most; a confirmation lasts at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 20].map(checkDelayMs)).toEqual([2000, 3000, 4500, 6750, 10_000, 10_000, 10_000]);
    // The counter stops where the wait stops growing, so the context stays small.
    expect(checkDelayMs(CHECK_DELAY_STEPS - 1)).toBeLessThan(10_000);
    expect(checkDelayMs(CHECK_DELAY_STEPS)).toBe(10_000);
    expect(wechatPaymentMachine.implementations.delays).toMatchObject({ CONFIRM_TIMEOUT: 60_000 });
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

  /** A started machine whose checks answer as `check` says and whose tab the test hides and shows. */
  function started(expireTime: string, check: () => Promise<CheckOrderResponse>) {
    const checks: number[] = [];
    let visibility: ((event: { type: 'PAGE_HIDDEN' } | { type: 'PAGE_VISIBLE' }) => void) | null = null;
    const actor = createActor(
      wechatPaymentMachine.provide({
        actors: {
          createOrder: fromPromise<CreateWechatOrderResponse, CreateOrderInput>(() =>
            Promise.resolve({ ...created, data: { ...created.data, expireTime } }),
          ),
          checkOrder: fromPromise<CheckOrderResponse, CheckOrderInput>(() => {
            checks.push(Date.now());
            return check();
          }),
          watchPageVisibility: fromCallback(({ sendBack }) => {
            visibility = sendBack;
            return () => {
              visibility = null;
            };
          }),
        },
        actions: { rememberPendingOrder: () => undefined, forgetPendingOrder: () => undefined, newIdempotencyKey: () => undefined },
      }),
      { input: { resume: null } },
    );
    actor.start();
    actor.send({ type: 'PAY', packageId: 'pkg-pro' });
    return {
      actor,
      /** Milliseconds from the first check to each check. */
      checkTimes: () => checks.map((at) => at - (checks[0] ?? at)),
      page: (type: 'PAGE_HIDDEN' | 'PAGE_VISIBLE') => visibility?.({ type }),
    };
  }

  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
  const stillPending = () => Promise.resolve(answered('pending'));

  it('asks less and less often while nobody pays', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checkTimes } = started(inMinutes(5), stillPending);
      await vi.advanceTimersByTimeAsync(60_000);
      // 2, 3, 4.5, 6.75 s, then every 10 s: 9 checks in the first minute instead of 30.
      expect(checkTimes()).toEqual([0, 2000, 5000, 9500, 16_250, 26_250, 36_250, 46_250, 56_250]);
      expect(actor.getSnapshot().matches({ awaitingScan: 'waitingToCheck' })).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks nothing while the tab is hidden, and once at once when it shows again', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checkTimes, page } = started(inMinutes(5), stillPending);
      await vi.advanceTimersByTimeAsync(2500);
      expect(checkTimes()).toEqual([0, 2000]);
      page('PAGE_HIDDEN');
      expect(actor.getSnapshot().matches({ awaitingScan: 'pausedWhileHidden' })).toBe(true);
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
      let offlineChecks = MAX_FAILED_CHECKS;
      const { actor, checkTimes } = started(inMinutes(10), () => (offlineChecks-- > 0 ? Promise.reject(offline) : stillPending()));
      await vi.advanceTimersByTimeAsync(5 * 60_000);
      expect(checkTimes()).toHaveLength(MAX_FAILED_CHECKS);
      expect(actor.getSnapshot().matches({ awaitingScan: 'stoppedAfterErrors' })).toBe(true);
      expect(actor.getSnapshot().hasTag('checksStopped')).toBe(true);
      actor.send({ type: 'CHECK_AGAIN' });
      await vi.advanceTimersByTimeAsync(0);
      expect(checkTimes()).toHaveLength(MAX_FAILED_CHECKS + 1);
      expect(actor.getSnapshot().matches({ awaitingScan: 'waitingToCheck' })).toBe(true);
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
