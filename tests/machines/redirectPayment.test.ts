import { describe, expect, it, vi } from 'vitest';
import { assign, createActor, fromPromise } from 'xstate';
import { ORDER_POLLING, type CreateOrderInput } from '../../machines/payment.shared';
import {
  creemPaymentMachine,
  digisellerPaymentMachine,
  freekassaPaymentMachine,
  nowpaymentsPaymentMachine,
  type CheckoutParams,
  type CreateRedirectOrderResponse,
} from '../../machines/redirectPayment.machine';
import { describeMachinePaths, done } from './pathRunner';
import {
  answered,
  assertConfirmTimings,
  assertPaymentStep,
  offline,
  paymentEvents,
  paymentPaths,
  resumeOf,
  startWithPoller,
  testKeyActions,
} from './paymentModel';

type RedirectMachine = typeof creemPaymentMachine;
const REDIRECT_MACHINES = [creemPaymentMachine, nowpaymentsPaymentMachine, freekassaPaymentMachine, digisellerPaymentMachine];

const ALLOWED_CHECKOUT = 'https://checkout.example/';
const safe = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', checkoutUrl: `${ALLOWED_CHECKOUT}session/ord-1` } } as const;
const unsafe = { code: 200, msg: 'ok', data: { orderNo: 'ord-2', checkoutUrl: 'https://evil.example/phish' } } as const;

/** The app's guard in the tests: one host is vouched for. Each new purchase gets a key, as the app's action gives it. */
function withAllowedCheckout(machine: RedirectMachine): RedirectMachine {
  return machine.provide({
    guards: { isAllowedCheckout: (_args, params: CheckoutParams) => params.checkoutUrl.startsWith(ALLOWED_CHECKOUT) },
    actions: testKeyActions,
  });
}

for (const base of REDIRECT_MACHINES) {
  const id = base.id;
  const events = paymentEvents({ created: [safe, unsafe] });

  describeMachinePaths(`${id} machine`, {
    machine: withAllowedCheckout(base),
    ...paymentPaths([
      [safe, 'allowed checkout'],
      [unsafe, 'foreign checkout'],
    ]),
    events,
    maxSimplePaths: 60,
    assertState: (snapshot, step) => {
      const { event, stepCalls } = step;
      const { context, is, entered } = assertPaymentStep(snapshot, step, {
        handOff: ['redirecting'],
        busy: ['redirecting'],
        retriesTimedOut: false,
        // Confirming polls the order it knows until a settled status, the time-out, or too many failures in a row.
        polling: [{ state: 'confirming', policy: ORDER_POLLING, stoppedAfterErrors: 'stoppedAfterErrors', timedOut: 'timedOut' }],
        failureReasons: [],
        // NOWPayments' chart knows a crypto payment settles in minutes to hours; the others settle in seconds.
        settlesSlowly: id === 'nowpaymentsPayment',
      });

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

      // A checkout the app would not send the buyer to fails the order (worded by the view).
      if (event.type === 'xstate.done.actor.createOrder' && event.output === safe) expect(is('redirecting')).toBe(true);
      if (event.type === 'xstate.done.actor.createOrder' && event.output === unsafe) {
        expect(is('failed')).toBe(true);
        expect(context).toMatchObject({ error: null, errorKind: 'unsafeRedirect', order: null });
      }
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

  it('checks at once, after 2 s, then less often as nothing settles, for at most a minute', async () => {
    for (const machine of [creemPaymentMachine, freekassaPaymentMachine, digisellerPaymentMachine]) await assertConfirmTimings(machine);
    expect(ORDER_POLLING.limitMs).toBe(60_000);
  });

  it('NOWPayments waits on a pending crypto payment for hours: after 15 s, then less often up to every 2 minutes, never while hidden', async () => {
    vi.useFakeTimers();
    try {
      const { actor, checkTimes, page, pollerState } = startWithPoller(nowpaymentsPaymentMachine, resumeOf('returned'), () =>
        Promise.resolve(answered('pending')),
      );
      // Found pending: the chart knows its provider settles slowly, and waits without a first check.
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('awaitingConfirmations');
      await vi.advanceTimersByTimeAsync(15_000 + 22_500 + 33_750 + 50_625 + 75_938 + 113_906 + 120_000);
      expect(checkTimes()).toEqual([0, 22_500, 56_250, 106_875, 182_813, 296_719, 416_719]);
      page('PAGE_HIDDEN');
      expect(pollerState()).toBe('pausedWhileHidden');
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(checkTimes()).toHaveLength(7);
      expect(actor.getSnapshot().value).toBe('awaitingConfirmations');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a confirmation that gets no answer five times in a row stops asking until the buyer does', async () => {
    vi.useFakeTimers();
    try {
      const checks = vi.fn(() => Promise.reject(offline));
      const { actor, checkTimes, pollerState } = startWithPoller(creemPaymentMachine, resumeOf('returned'), checks);
      await vi.advanceTimersByTimeAsync(55_000);
      expect(checks).toHaveBeenCalledTimes(5);
      // A failed check makes the next wait longer too: at once, then 2, 3, 4.5 and 6.75 s later.
      expect(checkTimes()).toEqual([0, 2000, 5000, 9500, 16_250]);
      expect(actor.getSnapshot().value).toBe('stoppedAfterErrors');
      expect(actor.getSnapshot().hasTag('checksStopped')).toBe(true);
      // Not the time-out: nothing is scheduled any more.
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      expect(checks).toHaveBeenCalledTimes(5);
      expect(actor.getSnapshot().value).toBe('stoppedAfterErrors');
      actor.send({ type: 'CHECK_AGAIN' });
      await vi.advanceTimersByTimeAsync(0);
      expect(checks).toHaveBeenCalledTimes(6);
      // Asked afresh: no failure counted, the shortest wait next.
      expect(actor.getSnapshot().value).toBe('confirming');
      expect(pollerState()).toBe('waiting');
      await vi.advanceTimersByTimeAsync(2000);
      expect(checks).toHaveBeenCalledTimes(7);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
