/**
 * WeChat Pay: create the order, show its QR code and ask the server whether it was paid, less often the longer
 * nobody pays, never while the tab is hidden, until the code expires (15 minutes at most) or the server stops
 * answering. A reload confirms the order instead (the code is not shown again). The chart is the shared payment
 * chart (payment.machine.ts); this is its hand-off.
 */
import { createPaymentMachine, paymentSetup, defineHandOff, orderPolling, setCreatedOrder, type CreateOrderResponse } from './payment.machine';
import { QR_POLLING } from './payment.shared';

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
      entry: 'rememberPendingOrder',
      initial: 'polling',
      after: { QR_EXPIRY: { target: 'timedOut', actions: 'setExpired' } },
      on: { CANCEL: 'cancelled' },
      states: {
        // The poller's limit is the longest a code is waited on: reaching it is the code's wait ending.
        polling: orderPolling(id, QR_POLLING, {
          stoppedAfterErrors: 'stoppedAfterErrors',
          timedOut: { target: `#${id}.timedOut`, actions: 'setExpired' },
        }),
        // The server stopped answering: the code stays on screen (it can still be paid) and the buyer asks again, afresh.
        stoppedAfterErrors: {
          tags: 'checksStopped',
          on: { CHECK_AGAIN: 'polling' },
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
