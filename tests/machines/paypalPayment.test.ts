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

/** An order the API priced in another currency than the catalogue's (USD in these tests), and one in the catalogue's. */
const created = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', paypalOrderId: 'PP-1', currency: 'EUR', amount: 46 } } as const;
const createdInUsd = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', paypalOrderId: 'PP-1', currency: 'USD' } } as const;
/** PayPal's own error in its window (onError). */
const paypalError = new Error('Window closed unexpectedly');
/** The capture refused by PayPal for the funding source: the order waits for another one. */
const instrumentDeclined = { code: 200, msg: 'ok', data: { orderNo: 'ord-1', status: 'pending', issue: 'INSTRUMENT_DECLINED' } } as const;

const events = paymentEvents({
  created: [created, createdInUsd],
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
const paypalOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: 'PP-1', codeUrl: null, expireTime: null, currency: 'EUR', amount: 46 };
const usdOrder = { orderNo: 'ord-1', checkoutUrl: null, paypalOrderId: 'PP-1', codeUrl: null, expireTime: null, currency: 'USD' };

const inPaypal = (step: 'awaitingApproval' | 'capturingWhilePaypalWaits' | 'choosingAnotherFundingSource'): { payingInPaypal: string } => ({
  payingInPaypal: step,
});

describeMachinePaths('paypalPayment machine', {
  // The app's guard in the tests: the catalogue is priced in USD.
  machine: paypalPaymentMachine.provide({ actions: testKeyActions, guards: { isInCatalogueCurrency: (_, { currency }) => currency === 'USD' } }),
  ...paymentPaths([
    [created, 'created in EUR'],
    [createdInUsd, 'created in USD'],
    [instrumentDeclined, 'INSTRUMENT_DECLINED'],
  ]),
  events,
  callbacks: { paypalCheckout: ['paypal.approved', 'paypal.cancelled', 'paypal.failed'] },
  // Guards also read whether a saved method pays.
  serializeContext: (context) => ({ ...paymentGraphKey(context), hasVault: context.vaultId !== null }),
  maxSimplePaths: 80,
  assertState: (snapshot, step) => {
    const { event, stepCalls, stepInvocations, stepReceived } = step;
    const { context, before, is, was, entered } = assertPaymentStep<'payingInPaypal' | 'confirmingCurrency' | 'capturing'>(snapshot, step, {
      handOff: ['payingInPaypal', 'confirmingCurrency', 'capturing'],
      // The buyer is at PayPal while approving, and again after a declined funding source; never during the capture.
      awaiting: [inPaypal('awaitingApproval'), inPaypal('choosingAnotherFundingSource')],
      busy: ['capturing', inPaypal('capturingWhilePaypalWaits')],
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
      entered('payingInPaypal') ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1', currency: context.order?.currency }] : [],
    );

    // The order is remembered exactly when it goes to PayPal: to the buyer in PayPal, or, paid with a saved method
    // (vault), to the capture (at once, or once the buyer confirmed the order's own currency).
    const remembered = stepCalls('rememberPendingOrder');
    const sentWithVault = entered('capturing') && (was('creatingOrder') || was('confirmingCurrency'));
    expect(remembered).toHaveLength(entered('payingInPaypal') || sentWithVault ? 1 : 0);
    if (sentWithVault) {
      expect(context.vaultId).not.toBeNull();
      expect(remembered[0]?.context).toMatchObject({ order: was('creatingOrder') ? usdOrder : paypalOrder, vaultId: context.vaultId });
    }
    if (entered('payingInPaypal')) {
      expect(context.vaultId).toBeNull();
      expect(is(inPaypal('awaitingApproval'))).toBe(true);
      expect([paypalOrder, usdOrder]).toContainEqual(context.order);
      expect(remembered[0]?.context).toMatchObject({ order: context.order, packageId: context.packageId });
    }
    // A saved method is charged in the currency the buyer confirmed: an order in another one is confirmed again first,
    // with nothing charged or remembered until then.
    if (entered('confirmingCurrency')) {
      expect(was('creatingOrder')).toBe(true);
      expect(context.vaultId).not.toBeNull();
      expect(context.order).toEqual(paypalOrder);
    }
    if (event.type === 'CONFIRM_CHARGE' && was('confirmingCurrency')) {
      expect(is('capturing')).toBe(true);
      expect(context).toEqual(before);
    }

    // Each approval is captured once, the one after a declined funding source too.
    expect(stepInvocations('captureOrder').map((invocation) => invocation.input)).toEqual(
      entered('capturing') || entered(inPaypal('capturingWhilePaypalWaits')) ? [{ orderNo: 'ord-1', paypalOrderId: 'PP-1' }] : [],
    );
    // The capture is told apart from the buyer's own steps in PayPal: its own tag.
    expect(snapshot.hasTag('capturing')).toBe(is('capturing') || is(inPaypal('capturingWhilePaypalWaits')));
    if (event.type === 'paypal.approved') {
      expect(was(inPaypal('awaitingApproval')) || was(inPaypal('choosingAnotherFundingSource'))).toBe(true);
      expect(is(inPaypal('capturingWhilePaypalWaits'))).toBe(true);
    }
    if (event.type === 'paypal.cancelled') expect(is('cancelled')).toBe(true);
    if (event.type === 'paypal.failed') {
      expect(is('failed')).toBe(true);
      expect(context).toMatchObject({ error: paypalError.message, errorKind: 'server', order: before?.order });
    }

    // A declined funding source sends the buyer back to PayPal's choice for the same order (PayPal is told to
    // restart, nothing else); the same answer for a saved method, with no window to go back to, fails, worded.
    const declined = event.type === 'xstate.done.actor.captureOrder' && event.output === instrumentDeclined;
    expect(stepReceived('paypalCheckout')).toEqual(declined && was(inPaypal('capturingWhilePaypalWaits')) ? [{ type: 'paypal.restart' }] : []);
    if (declined) {
      if (was(inPaypal('capturingWhilePaypalWaits'))) {
        expect(is(inPaypal('choosingAnotherFundingSource'))).toBe(true);
        expect(snapshot.hasTag('fundingDeclined')).toBe(true);
        expect(context).toMatchObject({ order: before?.order, error: null, errorKind: null });
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
    if (event.type === 'xstate.done.actor.createOrder' && (event.output === created || event.output === createdInUsd))
      expect(is(context.vaultId === null ? inPaypal('awaitingApproval') : event.output === created ? 'confirmingCurrency' : 'capturing')).toBe(true);
  },
});

it('paypalPayment machine: checks at once, after 2 s, then less often as nothing settles, for at most a minute', async () => {
  await assertConfirmTimings(paypalPaymentMachine);
});
