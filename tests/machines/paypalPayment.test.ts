import { expect, it } from 'vitest';
import { ORDER_POLLING } from '../../machines/payment.shared';
import { paypalPaymentMachine } from '../../machines/paypalPayment.machine';
import { describeMachinePaths, done, failure } from './pathRunner';
import {
  assertConfirmTimings,
  assertPaymentStep,
  laterRefused,
  offline,
  paymentEvents,
  paymentGraphKey,
  paymentPaths,
  statusAnswers,
  testKeyActions,
} from './paymentModel';

const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', paypalOrderId: 'PP-1', currency: 'EUR' } } as const;
/** PayPal's own error in its window (onError). */
const paypalError = new Error('Window closed unexpectedly');
/** The capture refused by PayPal for the funding source: the order waits for another one. */
const instrumentDeclined = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', status: 'pending', issue: 'INSTRUMENT_DECLINED' } } as const;

const events = paymentEvents({
  created: [created],
  handOff: [
    // What the buyer does in PayPal, reported by the running paypalCheckout callback.
    { type: 'paypal.approved' },
    { type: 'paypal.cancelled' },
    { type: 'paypal.failed', error: paypalError },
    ...statusAnswers.map((answer) => done('captureOrder', answer)),
    done('captureOrder', instrumentDeclined),
    done('captureOrder', laterRefused),
    failure('captureOrder', offline),
  ],
});
const paypalOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: 'PP-1', codeUrl: null, expireTime: null, currency: 'EUR' };

const inPaypal = (step: 'awaitingApproval' | 'capturing' | 'choosingAnotherFundingSource'): { payingInPaypal: string } => ({ payingInPaypal: step });

describeMachinePaths('paypalPayment machine', {
  machine: paypalPaymentMachine.provide({ actions: testKeyActions }),
  ...paymentPaths([
    [created, 'created'],
    [instrumentDeclined, 'INSTRUMENT_DECLINED'],
  ]),
  events,
  callbacks: { paypalCheckout: ['paypal.approved', 'paypal.cancelled', 'paypal.failed'] },
  // Guards also read whether a saved method pays.
  serializeContext: (context) => ({ ...paymentGraphKey(context), hasVault: context.vaultId !== null }),
  maxSimplePaths: 80,
  assertState: (snapshot, step) => {
    const { event, stepCalls, stepInvocations, stepReceived } = step;
    const { context, is, was, entered } = assertPaymentStep<'payingInPaypal' | 'capturing'>(snapshot, step, {
      handOff: ['payingInPaypal', 'capturing'],
      // The buyer is at PayPal while approving, and again after a declined funding source; never during the capture.
      awaiting: [inPaypal('awaitingApproval'), inPaypal('choosingAnotherFundingSource')],
      busy: ['capturing', inPaypal('capturing')],
      retriesTimedOut: false,
      // Confirming polls the order it knows until a settled status, the time-out, or too many failures in a row.
      polling: [{ state: 'confirming', policy: ORDER_POLLING, stoppedAfterErrors: 'stoppedAfterErrors', timedOut: 'timedOut' }],
      // PayPal's own message; a saved method PayPal declined.
      failureReasons: ['paypal.failed', 'xstate.done.actor.captureOrder'],
    });

    // PayPal is open for the order exactly while the chart is in payingInPaypal: started once on entering it, with
    // both order numbers and the order's currency, and stopped (the buttons taken down) on leaving it.
    expect(Object.keys(snapshot.children).includes('paypalCheckout')).toBe(is('payingInPaypal'));
    expect(stepInvocations('paypalCheckout').map((invocation) => invocation.input)).toEqual(
      entered('payingInPaypal') ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1', currency: 'EUR' }] : [],
    );

    // The order is remembered exactly when it goes to PayPal: to the buyer in PayPal, or, paid with a saved method
    // (vault), straight to capture.
    const remembered = stepCalls('rememberPendingOrder');
    const sentWithVault = entered('capturing') && was('creatingOrder');
    expect(remembered).toHaveLength(entered('payingInPaypal') || sentWithVault ? 1 : 0);
    if (sentWithVault) {
      expect(context.vaultId).not.toBeNull();
      expect(remembered[0]?.context).toMatchObject({ order: paypalOrder, vaultId: context.vaultId });
    }
    if (entered('payingInPaypal')) {
      expect(context.vaultId).toBeNull();
      expect(is(inPaypal('awaitingApproval'))).toBe(true);
      expect(context.order).toEqual(paypalOrder);
      expect(remembered[0]?.context).toMatchObject({ order: paypalOrder, packageId: context.packageId });
    }

    // Each approval is captured once, the one after a declined funding source too.
    expect(stepInvocations('captureOrder').map((invocation) => invocation.input)).toEqual(
      entered('capturing') || entered(inPaypal('capturing')) ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1' }] : [],
    );
    if (event.type === 'paypal.approved') {
      expect(was(inPaypal('awaitingApproval')) || was(inPaypal('choosingAnotherFundingSource'))).toBe(true);
      expect(is(inPaypal('capturing'))).toBe(true);
    }
    if (event.type === 'paypal.cancelled') expect(is('cancelled')).toBe(true);
    if (event.type === 'paypal.failed') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: paypalError.message, errorKind: 'server', order: paypalOrder });
    }

    // A declined funding source sends the buyer back to PayPal's choice for the same order (PayPal is told to
    // restart, nothing else); the same answer for a saved method, with no window to go back to, fails, worded.
    const declined = event.type === 'xstate.done.actor.captureOrder' && event.output === instrumentDeclined;
    expect(stepReceived('paypalCheckout')).toEqual(declined && was(inPaypal('capturing')) ? [{ type: 'paypal.restart' }] : []);
    if (declined) {
      if (was(inPaypal('capturing'))) {
        expect(is(inPaypal('choosingAnotherFundingSource'))).toBe(true);
        expect(snapshot.hasTag('fundingDeclined')).toBe(true);
        expect(context).toMatchObject({ order: paypalOrder, error: null, errorKind: null });
      } else {
        expect(is('failed')).toBe(true);
        expect(context).toMatchObject({ error: null, errorKind: 'fundingDeclined' });
      }
    } else if (event.type === 'xstate.done.actor.captureOrder') {
      // Any other final capture answer settles it; anything else is asked about, never assumed.
      const status = event.output.code === 200 ? event.output.data.status : null;
      expect(is(status === 'paid' ? 'paid' : status === null || status === 'pending' ? 'confirming' : 'failed')).toBe(true);
      expect(context).toMatchObject({ error: null, errorKind: null });
    }
    expect(snapshot.hasTag('fundingDeclined')).toBe(is(inPaypal('choosingAnotherFundingSource')));
    if (event.type === 'xstate.error.actor.captureOrder') expect(is('confirming')).toBe(true);
    if (event.type === 'xstate.done.actor.createOrder' && event.output === created)
      expect(is(context.vaultId === null ? inPaypal('awaitingApproval') : 'capturing')).toBe(true);
  },
});

it('paypalPayment machine: checks at once, after 2 s, then less often as nothing settles, for at most a minute', async () => {
  await assertConfirmTimings(paypalPaymentMachine);
});
