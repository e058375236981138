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
  qrExpiryMs,
  type CheckOrderInput,
  type CheckOrderResponse,
  type CreateOrderInput,
  type PageVisibilityEvent,
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

export interface WechatOrderAnswer {
  orderNo: string;
  /** What the QR code encodes. */
  codeUrl: string;
  /** ISO 8601; the code cannot be paid after it. */
  expireTime: string;
}

export type CreateWechatOrderResponse = ResultEnvelope<WechatOrderAnswer>;

export type WechatPaymentEvent =
  | PaymentUserEvent
  | PageVisibilityEvent
  // What the invoked calls report; listed so named guards and actions read them with types.
  | DoneActorEvent<CreateWechatOrderResponse, 'createOrder'>
  | ErrorActorEvent<unknown, 'createOrder'>
  | DoneActorEvent<CheckOrderResponse, 'checkOrder'>
  | ErrorActorEvent<unknown, 'checkOrder'>;

const ID = 'wechatPayment';

function createdOrder(event: WechatPaymentEvent): WechatOrderAnswer | null {
  return event.type === 'xstate.done.actor.createOrder' && event.output.code === 200 ? event.output.data : null;
}

function checkedOutcome(event: WechatPaymentEvent): StatusOutcome | null {
  return event.type === 'xstate.done.actor.checkOrder' ? answeredOutcome(event.output) : null;
}

/**
 * WeChat Pay: create the order, show its QR code and ask the server whether it was paid, less often the longer
 * nobody pays, never while the tab is hidden, until the code expires (15 minutes at most) or the server stops
 * answering. A reload confirms the order instead (the code is not shown again).
 */
export const wechatPaymentMachine = setup({
  types: {} as { context: PaymentContext; events: WechatPaymentEvent; input: PaymentInput },
  actors: {
    createOrder: notProvidedActor<CreateWechatOrderResponse, CreateOrderInput>('createOrder'),
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
    // RETRY keeps the package: a new order (and a new code) for the same thing, or, after a lost answer, the same one.
    forgetOrder: assign({ returnedAs: null, order: null, error: null, errorKind: null }),
    reset: assign({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null, idempotencyKey: null, ...FRESH_CHECKS }),
    restartChecks: assign(FRESH_CHECKS),
    countPendingCheck: assign(({ context }) => countPendingCheck(context)),
    countFailedCheck: assign(({ context }) => countFailedCheck(context)),
    setOrder: assign({
      order: ({ context, event }) => {
        const created = createdOrder(event);
        return created ? { ...emptyOrder(created.orderNo), codeUrl: created.codeUrl, expireTime: created.expireTime } : context.order;
      },
    }),
    setExpired: assign({ error: null, errorKind: 'expired' }),
    clearError: assign({ error: null, errorKind: null }),
    setErrorFromResponse: assign({
      error: ({ event }) => (event.type === 'xstate.done.actor.createOrder' ? event.output.msg : null),
      errorKind: 'server',
    }),
    setErrorFromError: assign({
      error: ({ event }) => (event.type === 'xstate.error.actor.createOrder' ? errorMessage(event.error) : null),
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
    // Measured when the code is shown: whatever is left until the server's expiry, 15 minutes at most.
    QR_EXPIRY: ({ context }) => qrExpiryMs(context.order?.expireTime ?? null, Date.now()),
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
          { guard: 'isCreated', target: 'awaitingScan', actions: ['setOrder', 'spendIdempotencyKey'] },
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
    // The view shows the QR code of order.codeUrl; the buyer pays on the phone, so only the server can tell.
    awaitingScan: {
      tags: 'awaitingProvider',
      entry: ['rememberPendingOrder', 'restartChecks'],
      invoke: { id: 'watchPageVisibility', src: 'watchPageVisibility' },
      initial: 'checking',
      after: { QR_EXPIRY: { target: 'timedOut', actions: 'setExpired' } },
      on: { CANCEL: 'cancelled' },
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
              { guard: and(['isUnansweredCheck', 'isLastAllowedFailure']), target: 'stoppedAfterErrors', actions: 'countFailedCheck' },
              // A refused answer: ask again, a little later.
              { guard: 'isUnansweredCheck', target: 'waitingToCheck', actions: 'countFailedCheck' },
              // Not scanned yet: ask again, a little later.
              { target: 'waitingToCheck', actions: 'countPendingCheck' },
            ],
            onError: [
              { guard: 'isLastAllowedFailure', target: 'stoppedAfterErrors', actions: 'countFailedCheck' },
              { target: 'waitingToCheck', actions: 'countFailedCheck' },
            ],
          },
          // The answer would only schedule the next check: it is asked for again when the tab shows.
          on: { PAGE_HIDDEN: 'pausedWhileHidden' },
        },
        waitingToCheck: WAITING_TO_CHECK,
        // Nobody looks at a hidden tab: no checks until it shows again, then one at once (the buyer may have paid).
        pausedWhileHidden: PAUSED_WHILE_HIDDEN,
        // The server stopped answering: the code stays on screen (it can still be paid) and the buyer asks again.
        stoppedAfterErrors: {
          tags: 'checksStopped',
          on: { CHECK_AGAIN: { target: 'checking', actions: 'restartChecks' } },
        },
      },
    },
    // After a reload: ask until the order is settled, the time is up or the server stops answering.
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
              { target: 'waitingToCheck', actions: 'countPendingCheck' },
            ],
            onError: [
              { guard: 'isLastAllowedFailure', target: `#${ID}.stoppedAfterErrors`, actions: 'countFailedCheck' },
              { target: 'waitingToCheck', actions: 'countFailedCheck' },
            ],
          },
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
    // An expired code or a confirmation that took too long. The order stays remembered until the buyer moves on.
    timedOut: {
      tags: 'failed',
      on: {
        CHECK_AGAIN: { target: 'confirming', actions: 'clearError' },
        // The order of the expired code exists: a new purchase, with a new key.
        RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: ['forgetOrder', 'newIdempotencyKey'] },
        DISMISS: { target: 'choosingPackage', actions: ['forgetPendingOrder', 'reset'] },
      },
    },
  },
});
