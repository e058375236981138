/**
 * PayPal: create the order, let the buyer approve it in PayPal's window, capture it while PayPal waits, and confirm
 * with the server whenever the capture's answer is not final (or after a reload). The chart is the shared payment
 * chart (payment.machine.ts); this is its hand-off.
 *
 * PayPal's buttons stay open from the buyer's first look until the capture has answered: PayPal's onApprove waits
 * for the capture, so that a funding source PayPal declines at the capture (INSTRUMENT_DECLINED) sends the buyer back
 * to PayPal to choose another one, as PayPal's "Handle funding failures" guide asks (onApprove returns
 * actions.restart()).
 *
 * The API prices the order, in its own currency (the catalogue's prices are in the catalogue's). PayPal's window shows
 * the order's amount; a saved method has no window, so an order priced in another currency is charged only once the
 * buyer confirmed it in that currency.
 */
import { rejection } from './callErrors';
import {
  createPaymentMachine,
  defineHandOff,
  paymentSetup,
  paypalCheckoutInput,
  paypalOrderInput,
  setCreatedOrder,
  type CreateOrderResponse,
  type OrderCurrency,
} from './payment.machine';

/** To the buyer in PayPal's buttons and window, or, with a saved method, straight to the capture. */
const paypalHandOff = defineHandOff((id) => {
  const at = (state: string) => `#${id}.${state}`;
  // PayPal's own error (onError) while the buyer is in PayPal: its message, for the view.
  const failedInPaypal = {
    target: at('failed'),
    actions: { type: 'setError', params: ({ event }: { event: { error: unknown } }) => rejection(event.error) },
  } as const;
  return {
    onCreated: [
      { guard: 'paysInPaypalWindow', target: 'payingInPaypal', actions: [setCreatedOrder, 'spendIdempotencyKey'] },
      // A saved method: charged at once, in the currency the buyer confirmed (the catalogue's).
      {
        guard: { type: 'isInCatalogueCurrency', params: ({ event }) => createdCurrency(event.output) },
        target: 'capturing',
        actions: [setCreatedOrder, 'spendIdempotencyKey', 'rememberPendingOrder'],
      },
      // Priced in another currency than the one the buyer confirmed: asked again, in the order's currency.
      { target: 'confirmingCurrency', actions: [setCreatedOrder, 'spendIdempotencyKey'] },
    ],
    states: {
      // PayPal's buttons and window, open for this order (the paypalCheckout callback) until the order is paid, given
      // up or handed to confirming. The buyer approves there; the capture runs while PayPal waits on onApprove.
      payingInPaypal: paymentSetup.createStateConfig({
        entry: 'rememberPendingOrder',
        invoke: { id: 'paypalCheckout', src: 'paypalCheckout', input: ({ context }) => paypalCheckoutInput(context, id) },
        initial: 'awaitingApproval',
        states: {
          // The buyer chooses how to pay in PayPal's window. Closing it is a cancel (onCancel).
          awaitingApproval: {
            tags: 'awaitingProvider',
            on: {
              'paypal.approved': 'capturingWhilePaypalWaits',
              'paypal.cancelled': at('cancelled'),
              'paypal.failed': failedInPaypal,
              CANCEL: at('cancelled'),
            },
          },
          // PayPal approved; our server captures the order while PayPal's window waits on onApprove.
          capturingWhilePaypalWaits: {
            tags: ['busy', 'capturing'],
            invoke: {
              id: 'captureOrder',
              src: 'captureOrder',
              input: ({ context }) => paypalOrderInput(context, id),
              onDone: [
                { guard: { type: 'isCapturePaid', params: ({ event }) => event.output }, target: at('paid') },
                // PayPal declined the funding source: its window asks the buyer for another, for the same order.
                {
                  guard: { type: 'isFundingDeclined', params: ({ event }) => event.output },
                  target: 'choosingAnotherFundingSource',
                  actions: 'restartPaypal',
                },
                { guard: { type: 'isCapturePending', params: ({ event }) => event.output }, target: at('confirming') },
                { guard: { type: 'isCaptureSettled', params: ({ event }) => event.output }, target: at('failed') },
                // A refused answer: the capture may have gone through, so ask rather than assume.
                { target: at('confirming') },
              ],
              onError: { target: at('confirming') },
            },
          },
          // The funding source was declined: the buyer picks another one in PayPal's window, which approves again.
          choosingAnotherFundingSource: {
            tags: ['awaitingProvider', 'fundingDeclined'],
            on: {
              'paypal.approved': 'capturingWhilePaypalWaits',
              'paypal.cancelled': at('cancelled'),
              'paypal.failed': failedInPaypal,
              CANCEL: at('cancelled'),
            },
          },
        },
      }),
      // A saved method, the order priced in another currency than the catalogue's: the buyer confirmed the catalogue's
      // price, so nothing is charged until they confirm the order's own currency (and amount, where the API says it).
      // DISMISS leaves the order uncaptured at the API, where it expires; nothing was charged.
      confirmingCurrency: paymentSetup.createStateConfig({
        tags: 'confirmingCharge',
        on: {
          CONFIRM_CHARGE: { target: 'capturing', actions: 'rememberPendingOrder' },
          DISMISS: { target: 'choosingPackage', actions: 'reset' },
        },
      }),
      // A saved method (vault): charged with no window to go back to.
      capturing: paymentSetup.createStateConfig({
        tags: ['busy', 'capturing'],
        invoke: {
          id: 'captureOrder',
          src: 'captureOrder',
          input: ({ context }) => paypalOrderInput(context, id),
          onDone: [
            { guard: { type: 'isCapturePaid', params: ({ event }) => event.output }, target: 'paid' },
            // PayPal declined the saved method: nothing was charged; the buyer can pay in PayPal's window instead.
            { guard: { type: 'isFundingDeclined', params: ({ event }) => event.output }, target: 'failed', actions: 'setFundingDeclined' },
            { guard: { type: 'isCapturePending', params: ({ event }) => event.output }, target: 'confirming' },
            { guard: { type: 'isCaptureSettled', params: ({ event }) => event.output }, target: 'failed' },
            // A refused answer: the capture may have gone through, so ask rather than assume.
            { target: 'confirming' },
          ],
          onError: { target: 'confirming' },
        },
      }),
    },
  };
});

/** The currency of the order the server made; only read after isRefused let an ok answer through. */
function createdCurrency(output: CreateOrderResponse): OrderCurrency {
  return { currency: output.code === 200 ? (output.data.currency ?? null) : null };
}

export const paypalPaymentMachine = createPaymentMachine({ id: 'paypalPayment', handOff: paypalHandOff });
