/**
 * WeChat Pay: create the order, show its QR code and ask the server whether it was paid, less often the longer
 * nobody pays, never while the tab is hidden, until the code expires (15 minutes at most) or the server stops
 * answering. A reload confirms the order instead (the code is not shown again). The chart is the shared payment
 * chart (payment.machine.ts); this is its hand-off.
 */
import { checkingStates, createPaymentMachine, paymentSetup, defineHandOff, setCreatedOrder, type CreateOrderResponse } from './payment.machine';

/**
 * What this provider's createOrder answers: the chart's one createOrder type (an actor's output type must match it
 * exactly), of which this provider fills orderNo, codeUrl (what the QR code encodes) and expireTime (ISO 8601;
 * the code cannot be paid after it).
 */
export type CreateWechatOrderResponse = CreateOrderResponse;

/** A QR code on screen, polled until it is paid, cancelled or expires. */
const qrHandOff = defineHandOff((id) => ({
  onCreated: [{ target: 'awaitingScan', actions: [setCreatedOrder, 'spendIdempotencyKey'] }],
  states: {
    // The view shows the QR code of order.codeUrl; the buyer pays on the phone, so only the server can tell.
    awaitingScan: paymentSetup.createStateConfig({
      tags: 'awaitingProvider',
      entry: ['rememberPendingOrder', 'restartChecks'],
      invoke: { id: 'watchPageVisibility', src: 'watchPageVisibility' },
      initial: 'checking',
      after: { QR_EXPIRY: { target: 'timedOut', actions: 'setExpired' } },
      on: { CANCEL: 'cancelled' },
      states: {
        ...checkingStates(id, 'stoppedAfterErrors'),
        // The server stopped answering: the code stays on screen (it can still be paid) and the buyer asks again.
        stoppedAfterErrors: {
          tags: 'checksStopped',
          on: { CHECK_AGAIN: { target: 'checking', actions: 'restartChecks' } },
        },
      },
    }),
  },
  timedOut: {
    // The order of the expired code exists: a new purchase, with a new key.
    RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: ['forgetOrder', 'newIdempotencyKey'] },
  },
}));

export const wechatPaymentMachine = createPaymentMachine({ id: 'wechatPayment', handOff: qrHandOff });
