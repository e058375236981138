import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import {
  QR_FALLBACK_EXPIRY_MS,
  qrExpiryMs,
  type CheckOrderInput,
  type CheckOrderResponse,
  type CreateOrderInput,
  type OrderStatus,
  type PaymentInput,
} from '../../machines/payment.shared';
import { wechatPaymentMachine, type CreateWechatOrderResponse } from '../../machines/wechatPayment.machine';
import { after, defaultEventLabel, describeMachinePaths, done, failure, type PathEvent } from './pathRunner';

// Five minutes from now: replay measures the code's life with the fake clock, which starts at the real time.
const expireTime = new Date(Date.now() + 5 * 60_000).toISOString();
const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', codeUrl: 'weixin://wxpay/bizpayurl?pr=abc', expireTime } } as const;
const refused = { code: 500001, msg: 'Package not available', data: null } as const;
const laterRefused = { code: 100002, msg: 'Try again later', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

const answered = (status: OrderStatus) => ({ code: 200, msg: 'ok', data: { orderNo: 'ord-1', status } }) as const;
const STATUSES: readonly OrderStatus[] = ['paid', 'pending', 'cancelled', 'failed', 'expired', 'refunded'];
const statusAnswers = STATUSES.map(answered);

const resumeOf = (returnedAs: 'returned' | 'cancelled' | 'reloaded'): PaymentInput => ({ resume: { orderNo: 'ord-9', packageId: 'pkg-pro', returnedAs } });

const names = new Map<unknown, string>([
  [created, 'created'],
  [refused, 'refused'],
  [laterRefused, 'refused'],
  ...statusAnswers.map((answer): [unknown, string] => [answer, answer.data.status]),
]);

function label(event: AnyEventObject): string {
  if (event.type === 'PAY') return event.vaultId ? 'PAY(vault)' : 'PAY';
  const answer = names.get(event.output);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

const STATES = ['choosingPackage', 'creatingOrder', 'awaitingScan', 'confirming', 'paid', 'cancelled', 'failed', 'timedOut'] as const;
type PaymentState = (typeof STATES)[number];
const POLLING = ['awaitingScan', 'confirming'] as const;

const shared: Array<PathEvent<typeof wechatPaymentMachine>> = [
  { type: 'PAY', packageId: 'pkg-pro' },
  { type: 'PAY', packageId: 'pkg-max', vaultId: 'vault-7' },
  { type: 'RETRY' },
  { type: 'CHECK_AGAIN' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  done('createOrder', created),
  done('createOrder', refused),
  failure('createOrder', offline),
  ...statusAnswers.map((answer) => done('checkOrder', answer)),
  done('checkOrder', laterRefused),
  failure('checkOrder', offline),
  after('CONFIRM_INTERVAL', 'wechatPayment.awaitingScan.waitingToCheck'),
  after('CONFIRM_INTERVAL', 'wechatPayment.confirming.waitingToCheck'),
];
const expiry = after('QR_EXPIRY', 'wechatPayment.awaitingScan');
const timeout = after('CONFIRM_TIMEOUT', 'wechatPayment.confirming');
const qrOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: null, codeUrl: created.data.codeUrl, expireTime };

describeMachinePaths('wechatPayment machine', {
  machine: wechatPaymentMachine,
  eventLabel: label,
  scenarios: [
    { name: 'fresh', input: { resume: null } },
    { name: 'reloaded', input: resumeOf('reloaded') },
    { name: 'returned', input: resumeOf('returned') },
    { name: 'cancelled', input: resumeOf('cancelled') },
  ],
  // Time-outs are taken while a check is under way: from waitingToCheck the 2 s tick would come first.
  events: (snapshot) => {
    if (snapshot.matches({ awaitingScan: 'checking' })) return [...shared, expiry];
    if (snapshot.matches({ confirming: 'checking' })) return [...shared, timeout];
    return shared;
  },
  // Guards read how the order came back and whether a package is known; assertions check the rest.
  serializeContext: (context) => ({ returnedAs: context.returnedAs, hasPackage: context.packageId !== null }),
  maxSimplePaths: 80,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    const before = previous?.context;
    const is = (state: PaymentState) => snapshot.matches(state);
    const was = (state: PaymentState) => previous?.matches(state) === true;
    const entered = (state: PaymentState) => is(state) && !was(state);

    // starting decides at once; it is never a resting state.
    expect(STATES.filter((state) => is(state))).toHaveLength(1);
    expect(snapshot.hasTag('busy')).toBe(is('creatingOrder') || is('confirming'));
    expect(snapshot.hasTag('awaitingProvider')).toBe(is('awaitingScan'));
    expect(snapshot.hasTag('paid')).toBe(is('paid'));
    expect(snapshot.hasTag('failed')).toBe(is('failed') || is('timedOut'));

    // The double-click guarantee: PAY is taken in choosingPackage only, and each start of creatingOrder asks once.
    expect(snapshot.can({ type: 'PAY', packageId: 'pkg-pro' })).toBe(is('choosingPackage'));
    // What else each state answers to; the view offers the same buttons.
    expect(snapshot.can({ type: 'CANCEL' })).toBe(is('awaitingScan'));
    expect(snapshot.can({ type: 'RETRY' })).toBe(is('cancelled') || is('failed') || is('timedOut'));
    expect(snapshot.can({ type: 'CHECK_AGAIN' })).toBe(is('timedOut'));
    expect(snapshot.can({ type: 'DISMISS' })).toBe(is('paid') || is('cancelled') || is('failed') || is('timedOut'));
    const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
    expect(creates).toEqual(entered('creatingOrder') ? [{ packageId: context.packageId, vaultId: context.vaultId }] : []);
    if (event.type === 'PAY') expect(context).toMatchObject({ returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null });
    if (event.type === 'RETRY') {
      // A new order, so a new code, for the same package.
      expect(was('cancelled') || was('failed') || was('timedOut')).toBe(true);
      expect(is('creatingOrder')).toBe(true);
      expect(context).toMatchObject({ packageId: before?.packageId, vaultId: before?.vaultId, order: null, error: null, errorKind: null });
      expect(context.packageId).not.toBeNull();
    }

    // The code is shown, and the order remembered, exactly when an order was created.
    const remembered = stepCalls('rememberPendingOrder');
    expect(remembered).toHaveLength(entered('awaitingScan') ? 1 : 0);
    if (entered('awaitingScan')) {
      expect(context.order).toEqual(qrOrder);
      expect(remembered[0]?.context).toMatchObject({ order: qrOrder, packageId: context.packageId });
    }
    if (event.type === 'CANCEL') expect(was('awaitingScan') && is('cancelled')).toBe(true);
    if (event.type === expiry.type) {
      expect(is('timedOut')).toBe(true);
      expect(context).toMatchObject({ error: null, errorKind: 'expired', order: before?.order });
    }

    const finished = entered('paid') || entered('cancelled') || entered('failed');
    const dismissedWaiting = event.type === 'DISMISS' && was('timedOut');
    const forgotten = stepCalls('forgetPendingOrder');
    expect(forgotten).toHaveLength(finished || dismissedWaiting ? 1 : 0);
    if (dismissedWaiting) expect(forgotten[0]?.context).toMatchObject({ order: before?.order });
    const notified = stepCalls('notifyPaid');
    expect(notified).toHaveLength(entered('paid') ? 1 : 0);
    if (entered('paid')) expect(notified[0]?.context).toMatchObject({ order: { orderNo: context.order?.orderNo } });

    if (event.type === 'xstate.init') {
      if (context.returnedAs === null) {
        expect(is('choosingPackage')).toBe(true);
        expect(context).toEqual({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null });
      } else {
        // The code is not shown again after a reload: the order is confirmed.
        expect({ orderNo: context.order?.orderNo, packageId: context.packageId }).toEqual({ orderNo: 'ord-9', packageId: 'pkg-pro' });
        expect(is(context.returnedAs === 'cancelled' ? 'cancelled' : 'confirming')).toBe(true);
      }
    }

    // Both the code and a confirmation ask about the order every 2 s; only a settled status ends it.
    const polling = POLLING.find((state) => is(state));
    const startedCheck = polling !== undefined && snapshot.matches({ [polling]: 'checking' }) && !previous?.matches({ [polling]: 'checking' });
    expect(stepInvocations('checkOrder').map((invocation) => invocation.input)).toEqual(startedCheck ? [{ orderNo: context.order?.orderNo }] : []);
    const pollingBefore = POLLING.find((state) => was(state));
    if (event.type === 'xstate.done.actor.checkOrder') {
      const status = event.output.code === 200 ? event.output.data.status : null;
      if (status === null || status === 'pending') expect(pollingBefore && snapshot.matches({ [pollingBefore]: 'waitingToCheck' })).toBe(true);
      else expect(is(status === 'paid' ? 'paid' : status === 'cancelled' ? 'cancelled' : 'failed')).toBe(true);
      expect(context.order).toBe(before?.order);
    }
    if (event.type === 'xstate.error.actor.checkOrder') {
      expect(pollingBefore && snapshot.matches({ [pollingBefore]: 'waitingToCheck' }), 'a hiccup keeps asking').toBe(true);
    }
    if (event.type.startsWith('xstate.after.CONFIRM_INTERVAL.')) expect(pollingBefore && snapshot.matches({ [pollingBefore]: 'checking' })).toBe(true);
    if (event.type === timeout.type) {
      expect(is('timedOut')).toBe(true);
      expect(context.order).toBe(before?.order);
    }
    if (event.type === 'CHECK_AGAIN') {
      expect(snapshot.matches({ confirming: 'checking' })).toBe(true);
      expect(context.order).toBe(before?.order);
    }
    if (event.type === 'DISMISS') {
      expect(is('choosingPackage')).toBe(true);
      expect(context).toEqual({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null });
    }

    // Why it failed: the server's message; an expired code is worded by the view.
    if (event.type === 'xstate.done.actor.createOrder') {
      expect(is(event.output === created ? 'awaitingScan' : 'failed')).toBe(true);
      if (event.output !== created) expect(context).toMatchObject({ error: refused.msg, errorKind: 'server', order: null });
    }
    if (event.type === 'xstate.error.actor.createOrder') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: offline.message, errorKind: 'server', order: null });
    }
    const failedWithMessage = is('failed') && (event.type === 'xstate.done.actor.createOrder' || event.type === 'xstate.error.actor.createOrder');
    if (!failedWithMessage && !(is('timedOut') && event.type === expiry.type)) expect(context).toMatchObject({ error: null, errorKind: null });
  },
});

describe('wechatPayment timings', () => {
  it('checks every two seconds; a confirmation lasts at most a minute', () => {
    expect(wechatPaymentMachine.implementations.delays).toMatchObject({ CONFIRM_INTERVAL: 2000, CONFIRM_TIMEOUT: 60_000 });
  });

  it('the code lives until the server says it expires', () => {
    const now = Date.parse('2026-05-01T12:00:00.000Z');
    expect(qrExpiryMs('2026-05-01T12:05:00.000Z', now)).toBe(5 * 60_000);
    expect(qrExpiryMs('2026-05-01T11:59:00.000Z', now), 'already expired: at once').toBe(0);
    expect(qrExpiryMs('not a time', now), 'unreadable: WeChat’s default life').toBe(QR_FALLBACK_EXPIRY_MS);
    expect(qrExpiryMs(null, now)).toBe(QR_FALLBACK_EXPIRY_MS);
    expect(qrExpiryMs('2099-01-01T00:00:00.000Z', now), 'beyond what a timer can wait').toBe(2 ** 31 - 1);
  });

  it('the code expires when the order says, not before', async () => {
    vi.useFakeTimers();
    try {
      const expiresIn90s = { ...created, data: { ...created.data, expireTime: new Date(Date.now() + 90_000).toISOString() } };
      const actor = createActor(
        wechatPaymentMachine.provide({
          actors: {
            createOrder: fromPromise<CreateWechatOrderResponse, CreateOrderInput>(() => Promise.resolve(expiresIn90s)),
            // Nobody scans: the check never answers, so only the expiry can end the wait.
            checkOrder: fromPromise<CheckOrderResponse, CheckOrderInput>(() => new Promise(() => undefined)),
          },
          actions: { rememberPendingOrder: () => undefined },
        }),
        { input: { resume: null } },
      );
      actor.start();
      actor.send({ type: 'PAY', packageId: 'pkg-pro' });
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
});
