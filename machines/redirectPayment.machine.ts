/**
 * A provider whose checkout is a page elsewhere (Creem, NOWPayments, Freekassa, Digiseller): create the order,
 * send the buyer to its checkout, and on the way back (or after a reload) confirm the order with the server. The
 * chart is the shared payment chart (payment.machine.ts); this is its hand-off.
 */
import { checkoutParams, createPaymentMachine, paymentSetup, defineHandOff, setCreatedOrder, type CreateOrderResponse } from './payment.machine';

export type { CheckoutParams } from './payment.machine';

/**
 * What this provider's createOrder answers: the chart's one createOrder type (an actor's output type must match it
 * exactly), of which this provider fills orderNo and checkoutUrl (the app maps each provider's URL field, payUrl,
 * invoiceUrl…, to it).
 */
export type CreateRedirectOrderResponse = CreateOrderResponse;

/** To the provider's checkout, if the app vouches for its address. */
const redirectHandOff = defineHandOff(() => ({
  onCreated: [
    {
      guard: { type: 'isAllowedCheckout', params: ({ event }) => checkoutParams(event.output) },
      target: 'redirecting',
      actions: [setCreatedOrder, 'spendIdempotencyKey'],
    },
    // A checkout the app cannot vouch for: nothing is remembered and the buyer goes nowhere.
    { target: 'failed', actions: ['setUnsafeRedirect', 'spendIdempotencyKey'] },
  ],
  states: {
    // The page unloads on its way to the provider; CANCEL covers a navigation the browser blocked.
    redirecting: paymentSetup.createStateConfig({
      tags: ['busy', 'awaitingProvider'],
      entry: ['rememberPendingOrder', 'redirectToCheckout'],
      on: { CANCEL: 'cancelled' },
    }),
  },
}));

function createRedirectPaymentMachine(id: string, settlesSlowly = false) {
  return createPaymentMachine({ id, handOff: redirectHandOff, settlesSlowly });
}

export const creemPaymentMachine = createRedirectPaymentMachine('creemPayment');
/**
 * NOWPayments settles slowly: a crypto payment goes waiting, confirming, confirmed, sending, finished as the blockchain
 * confirms it, which takes minutes to hours ("Get payment status", https://documenter.getpostman.com/view/7907941/S1a32n38),
 * so a pending order is waited on for hours (awaitingConfirmations), and the buyer may leave meanwhile.
 */
export const nowpaymentsPaymentMachine = createRedirectPaymentMachine('nowpaymentsPayment', true);
export const freekassaPaymentMachine = createRedirectPaymentMachine('freekassaPayment');
export const digisellerPaymentMachine = createRedirectPaymentMachine('digisellerPayment');
