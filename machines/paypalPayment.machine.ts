import { and, assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from './notProvided';
import {
  answeredOutcome,
  checkDelayMs,
  CONFIRM_TIMEOUT_MS,
  countFailedCheck,
  countPendingCheck,
  createOrderInput,
  emptyOrder,
  FRESH_CHECKS,
  initialPaymentContext,
  isLastAllowedFailure,
  orderOf,
  type CheckOrderInput,
  type CheckOrderResponse,
  type CreateOrderInput,
  type PageVisibilityEvent,
  type OrderStatusAnswer,
  type PaymentContext,
  type PaymentInput,
  type PaymentUserEvent,
  type StatusOutcome,
  isLostOrderAnswer,
  PAUSED_WHILE_HIDDEN,
  STOPPED_AFTER_ERRORS,
  WAITING_TO_CHECK,
} from './payment.shared';
import { errorMessage, type ResultEnvelope } from './types';

export interface PaypalOrderAnswer {
  orderNo: string;
  paypalOrderId: string;
}

export type CreatePaypalOrderResponse = ResultEnvelope<PaypalOrderAnswer>;

/** What the PayPal buttons and capture are given: our order and PayPal's. */
export interface PaypalOrderInput {
  orderNo: string;
  paypalOrderId: string;
}

/** How the buyer left PayPal's popup (PayPal's own errors reject instead). */
export type PaypalApproval = 'approved' | 'cancelled';

export type CaptureOrderResponse = ResultEnvelope<OrderStatusAnswer>;

export type PaypalPaymentEvent =
  | PaymentUserEvent
  | PageVisibilityEvent
  // What the invoked calls report; listed so named guards and actions read them with types.
  | DoneActorEvent<CreatePaypalOrderResponse, 'createOrder'>
  | ErrorActorEvent<unknown, 'createOrder'>
  | DoneActorEvent<PaypalApproval, 'approveInPaypal'>
  | ErrorActorEvent<unknown, 'approveInPaypal'>
  | DoneActorEvent<CaptureOrderResponse, 'captureOrder'>
  | ErrorActorEvent<unknown, 'captureOrder'>
  | DoneActorEvent<CheckOrderResponse, 'checkOrder'>
  | ErrorActorEvent<unknown, 'checkOrder'>;

const ID = 'paypalPayment';

function createdOrder(event: PaypalPaymentEvent): PaypalOrderAnswer | null {
  return event.type === 'xstate.done.actor.createOrder' && event.output.code === 200 ? event.output.data : null;
}

function capturedOutcome(event: PaypalPaymentEvent): StatusOutcome | null {
  return event.type === 'xstate.done.actor.captureOrder' ? answeredOutcome(event.output) : null;
}

function checkedOutcome(event: PaypalPaymentEvent): StatusOutcome | null {
  return event.type === 'xstate.done.actor.checkOrder' ? answeredOutcome(event.output) : null;
}

/** Only reachable once createOrder stored PayPal's order id. */
function paypalOrderInput(context: PaymentContext): PaypalOrderInput {
  const { orderNo, paypalOrderId } = orderOf(context, ID);
  if (paypalOrderId === null) throw new Error(`${ID}: no PayPal order id`);
  return { orderNo, paypalOrderId };
}

/**
 * PayPal: create the order, let the buyer approve it in PayPal's popup, capture it, and confirm with the server
 * whenever the capture's answer is not final (or after a reload).
 */
export const paypalPaymentMachine = setup({
  types: {} as { context: PaymentContext; events: PaypalPaymentEvent; input: PaymentInput },
  actors: {
    createOrder: notProvidedActor<CreatePaypalOrderResponse, CreateOrderInput>('createOrder'),
    approveInPaypal: notProvidedActor<PaypalApproval, PaypalOrderInput>('approveInPaypal'),
    captureOrder: notProvidedActor<CaptureOrderResponse, PaypalOrderInput>('captureOrder'),
    checkOrder: notProvidedActor<CheckOrderResponse, CheckOrderInput>('checkOrder'),
    // Sends PAGE_HIDDEN / PAGE_VISIBLE as the tab is hidden or shown (PAGE_HIDDEN at once if it starts hidden).
    watchPageVisibility: notProvidedCallback('watchPageVisibility'),
  },
  actions: {
    // The app keeps the order in session storage (reads context.order), so a reload finds it.
    rememberPendingOrder: notProvidedAction('rememberPendingOrder'),
    forgetPendingOrder: notProvidedAction('forgetPendingOrder'),
    notifyPaid: notProvidedAction('notifyPaid'),
    // The app assigns a fresh random idempotencyKey: a new purchase.
    newIdempotencyKey: notProvidedAction('newIdempotencyKey'),
    // The server answered: the order exists (or was refused), so another try is another purchase.
    spendIdempotencyKey: assign({ idempotencyKey: null }),
    startOrder: assign(({ event }) =>
      event.type === 'PAY' ? { returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null, error: null, errorKind: null } : {},
    ),
    // RETRY keeps the package and the vault: a new order for the same thing (or, after a lost answer, the same one).
    forgetOrder: assign({ returnedAs: null, order: null, error: null, errorKind: null }),
    reset: assign({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null, idempotencyKey: null, ...FRESH_CHECKS }),
    restartChecks: assign(FRESH_CHECKS),
    countPendingCheck: assign(({ context }) => countPendingCheck(context)),
    countFailedCheck: assign(({ context }) => countFailedCheck(context)),
    setOrder: assign({
      order: ({ context, event }) => {
        const created = createdOrder(event);
        return created ? { ...emptyOrder(created.orderNo), paypalOrderId: created.paypalOrderId } : context.order;
      },
    }),
    setErrorFromResponse: assign({
      error: ({ event }) => (event.type === 'xstate.done.actor.createOrder' ? event.output.msg : null),
      errorKind: 'server',
    }),
    setErrorFromError: assign({
      error: ({ event }) =>
        event.type === 'xstate.error.actor.createOrder' || event.type === 'xstate.error.actor.approveInPaypal' ? errorMessage(event.error) : null,
      errorKind: 'server',
    }),
  },
  guards: {
    isOrderAnswerLost: ({ event }) => event.type === 'xstate.error.actor.createOrder' && isLostOrderAnswer(event.error),
    returnedCancelled: ({ context }) => context.returnedAs === 'cancelled',
    hasResume: ({ context }) => context.returnedAs !== null,
    hasPackage: ({ context }) => context.packageId !== null,
    // The last creation's answer never arrived: the order may exist, so a retry is the same purchase.
    holdsIdempotencyKey: ({ context }) => context.idempotencyKey !== null,
    isCreated: ({ event }) => createdOrder(event) !== null,
    // A saved PayPal method (vault) was approved once for all: there is nothing for the buyer to approve.
    paysWithVault: ({ context }) => context.vaultId !== null,
    isApproved: ({ event }) => event.type === 'xstate.done.actor.approveInPaypal' && event.output === 'approved',
    isCapturePaid: ({ event }) => capturedOutcome(event) === 'paid',
    isCapturePending: ({ event }) => capturedOutcome(event) === 'pending',
    isCaptureSettled: ({ event }) => capturedOutcome(event) !== null,
    isPaidStatus: ({ event }) => checkedOutcome(event) === 'paid',
    isCancelledStatus: ({ event }) => checkedOutcome(event) === 'cancelled',
    isFailedStatus: ({ event }) => checkedOutcome(event) === 'failed',
    // A refused answer says nothing about the order: it counts as a failed check, like a call that failed.
    isUnansweredCheck: ({ event }) => event.type === 'xstate.done.actor.checkOrder' && checkedOutcome(event) === null,
    isLastAllowedFailure: ({ context }) => isLastAllowedFailure(context),
  },
  delays: {
    // 2 s after the first check, growing by half with each check that settles nothing, up to 10 s.
    CONFIRM_INTERVAL: ({ context }) => checkDelayMs(context.unsettledChecks),
    CONFIRM_TIMEOUT: CONFIRM_TIMEOUT_MS,
  },
}).createMachine({
  id: ID,
  context: ({ input }) => initialPaymentContext(input),
  initial: 'starting',
  states: {
    // Decides at once where a fresh or resumed payment begins.
    starting: {
      always: [
        { guard: 'returnedCancelled', target: 'cancelled' },
        { guard: 'hasResume', target: 'confirming' },
        { target: 'choosingPackage' },
      ],
    },
    // The only state that takes PAY: a double click cannot create two orders.
    // Tagged: the view unlocks the package and method pickers here only.
    choosingPackage: {
      tags: 'choosing',
      on: { PAY: { target: 'creatingOrder', actions: ['startOrder', 'newIdempotencyKey'] } },
    },
    creatingOrder: {
      tags: 'busy',
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => createOrderInput(context, ID),
        onDone: [
          { guard: and(['isCreated', 'paysWithVault']), target: 'capturing', actions: ['setOrder', 'spendIdempotencyKey', 'rememberPendingOrder'] },
          { guard: 'isCreated', target: 'awaitingApproval', actions: ['setOrder', 'spendIdempotencyKey'] },
          { target: 'failed', actions: ['setErrorFromResponse', 'spendIdempotencyKey'] },
        ],
        // No answer (or none the app could read): the key is kept for RETRY.
        onError: [
          // No answer (or none the app could read): the key is kept for RETRY.
          { guard: 'isOrderAnswerLost', target: 'failed', actions: 'setErrorFromError' },
          { target: 'failed', actions: ['setErrorFromError', 'spendIdempotencyKey'] },
        ],
      },
    },
    // PayPal's buttons and popup; closing the popup answers 'cancelled', PayPal's own errors reject.
    awaitingApproval: {
      tags: 'awaitingProvider',
      entry: 'rememberPendingOrder',
      invoke: {
        id: 'approveInPaypal',
        src: 'approveInPaypal',
        input: ({ context }) => paypalOrderInput(context),
        onDone: [{ guard: 'isApproved', target: 'capturing' }, { target: 'cancelled' }],
        onError: { target: 'failed', actions: 'setErrorFromError' },
      },
      on: { CANCEL: 'cancelled' },
    },
    capturing: {
      tags: 'busy',
      invoke: {
        id: 'captureOrder',
        src: 'captureOrder',
        input: ({ context }) => paypalOrderInput(context),
        onDone: [
          { guard: 'isCapturePaid', target: 'paid' },
          { guard: 'isCapturePending', target: 'confirming' },
          { guard: 'isCaptureSettled', target: 'failed' },
          // A refused answer: the capture may have gone through, so ask rather than assume.
          { target: 'confirming' },
        ],
        onError: { target: 'confirming' },
      },
    },
    // Ask until the order is settled, the time is up or the server stops answering.
    confirming: {
      tags: 'busy',
      entry: 'restartChecks',
      invoke: { id: 'watchPageVisibility', src: 'watchPageVisibility' },
      initial: 'checking',
      after: { CONFIRM_TIMEOUT: 'timedOut' },
      states: {
        checking: {
          invoke: {
            id: 'checkOrder',
            src: 'checkOrder',
            input: ({ context }) => ({ orderNo: orderOf(context, ID).orderNo }),
            onDone: [
              { guard: 'isPaidStatus', target: `#${ID}.paid` },
              { guard: 'isCancelledStatus', target: `#${ID}.cancelled` },
              { guard: 'isFailedStatus', target: `#${ID}.failed` },
              { guard: and(['isUnansweredCheck', 'isLastAllowedFailure']), target: `#${ID}.stoppedAfterErrors`, actions: 'countFailedCheck' },
              // A refused answer: ask again (a hiccup must not lose a paid order).
              { guard: 'isUnansweredCheck', target: 'waitingToCheck', actions: 'countFailedCheck' },
              // Still pending: ask again, a little later.
              { target: 'waitingToCheck', actions: 'countPendingCheck' },
            ],
            onError: [
              { guard: 'isLastAllowedFailure', target: `#${ID}.stoppedAfterErrors`, actions: 'countFailedCheck' },
              { target: 'waitingToCheck', actions: 'countFailedCheck' },
            ],
          },
          // The answer would only schedule the next check: it is asked for again when the tab shows.
          on: { PAGE_HIDDEN: 'pausedWhileHidden' },
        },
        waitingToCheck: WAITING_TO_CHECK,
        pausedWhileHidden: PAUSED_WHILE_HIDDEN,
      },
    },
    // Polling stopped after too many unanswered checks (see STOPPED_AFTER_ERRORS).
    stoppedAfterErrors: STOPPED_AFTER_ERRORS,
    paid: {
      tags: 'paid',
      entry: ['forgetPendingOrder', 'notifyPaid'],
      on: { DISMISS: { target: 'choosingPackage', actions: 'reset' } },
    },
    // The buyer cancelled an order that was created: trying again is a new purchase with a new key, never that order again.
    cancelled: {
      entry: 'forgetPendingOrder',
      on: {
        RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: ['forgetOrder', 'newIdempotencyKey'] },
        DISMISS: { target: 'choosingPackage', actions: 'reset' },
      },
    },
    failed: {
      tags: 'failed',
      entry: 'forgetPendingOrder',
      on: {
        RETRY: [
          // The creation's answer was lost: the same key, so the server hands back the order it may have made.
          { guard: and(['hasPackage', 'holdsIdempotencyKey']), target: 'creatingOrder', actions: 'forgetOrder' },
          { guard: 'hasPackage', target: 'creatingOrder', actions: ['forgetOrder', 'newIdempotencyKey'] },
        ],
        DISMISS: { target: 'choosingPackage', actions: 'reset' },
      },
    },
    // The order may still be paid later: it stays remembered until the buyer dismisses it.
    timedOut: {
      tags: 'failed',
      on: {
        CHECK_AGAIN: 'confirming',
        DISMISS: { target: 'choosingPackage', actions: ['forgetPendingOrder', 'reset'] },
      },
    },
  },
});
