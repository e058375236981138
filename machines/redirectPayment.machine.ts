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

function createRedirectPaymentMachine(id: string) {
  return createPaymentMachine({ id, handOff: redirectHandOff });
}

export const creemPaymentMachine = createRedirectPaymentMachine('creemPayment');
export const nowpaymentsPaymentMachine = createRedirectPaymentMachine('nowpaymentsPayment');
export const freekassaPaymentMachine = createRedirectPaymentMachine('freekassaPayment');
export const digisellerPaymentMachine = createRedirectPaymentMachine('digisellerPayment');
