/**
 * PayPal: create the order, let the buyer approve it in PayPal's popup, capture it, and confirm with the server
 * whenever the capture's answer is not final (or after a reload). The chart is the shared payment chart
 * (payment.machine.ts); this is its hand-off.
 */
import { rejection } from './callErrors';
import { createPaymentMachine, paymentSetup, paypalOrderInput, defineHandOff, setCreatedOrder } from './payment.machine';

/** To the buyer for approval in PayPal's popup, or, with a saved method, straight to the capture. */
const paypalHandOff = defineHandOff((id) => ({
  onCreated: [
    { guard: 'paysWithVault', target: 'capturing', actions: [setCreatedOrder, 'spendIdempotencyKey', 'rememberPendingOrder'] },
    { target: 'awaitingApproval', actions: [setCreatedOrder, 'spendIdempotencyKey'] },
  ],
  states: {
    // PayPal's buttons and popup; closing the popup answers 'cancelled', PayPal's own errors reject.
    awaitingApproval: paymentSetup.createStateConfig({
      tags: 'awaitingProvider',
      entry: 'rememberPendingOrder',
      invoke: {
        id: 'approveInPaypal',
        src: 'approveInPaypal',
        input: ({ context }) => paypalOrderInput(context, id),
        onDone: [{ guard: { type: 'isApproved', params: ({ event }) => event.output }, target: 'capturing' }, { target: 'cancelled' }],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
      on: { CANCEL: 'cancelled' },
    }),
    capturing: paymentSetup.createStateConfig({
      tags: 'busy',
      invoke: {
        id: 'captureOrder',
        src: 'captureOrder',
        input: ({ context }) => paypalOrderInput(context, id),
        onDone: [
          { guard: { type: 'isCapturePaid', params: ({ event }) => event.output }, target: 'paid' },
          { guard: { type: 'isCapturePending', params: ({ event }) => event.output }, target: 'confirming' },
          { guard: { type: 'isCaptureSettled', params: ({ event }) => event.output }, target: 'failed' },
          // A refused answer: the capture may have gone through, so ask rather than assume.
          { target: 'confirming' },
        ],
        onError: { target: 'confirming' },
      },
    }),
  },
}));

export const paypalPaymentMachine = createPaymentMachine({ id: 'paypalPayment', handOff: paypalHandOff });
