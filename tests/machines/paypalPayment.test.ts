import { expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { OrderStatus, PaymentInput } from '../../machines/payment.shared';
import { paypalPaymentMachine } from '../../machines/paypalPayment.machine';
import { after, defaultEventLabel, describeMachinePaths, done, failure, type PathEvent } from './pathRunner';

const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', paypalOrderId: 'PP-1' } } as const;
const refused = { code: 500001, msg: 'Package not available', data: null } as const;
const laterRefused = { code: 100002, msg: 'Try again later', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });
const declined = new Error('Instrument declined');

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

const STATES = ['choosingPackage', 'creatingOrder', 'awaitingApproval', 'capturing', 'confirming', 'paid', 'cancelled', 'failed', 'timedOut'] as const;
type PaymentState = (typeof STATES)[number];

const shared: Array<PathEvent<typeof paypalPaymentMachine>> = [
  { type: 'PAY', packageId: 'pkg-pro' },
  { type: 'PAY', packageId: 'pkg-max', vaultId: 'vault-7' },
  { type: 'RETRY' },
  { type: 'CHECK_AGAIN' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  done('createOrder', created),
  done('createOrder', refused),
  failure('createOrder', offline),
  done('approveInPaypal', 'approved'),
  done('approveInPaypal', 'cancelled'),
  failure('approveInPaypal', declined),
  ...statusAnswers.map((answer) => done('captureOrder', answer)),
  done('captureOrder', laterRefused),
  failure('captureOrder', offline),
  ...statusAnswers.map((answer) => done('checkOrder', answer)),
  done('checkOrder', laterRefused),
  failure('checkOrder', offline),
  after('CONFIRM_INTERVAL', 'paypalPayment.confirming.waitingToCheck'),
];
const timeout = after('CONFIRM_TIMEOUT', 'paypalPayment.confirming');
const paypalOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: 'PP-1', codeUrl: null, expireTime: null };

describeMachinePaths('paypalPayment machine', {
  machine: paypalPaymentMachine,
  eventLabel: label,
  scenarios: [
    { name: 'fresh', input: { resume: null } },
    { name: 'reloaded', input: resumeOf('reloaded') },
    { name: 'returned', input: resumeOf('returned') },
    { name: 'cancelled', input: resumeOf('cancelled') },
  ],
  // The time-out is taken while a check is under way: from waitingToCheck the 2 s tick would come first.
  events: (snapshot) => (snapshot.matches({ confirming: 'checking' }) ? [...shared, timeout] : shared),
  // Guards read how the order came back, whether a package is known and whether a saved method pays; assertions check the rest.
  serializeContext: (context) => ({ returnedAs: context.returnedAs, hasPackage: context.packageId !== null, hasVault: context.vaultId !== null }),
  maxSimplePaths: 80,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    const before = previous?.context;
    const is = (state: PaymentState) => snapshot.matches(state);
    const was = (state: PaymentState) => previous?.matches(state) === true;
    const entered = (state: PaymentState) => is(state) && !was(state);

    // starting decides at once; it is never a resting state.
    expect(STATES.filter((state) => is(state))).toHaveLength(1);
    expect(snapshot.hasTag('busy')).toBe(is('creatingOrder') || is('capturing') || is('confirming'));
    expect(snapshot.hasTag('awaitingProvider')).toBe(is('awaitingApproval'));
    expect(snapshot.hasTag('paid')).toBe(is('paid'));
    expect(snapshot.hasTag('failed')).toBe(is('failed') || is('timedOut'));

    // The double-click guarantee: PAY is taken in choosingPackage only, and each start of creatingOrder asks once.
    expect(snapshot.can({ type: 'PAY', packageId: 'pkg-pro' })).toBe(is('choosingPackage'));
    // What else each state answers to; the view offers the same buttons.
    expect(snapshot.can({ type: 'CANCEL' })).toBe(is('awaitingApproval'));
    expect(snapshot.can({ type: 'RETRY' })).toBe(is('cancelled') || is('failed'));
    expect(snapshot.can({ type: 'CHECK_AGAIN' })).toBe(is('timedOut'));
    expect(snapshot.can({ type: 'DISMISS' })).toBe(is('paid') || is('cancelled') || is('failed') || is('timedOut'));
    const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
    expect(creates).toEqual(entered('creatingOrder') ? [{ packageId: context.packageId, vaultId: context.vaultId }] : []);
    if (event.type === 'PAY') expect(context).toMatchObject({ returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null });
    if (event.type === 'RETRY') {
      expect(is('creatingOrder')).toBe(true);
      expect(context).toMatchObject({ packageId: before?.packageId, vaultId: before?.vaultId, order: null });
      expect(context.packageId).not.toBeNull();
    }

    // PayPal gets both order numbers; the order is remembered exactly when it goes to PayPal: to the buyer for
    // approval, or, paid with a saved method (vault), straight to capture.
    const remembered = stepCalls('rememberPendingOrder');
    const sentWithVault = entered('capturing') && was('creatingOrder');
    expect(remembered).toHaveLength(entered('awaitingApproval') || sentWithVault ? 1 : 0);
    if (sentWithVault) {
      expect(context.vaultId).not.toBeNull();
      expect(remembered[0]?.context).toMatchObject({ order: paypalOrder, vaultId: context.vaultId });
    }
    if (entered('awaitingApproval')) expect(context.vaultId).toBeNull();
    expect(stepInvocations('approveInPaypal').map((invocation) => invocation.input)).toEqual(
      entered('awaitingApproval') ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1' }] : [],
    );
    if (entered('awaitingApproval')) {
      expect(context.order).toEqual(paypalOrder);
      expect(remembered[0]?.context).toMatchObject({ order: paypalOrder, packageId: context.packageId });
    }
    expect(stepInvocations('captureOrder').map((invocation) => invocation.input)).toEqual(entered('capturing') ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1' }] : []);
    if (event.type === 'xstate.done.actor.approveInPaypal') expect(is(event.output === 'approved' ? 'capturing' : 'cancelled')).toBe(true);
    if (event.type === 'xstate.error.actor.approveInPaypal') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: declined.message, errorKind: 'server', order: paypalOrder });
    }
    if (event.type === 'CANCEL') expect(was('awaitingApproval') && is('cancelled')).toBe(true);

    // A final capture answer settles it; anything else is asked about, never assumed.
    if (event.type === 'xstate.done.actor.captureOrder') {
      const status = event.output.code === 200 ? event.output.data.status : null;
      expect(is(status === 'paid' ? 'paid' : status === null || status === 'pending' ? 'confirming' : 'failed')).toBe(true);
    }
    if (event.type === 'xstate.error.actor.captureOrder') expect(is('confirming')).toBe(true);

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
        expect({ orderNo: context.order?.orderNo, packageId: context.packageId }).toEqual({ orderNo: 'ord-9', packageId: 'pkg-pro' });
        expect(is(context.returnedAs === 'cancelled' ? 'cancelled' : 'confirming')).toBe(true);
      }
    }

    // Confirming asks about the order it knows, every 2 s, and only a settled status ends it.
    const startedCheck = snapshot.matches({ confirming: 'checking' }) && !previous?.matches({ confirming: 'checking' });
    expect(stepInvocations('checkOrder').map((invocation) => invocation.input)).toEqual(startedCheck ? [{ orderNo: context.order?.orderNo }] : []);
    if (event.type === 'xstate.done.actor.checkOrder') {
      const status = event.output.code === 200 ? event.output.data.status : null;
      if (status === null || status === 'pending') expect(snapshot.matches({ confirming: 'waitingToCheck' })).toBe(true);
      else expect(is(status === 'paid' ? 'paid' : status === 'cancelled' ? 'cancelled' : 'failed')).toBe(true);
      expect(context.order).toBe(before?.order);
    }
    if (event.type === 'xstate.error.actor.checkOrder') expect(snapshot.matches({ confirming: 'waitingToCheck' }), 'a hiccup keeps asking').toBe(true);
    if (event.type === 'xstate.after.CONFIRM_INTERVAL.paypalPayment.confirming.waitingToCheck') expect(snapshot.matches({ confirming: 'checking' })).toBe(true);
    if (event.type === timeout.type) {
      expect(is('timedOut')).toBe(true);
      expect(context.order).toBe(before?.order);
    }
    if (event.type === 'CHECK_AGAIN') expect(snapshot.matches({ confirming: 'checking' })).toBe(true);
    if (event.type === 'DISMISS') {
      expect(is('choosingPackage')).toBe(true);
      expect(context).toEqual({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null });
    }

    // Why it failed: the server's or PayPal's message; a failed status or a time-out is worded by the view.
    if (event.type === 'xstate.done.actor.createOrder') {
      expect(is(event.output === created ? (context.vaultId === null ? 'awaitingApproval' : 'capturing') : 'failed')).toBe(true);
      if (event.output !== created) expect(context).toMatchObject({ error: refused.msg, errorKind: 'server', order: null });
    }
    if (event.type === 'xstate.error.actor.createOrder') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: offline.message, errorKind: 'server', order: null });
    }
    const reported = ['xstate.done.actor.createOrder', 'xstate.error.actor.createOrder', 'xstate.error.actor.approveInPaypal'];
    const failedWithMessage = is('failed') && reported.includes(event.type);
    if (!failedWithMessage) expect(context).toMatchObject({ error: null, errorKind: null });
  },
});

it('paypalPayment machine: checks every two seconds for at most a minute', () => {
  expect(paypalPaymentMachine.implementations.delays).toEqual({ CONFIRM_INTERVAL: 2000, CONFIRM_TIMEOUT: 60_000 });
});
