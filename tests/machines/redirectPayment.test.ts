import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyEventObject } from 'xstate';
import {
  CONFIRM_INTERVAL_MS,
  CONFIRM_TIMEOUT_MS,
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

type RedirectMachine = typeof creemPaymentMachine;

const ALLOWED_CHECKOUT = 'https://checkout.example/';
const safe = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', checkoutUrl: `${ALLOWED_CHECKOUT}session/ord-1` } } as const;
const unsafe = { code: 200, msg: 'ok', data: { orderNo: 'ord-2', checkoutUrl: 'https://evil.example/phish' } } as const;
const refused = { code: 500001, msg: 'Package not available', data: null } as const;
const checkRefused = { code: 100002, msg: 'Try again later', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

const answered = (status: OrderStatus) => ({ code: 200, msg: 'ok', data: { orderNo: 'ord-1', status } }) as const;
const STATUSES: readonly OrderStatus[] = ['paid', 'pending', 'cancelled', 'failed', 'expired', 'refunded'];
const statusAnswers = STATUSES.map(answered);

const pro = { type: 'PAY', packageId: 'pkg-pro' } as const;
const vaulted = { type: 'PAY', packageId: 'pkg-max', vaultId: 'vault-7' } as const;
const resumeOf = (returnedAs: 'returned' | 'cancelled' | 'reloaded'): PaymentInput => ({ resume: { orderNo: 'ord-9', packageId: 'pkg-pro', returnedAs } });

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

/** The app's guard in the tests: one host is vouched for. */
function withAllowedCheckout(machine: RedirectMachine): RedirectMachine {
  return machine.provide({ guards: { isAllowedCheckout: (_args, params: CheckoutParams) => params.checkoutUrl.startsWith(ALLOWED_CHECKOUT) } });
}

const STATES = ['choosingPackage', 'creatingOrder', 'redirecting', 'confirming', 'paid', 'cancelled', 'failed', 'timedOut'] as const;
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
    done('createOrder', safe),
    done('createOrder', unsafe),
    done('createOrder', refused),
    failure('createOrder', offline),
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
    // The time-out is taken while a check is under way: from waitingToCheck the 2 s tick would come first.
    events: (snapshot) => (snapshot.matches({ confirming: 'checking' }) ? [...shared, timeout] : shared),
    // Guards read how the order came back and whether a package is known; assertions check the rest.
    serializeContext: (context) => ({ returnedAs: context.returnedAs, hasPackage: context.packageId !== null }),
    maxSimplePaths: 60,
    assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
      const { context } = snapshot;
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
      expect(snapshot.can({ type: 'CHECK_AGAIN' })).toBe(is('timedOut'));
      expect(snapshot.can({ type: 'DISMISS' })).toBe(is('paid') || is('cancelled') || is('failed') || is('timedOut'));
      const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
      expect(creates).toEqual(entered('creatingOrder') ? [{ packageId: context.packageId, vaultId: context.vaultId }] : []);
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
      const dismissedWaiting = event.type === 'DISMISS' && was('timedOut');
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
          expect(context).toEqual({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null });
        } else {
          expect(resume).toEqual({ orderNo: 'ord-9', packageId: 'pkg-pro' });
          // Back from the provider's cancel link: nothing to confirm. Returned or reloaded: ask the server.
          expect(is(context.returnedAs === 'cancelled' ? 'cancelled' : 'confirming')).toBe(true);
        }
      }

      // Confirming asks about the order it knows, every 2 s, and only a settled status ends it.
      const checks = stepInvocations('checkOrder').map((invocation) => invocation.input);
      const startedCheck = snapshot.matches({ confirming: 'checking' }) && !previous?.matches({ confirming: 'checking' });
      expect(checks).toEqual(startedCheck ? [{ orderNo: context.order?.orderNo }] : []);
      if (event.type === 'xstate.done.actor.checkOrder') {
        const status = event.output.code === 200 ? event.output.data.status : null;
        const expected = status === 'paid' ? 'paid' : status === 'cancelled' ? 'cancelled' : status === null || status === 'pending' ? 'waiting' : 'failed';
        if (expected === 'waiting') expect(snapshot.matches({ confirming: 'waitingToCheck' })).toBe(true);
        else expect(is(expected)).toBe(true);
        expect(context.order).toBe(before?.order);
      }
      if (event.type === 'xstate.error.actor.checkOrder') expect(snapshot.matches({ confirming: 'waitingToCheck' }), 'a hiccup keeps asking').toBe(true);
      if (event.type === `xstate.after.CONFIRM_INTERVAL.${id}.confirming.waitingToCheck`) expect(snapshot.matches({ confirming: 'checking' })).toBe(true);
      if (event.type === timeout.type) {
        expect(is('timedOut')).toBe(true);
        // The order is still remembered: it may be paid later, and CHECK_AGAIN asks about it.
        expect(context.order).toBe(before?.order);
      }
      if (event.type === 'CHECK_AGAIN') expect(snapshot.matches({ confirming: 'checking' })).toBe(true);
      if (event.type === 'CANCEL') expect(was('redirecting') && is('cancelled')).toBe(true);
      if (event.type === 'DISMISS') {
        expect(is('choosingPackage')).toBe(true);
        expect(context).toEqual({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null });
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
        expect(context).toMatchObject({ error: offline.message, errorKind: 'server', order: null });
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
    expect(createOrder).toHaveBeenCalledWith({ packageId: 'pkg-pro', vaultId: null });
    actor.stop();
  });

  it('checks every two seconds for at most a minute', () => {
    for (const machine of [creemPaymentMachine, nowpaymentsPaymentMachine, freekassaPaymentMachine, digisellerPaymentMachine]) {
      expect(machine.implementations.delays).toEqual({ CONFIRM_INTERVAL: 2000, CONFIRM_TIMEOUT: 60_000 });
    }
    expect([CONFIRM_INTERVAL_MS, CONFIRM_TIMEOUT_MS]).toEqual([2000, 60_000]);
  });
});
