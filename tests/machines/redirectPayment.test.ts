import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import {
  checkDelayMs,
  CONFIRM_TIMEOUT_MS,
  initialPaymentContext,
  type CheckOrderInput,
  type CheckOrderResponse,
  type CreateOrderInput,
  type OrderStatus,
  type PaymentInput,
} from '../../machines/payment.shared';
import {
  creemPaymentMachine,
  digisellerPaymentMachine,
  freekassaPaymentMachine,
  nowpaymentsPaymentMachine,
  type CheckoutParams,
  type CreateRedirectOrderResponse,
} from '../../machines/redirectPayment.machine';
import { after, defaultEventLabel, describeMachinePaths, done, failure, type PathEvent } from './pathRunner';
import { assertPolling, VISIBILITY_CALLBACKS, VISIBILITY_EVENTS } from './paymentPolling';
import { assertIdempotencyKey, keyState, nextTestKey } from './paymentIdempotency';

type RedirectMachine = typeof creemPaymentMachine;

const ALLOWED_CHECKOUT = 'https://checkout.example/';
const safe = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', checkoutUrl: `${ALLOWED_CHECKOUT}session/ord-1` } } as const;
const unsafe = { code: 200, msg: 'ok', data: { orderNo: 'ord-2', checkoutUrl: 'https://evil.example/phish' } } as const;
const refused = { code: 500001, msg: 'Package not available', data: null } as const;
const checkRefused = { code: 100002, msg: 'Try again later', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });
// A coded refusal the client rejects with (a 422, say): an answer, unlike a network failure.
const refusedByServer = Object.assign(new Error('Unprocessable'), { kind: 'server', code: 422 });

const answered = (status: OrderStatus) => ({ code: 200, msg: 'ok', data: { orderNo: 'ord-1', status } }) as const;
const STATUSES: readonly OrderStatus[] = ['paid', 'pending', 'cancelled', 'failed', 'expired', 'refunded'];
const statusAnswers = STATUSES.map(answered);

const pro = { type: 'PAY', packageId: 'pkg-pro' } as const;
const vaulted = { type: 'PAY', packageId: 'pkg-max', vaultId: 'vault-7' } as const;
const resumeOf = (returnedAs: 'returned' | 'cancelled' | 'reloaded'): PaymentInput => ({
  resume: { orderNo: 'ord-9', packageId: 'pkg-pro', returnedAs },
});

const names = new Map<unknown, string>([
  [safe, 'allowed checkout'],
  [unsafe, 'foreign checkout'],
  [refused, 'refused'],
  [checkRefused, 'refused'],
  ...statusAnswers.map((answer): [unknown, string] => [answer, answer.data.status]),
]);

function label(event: AnyEventObject): string {
  if (event.type === 'PAY') return event.vaultId ? 'PAY(vault)' : 'PAY';
  const answer = names.get(event.output);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

/** The app's guard in the tests: one host is vouched for. Each new purchase gets a key, as the app's action gives it. */
function withAllowedCheckout(machine: RedirectMachine): RedirectMachine {
  return machine.provide({
    guards: { isAllowedCheckout: (_args, params: CheckoutParams) => params.checkoutUrl.startsWith(ALLOWED_CHECKOUT) },
    actions: { newIdempotencyKey: assign({ idempotencyKey: () => nextTestKey() }) },
  });
}

const STATES = [
  'choosingPackage',
  'creatingOrder',
  'redirecting',
  'confirming',
  'paid',
  'cancelled',
  'failed',
  'timedOut',
  'stoppedAfterErrors',
] as const;
type PaymentState = (typeof STATES)[number];

for (const base of [creemPaymentMachine, nowpaymentsPaymentMachine, freekassaPaymentMachine, digisellerPaymentMachine]) {
  const id = base.id;
  const machine = withAllowedCheckout(base);
  const shared: Array<PathEvent<RedirectMachine>> = [
    pro,
    vaulted,
    { type: 'RETRY' },
    { type: 'CHECK_AGAIN' },
    { type: 'CANCEL' },
    { type: 'DISMISS' },
    ...VISIBILITY_EVENTS,
    done('createOrder', safe),
    done('createOrder', unsafe),
    done('createOrder', refused),
    failure('createOrder', offline),
    failure('createOrder', refusedByServer),
    ...statusAnswers.map((answer) => done('checkOrder', answer)),
    done('checkOrder', checkRefused),
    failure('checkOrder', offline),
    after('CONFIRM_INTERVAL', `${id}.confirming.waitingToCheck`),
  ];
  const timeout = after('CONFIRM_TIMEOUT', `${id}.confirming`);

  describeMachinePaths(`${id} machine`, {
    machine,
    eventLabel: label,
    scenarios: [
      { name: 'fresh', input: { resume: null } },
      { name: 'returned', input: resumeOf('returned') },
      { name: 'reloaded', input: resumeOf('reloaded') },
      { name: 'cancelled at the provider', input: resumeOf('cancelled') },
    ],
    // The minute counts from entering confirming: taken where no check is scheduled and no failed check let time pass.
    events: (snapshot) =>
      snapshot.matches('confirming') && !snapshot.matches({ confirming: 'waitingToCheck' }) && snapshot.context.failedChecks === 0
        ? [...shared, timeout]
        : shared,
    callbacks: VISIBILITY_CALLBACKS,
    // Guards read how the order came back, whether a package is known and the failed checks in a row; the growing
    // wait is read by the delay only (the runner measures it on the real actor).
    serializeContext: (context) => ({
      returnedAs: context.returnedAs,
      hasPackage: context.packageId !== null,
      failedChecks: context.failedChecks,
      ...keyState(context),
    }),
    maxSimplePaths: 60,
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
      expect(snapshot.hasTag('busy')).toBe(is('creatingOrder') || is('redirecting') || is('confirming'));
      expect(snapshot.hasTag('awaitingProvider')).toBe(is('redirecting'));
      expect(snapshot.hasTag('paid')).toBe(is('paid'));
      expect(snapshot.hasTag('failed')).toBe(is('failed') || is('timedOut'));

      // The double-click guarantee: PAY is taken in choosingPackage only, and each start of creatingOrder asks once.
      expect(snapshot.can({ type: 'PAY', packageId: 'pkg-pro' })).toBe(is('choosingPackage'));
      // What else each state answers to; the view offers the same buttons.
      expect(snapshot.can({ type: 'CANCEL' })).toBe(is('redirecting'));
      expect(snapshot.can({ type: 'RETRY' })).toBe(is('cancelled') || is('failed'));
      expect(snapshot.can({ type: 'CHECK_AGAIN' })).toBe(is('timedOut') || is('stoppedAfterErrors'));
      expect(snapshot.can({ type: 'DISMISS' })).toBe(is('paid') || is('cancelled') || is('failed') || is('timedOut') || is('stoppedAfterErrors'));
      const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
      expect(creates).toEqual(entered('creatingOrder') ? [expect.objectContaining({ packageId: context.packageId, vaultId: context.vaultId })] : []);
      if (event.type === 'PAY') {
        expect(context).toMatchObject({ returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null });
      }
      if (event.type === 'RETRY') {
        // A new order for the same package.
        expect(is('creatingOrder')).toBe(true);
        expect(context).toMatchObject({ packageId: before?.packageId, vaultId: before?.vaultId, order: null });
        expect(context.packageId).not.toBeNull();
      }

      // The pending order is remembered exactly when the buyer leaves for the provider, with what the app needs.
      const remembered = stepCalls('rememberPendingOrder');
      const redirected = stepCalls('redirectToCheckout');
      expect(remembered).toHaveLength(entered('redirecting') ? 1 : 0);
      expect(redirected).toHaveLength(entered('redirecting') ? 1 : 0);
      if (entered('redirecting')) {
        expect(event).toEqual(done('createOrder', safe));
        const order = { orderNo: safe.data.orderNo, checkoutUrl: safe.data.checkoutUrl, paypalOrderId: null, codeUrl: null, expireTime: null };
        expect(context.order).toEqual(order);
        expect(remembered[0]?.context).toMatchObject({ order, packageId: context.packageId });
        expect(redirected[0]?.context).toMatchObject({ order });
      }

      const finished = entered('paid') || entered('cancelled') || entered('failed');
      const dismissedWaiting = event.type === 'DISMISS' && (was('timedOut') || was('stoppedAfterErrors'));
      const forgotten = stepCalls('forgetPendingOrder');
      expect(forgotten).toHaveLength(finished || dismissedWaiting ? 1 : 0);
      // The app reads which order to forget before anything is reset.
      if (dismissedWaiting) expect(forgotten[0]?.context).toMatchObject({ order: before?.order });
      const notified = stepCalls('notifyPaid');
      expect(notified).toHaveLength(entered('paid') ? 1 : 0);
      if (entered('paid')) expect(notified[0]?.context).toMatchObject({ order: { orderNo: context.order?.orderNo } });

      if (event.type === 'xstate.init') {
        const resume = context.returnedAs === null ? null : { orderNo: context.order?.orderNo, packageId: context.packageId };
        if (resume === null) {
          expect(is('choosingPackage')).toBe(true);
          expect(context).toEqual(initialPaymentContext({ resume: null }));
        } else {
          expect(resume).toEqual({ orderNo: 'ord-9', packageId: 'pkg-pro' });
          // Back from the provider's cancel link: nothing to confirm. Returned or reloaded: ask the server.
          expect(is(context.returnedAs === 'cancelled' ? 'cancelled' : 'confirming')).toBe(true);
        }
      }

      // Confirming polls the order it knows until a settled status, the time-out, or too many failures in a row.
      assertPolling(snapshot, step, { polling: ['confirming'], stoppedAfterErrors: () => 'stoppedAfterErrors' });
      if (event.type === timeout.type) {
        expect(is('timedOut')).toBe(true);
        // The order is still remembered: it may be paid later, and CHECK_AGAIN asks about it.
        expect(context.order).toBe(before?.order);
      }
      if (event.type === 'CHECK_AGAIN') expect(snapshot.matches({ confirming: 'checking' })).toBe(true);
      if (event.type === 'CANCEL') expect(was('redirecting') && is('cancelled')).toBe(true);
      if (event.type === 'DISMISS') {
        expect(is('choosingPackage')).toBe(true);
        expect(context).toEqual(initialPaymentContext({ resume: null }));
      }

      // Why it failed: the server's message, or a checkout the app would not send the buyer to (worded by the view).
      if (event.type === 'xstate.done.actor.createOrder') {
        if (event.output === safe) expect(is('redirecting')).toBe(true);
        else {
          expect(is('failed')).toBe(true);
          expect(context.order).toBeNull();
          if (event.output === unsafe) expect(context).toMatchObject({ error: null, errorKind: 'unsafeRedirect' });
          else expect(context).toMatchObject({ error: refused.msg, errorKind: 'server' });
        }
      }
      if (event.type === 'xstate.error.actor.createOrder') {
        expect(is('failed')).toBe(true);
        expect(context).toMatchObject({ error: (event as { error: Error }).error.message, errorKind: 'server', order: null });
      }
      const failedByCreate = event.type === 'xstate.done.actor.createOrder' || event.type === 'xstate.error.actor.createOrder';
      if (!(is('failed') && failedByCreate)) expect(context).toMatchObject({ error: null, errorKind: null });
    },
  });
}

describe('redirect payments', () => {
  const okCheckout = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', checkoutUrl: 'https://checkout.creem.io/s/1' } } as const;

  function started(machine: RedirectMachine, createOrder: (input: CreateOrderInput) => Promise<CreateRedirectOrderResponse>) {
    const calls: string[] = [];
    const record = (name: string) => () => {
      calls.push(name);
    };
    const actor = createActor(
      machine.provide({
        actors: {
          createOrder: fromPromise<CreateRedirectOrderResponse, CreateOrderInput>(({ input }) => createOrder(input)),
          checkOrder: fromPromise<CheckOrderResponse, CheckOrderInput>(() => new Promise(() => undefined)),
        },
        actions: {
          rememberPendingOrder: record('rememberPendingOrder'),
          forgetPendingOrder: record('forgetPendingOrder'),
          notifyPaid: record('notifyPaid'),
          redirectToCheckout: record('redirectToCheckout'),
          newIdempotencyKey: assign({ idempotencyKey: 'key-1' }),
        },
      }),
      { input: { resume: null } },
    );
    actor.start();
    return { actor, calls };
  }

  it('never redirects unless the app vouches for the checkout (the default guard refuses)', async () => {
    const { actor, calls } = started(creemPaymentMachine, () => Promise.resolve(okCheckout));
    actor.send({ type: 'PAY', packageId: 'pkg-pro' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('failed')).toBe(true));
    expect(actor.getSnapshot().context).toMatchObject({ error: null, errorKind: 'unsafeRedirect', order: null });
    expect(calls).toEqual(['forgetPendingOrder']);
    actor.stop();
  });

  it('a double click creates one order', async () => {
    const createOrder = vi.fn((_input: CreateOrderInput) => new Promise<CreateRedirectOrderResponse>(() => undefined));
    const { actor } = started(creemPaymentMachine, createOrder);
    actor.send({ type: 'PAY', packageId: 'pkg-pro' });
    actor.send({ type: 'PAY', packageId: 'pkg-pro' });
    actor.send({ type: 'PAY', packageId: 'pkg-max' });
    await Promise.resolve();
    expect(createOrder).toHaveBeenCalledTimes(1);
    expect(createOrder).toHaveBeenCalledWith({ packageId: 'pkg-pro', vaultId: null, idempotencyKey: 'key-1' });
    actor.stop();
  });

  it('checks after 2 s, then less often as nothing settles, for at most a minute', () => {
    for (const machine of [creemPaymentMachine, nowpaymentsPaymentMachine, freekassaPaymentMachine, digisellerPaymentMachine]) {
      const { CONFIRM_INTERVAL, CONFIRM_TIMEOUT } = machine.implementations.delays;
      expect(CONFIRM_TIMEOUT).toBe(60_000);
      const delay = CONFIRM_INTERVAL as (args: { context: { unsettledChecks: number } }) => number;
      expect([1, 2, 5, 9].map((unsettledChecks) => delay({ context: { unsettledChecks } }))).toEqual([1, 2, 5, 9].map(checkDelayMs));
    }
    expect(CONFIRM_TIMEOUT_MS).toBe(60_000);
  });

  it('a confirmation that gets no answer five times in a row stops asking until the buyer does', async () => {
    vi.useFakeTimers();
    try {
      const checks = vi.fn(() => Promise.reject(offline));
      const actor = createActor(
        creemPaymentMachine.provide({
          actors: {
            checkOrder: fromPromise<CheckOrderResponse, CheckOrderInput>(checks),
            watchPageVisibility: fromCallback(() => undefined),
          },
        }),
        { input: resumeOf('returned') },
      );
      actor.start();
      await vi.advanceTimersByTimeAsync(55_000);
      expect(checks).toHaveBeenCalledTimes(5);
      expect(actor.getSnapshot().value).toBe('stoppedAfterErrors');
      // Not the time-out: nothing is scheduled any more.
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(checks).toHaveBeenCalledTimes(5);
      expect(actor.getSnapshot().value).toBe('stoppedAfterErrors');
      actor.send({ type: 'CHECK_AGAIN' });
      await vi.advanceTimersByTimeAsync(0);
      expect(checks).toHaveBeenCalledTimes(6);
      expect(actor.getSnapshot().matches({ confirming: 'waitingToCheck' })).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
