import { expect, it } from 'vitest';
import { assign, type AnyEventObject } from 'xstate';
import { checkDelayMs, initialPaymentContext, type OrderStatus, type PaymentInput } from '../../machines/payment.shared';
import { paypalPaymentMachine } from '../../machines/paypalPayment.machine';
import { after, defaultEventLabel, describeMachinePaths, done, failure, type PathEvent } from './pathRunner';
import { assertPolling, VISIBILITY_CALLBACKS, VISIBILITY_EVENTS } from './paymentPolling';
import { assertIdempotencyKey, keyState, nextTestKey } from './paymentIdempotency';

const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', paypalOrderId: 'PP-1' } } as const;
const refused = { code: 500001, msg: 'Package not available', data: null } as const;
const laterRefused = { code: 100002, msg: 'Try again later', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });
// A coded refusal the client rejects with (a 422, say): an answer, unlike a network failure.
const refusedByServer = Object.assign(new Error('Unprocessable'), { kind: 'server', code: 422 });
const declined = new Error('Instrument declined');

const answered = (status: OrderStatus) => ({ code: 200, msg: 'ok', data: { orderNo: 'ord-1', status } }) as const;
const STATUSES: readonly OrderStatus[] = ['paid', 'pending', 'cancelled', 'failed', 'expired', 'refunded'];
const statusAnswers = STATUSES.map(answered);

const resumeOf = (returnedAs: 'returned' | 'cancelled' | 'reloaded'): PaymentInput => ({
  resume: { orderNo: 'ord-9', packageId: 'pkg-pro', returnedAs },
});

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

const STATES = [
  'choosingPackage',
  'creatingOrder',
  'awaitingApproval',
  'capturing',
  'confirming',
  'paid',
  'cancelled',
  'failed',
  'timedOut',
  'stoppedAfterErrors',
] as const;
type PaymentState = (typeof STATES)[number];

const shared: Array<PathEvent<typeof paypalPaymentMachine>> = [
  { type: 'PAY', packageId: 'pkg-pro' },
  { type: 'PAY', packageId: 'pkg-max', vaultId: 'vault-7' },
  { type: 'RETRY' },
  { type: 'CHECK_AGAIN' },
  { type: 'CANCEL' },
  { type: 'DISMISS' },
  ...VISIBILITY_EVENTS,
  done('createOrder', created),
  done('createOrder', refused),
  failure('createOrder', offline),
  failure('createOrder', refusedByServer),
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
  // Each new purchase gets a key, as the app's action gives it.
  machine: paypalPaymentMachine.provide({ actions: { newIdempotencyKey: assign({ idempotencyKey: () => nextTestKey() }) } }),
  eventLabel: label,
  scenarios: [
    { name: 'fresh', input: { resume: null } },
    { name: 'reloaded', input: resumeOf('reloaded') },
    { name: 'returned', input: resumeOf('returned') },
    { name: 'cancelled', input: resumeOf('cancelled') },
  ],
  // The minute counts from entering confirming: taken where no check is scheduled and no failed check let time pass.
  events: (snapshot) =>
    snapshot.matches('confirming') && !snapshot.matches({ confirming: 'waitingToCheck' }) && snapshot.context.failedChecks === 0
      ? [...shared, timeout]
      : shared,
  callbacks: VISIBILITY_CALLBACKS,
  // Guards read how the order came back, whether a package is known, whether a saved method pays and the failed checks
  // in a row; the growing wait is read by the delay only (the runner measures it on the real actor).
  serializeContext: (context) => ({
    returnedAs: context.returnedAs,
    hasPackage: context.packageId !== null,
    hasVault: context.vaultId !== null,
    failedChecks: context.failedChecks,
    ...keyState(context),
  }),
  maxSimplePaths: 80,
  assertState: (snapshot, step) => {
    const { event, previous, stepCalls, stepInvocations } = step;
    const { context } = snapshot;
    // A fresh key per purchase, the same one after a lost answer.
    assertIdempotencyKey(snapshot, step);
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
    expect(snapshot.can({ type: 'CHECK_AGAIN' })).toBe(is('timedOut') || is('stoppedAfterErrors'));
    expect(snapshot.can({ type: 'DISMISS' })).toBe(is('paid') || is('cancelled') || is('failed') || is('timedOut') || is('stoppedAfterErrors'));
    const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
    expect(creates).toEqual(entered('creatingOrder') ? [expect.objectContaining({ packageId: context.packageId, vaultId: context.vaultId })] : []);
    if (event.type === 'PAY')
      expect(context).toMatchObject({ returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null });
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
    expect(stepInvocations('captureOrder').map((invocation) => invocation.input)).toEqual(
      entered('capturing') ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1' }] : [],
    );
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
    const dismissedWaiting = event.type === 'DISMISS' && (was('timedOut') || was('stoppedAfterErrors'));
    const forgotten = stepCalls('forgetPendingOrder');
    expect(forgotten).toHaveLength(finished || dismissedWaiting ? 1 : 0);
    if (dismissedWaiting) expect(forgotten[0]?.context).toMatchObject({ order: before?.order });
    const notified = stepCalls('notifyPaid');
    expect(notified).toHaveLength(entered('paid') ? 1 : 0);
    if (entered('paid')) expect(notified[0]?.context).toMatchObject({ order: { orderNo: context.order?.orderNo } });

    if (event.type === 'xstate.init') {
      if (context.returnedAs === null) {
        expect(is('choosingPackage')).toBe(true);
        expect(context).toEqual(initialPaymentContext({ resume: null }));
      } else {
        expect({ orderNo: context.order?.orderNo, packageId: context.packageId }).toEqual({ orderNo: 'ord-9', packageId: 'pkg-pro' });
        expect(is(context.returnedAs === 'cancelled' ? 'cancelled' : 'confirming')).toBe(true);
      }
    }

    // Confirming polls the order it knows until a settled status, the time-out, or too many failures in a row.
    assertPolling(snapshot, step, { polling: ['confirming'], stoppedAfterErrors: () => 'stoppedAfterErrors' });
    if (event.type === timeout.type) {
      expect(is('timedOut')).toBe(true);
      expect(context.order).toBe(before?.order);
    }
    if (event.type === 'CHECK_AGAIN') expect(snapshot.matches({ confirming: 'checking' })).toBe(true);
    if (event.type === 'DISMISS') {
      expect(is('choosingPackage')).toBe(true);
      expect(context).toEqual(initialPaymentContext({ resume: null }));
    }

    // Why it failed: the server's or PayPal's message; a failed status or a time-out is worded by the view.
    if (event.type === 'xstate.done.actor.createOrder') {
      expect(is(event.output === created ? (context.vaultId === null ? 'awaitingApproval' : 'capturing') : 'failed')).toBe(true);
      if (event.output !== created) expect(context).toMatchObject({ error: refused.msg, errorKind: 'server', order: null });
    }
    if (event.type === 'xstate.error.actor.createOrder') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: (event as { error: Error }).error.message, errorKind: 'server', order: null });
    }
    const reported = ['xstate.done.actor.createOrder', 'xstate.error.actor.createOrder', 'xstate.error.actor.approveInPaypal'];
    const failedWithMessage = is('failed') && reported.includes(event.type);
    if (!failedWithMessage) expect(context).toMatchObject({ error: null, errorKind: null });
  },
});

it('paypalPayment machine: checks after 2 s, then less often as nothing settles, for at most a minute', () => {
  const { CONFIRM_INTERVAL, CONFIRM_TIMEOUT } = paypalPaymentMachine.implementations.delays;
  expect(CONFIRM_TIMEOUT).toBe(60_000);
  const delay = CONFIRM_INTERVAL as (args: { context: { unsettledChecks: number } }) => number;
  expect([1, 2, 5, 9].map((unsettledChecks) => delay({ context: { unsettledChecks } }))).toEqual([1, 2, 5, 9].map(checkDelayMs));
  expect(delay({ context: { unsettledChecks: 1 } })).toBe(2000);
});
