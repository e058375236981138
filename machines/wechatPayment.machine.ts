import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvidedAction, notProvidedActor } from './notProvided';
import {
  answeredOutcome,
  CONFIRM_INTERVAL_MS,
  CONFIRM_TIMEOUT_MS,
  createOrderInput,
  emptyOrder,
  initialPaymentContext,
  orderOf,
  qrExpiryMs,
  type CheckOrderInput,
  type CheckOrderResponse,
  type CreateOrderInput,
  type PaymentContext,
  type PaymentInput,
  type PaymentUserEvent,
  type StatusOutcome,
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
 * WeChat Pay: create the order, show its QR code and ask the server every 2 s whether it was paid, until the code
 * expires. A reload confirms the order instead (the code is not shown again).
 */
export const wechatPaymentMachine = setup({
  types: {} as { context: PaymentContext; events: WechatPaymentEvent; input: PaymentInput },
  actors: {
    createOrder: notProvidedActor<CreateWechatOrderResponse, CreateOrderInput>('createOrder'),
    checkOrder: notProvidedActor<CheckOrderResponse, CheckOrderInput>('checkOrder'),
  },
  actions: {
    // The app keeps the order in session storage (reads context.order), so a reload finds it.
    rememberPendingOrder: notProvidedAction('rememberPendingOrder'),
    forgetPendingOrder: notProvidedAction('forgetPendingOrder'),
    notifyPaid: notProvidedAction('notifyPaid'),
    startOrder: assign(({ event }) =>
      event.type === 'PAY' ? { returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null, error: null, errorKind: null } : {},
    ),
    // RETRY keeps the package: a new order (and a new code) for the same thing.
    forgetOrder: assign({ returnedAs: null, order: null, error: null, errorKind: null }),
    reset: assign({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null }),
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
    returnedCancelled: ({ context }) => context.returnedAs === 'cancelled',
    hasResume: ({ context }) => context.returnedAs !== null,
    hasPackage: ({ context }) => context.packageId !== null,
    isCreated: ({ event }) => createdOrder(event) !== null,
    isPaidStatus: ({ event }) => checkedOutcome(event) === 'paid',
    isCancelledStatus: ({ event }) => checkedOutcome(event) === 'cancelled',
    isFailedStatus: ({ event }) => checkedOutcome(event) === 'failed',
  },
  delays: {
    CONFIRM_INTERVAL: CONFIRM_INTERVAL_MS,
    CONFIRM_TIMEOUT: CONFIRM_TIMEOUT_MS,
    // Measured when the code is shown: whatever is left until the server's expiry.
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
    choosingPackage: {
      on: { PAY: { target: 'creatingOrder', actions: 'startOrder' } },
    },
    creatingOrder: {
      tags: 'busy',
      invoke: {
        id: 'createOrder',
        src: 'createOrder',
        input: ({ context }) => createOrderInput(context, ID),
        onDone: [
          { guard: 'isCreated', target: 'awaitingScan', actions: 'setOrder' },
          { target: 'failed', actions: 'setErrorFromResponse' },
        ],
        onError: { target: 'failed', actions: 'setErrorFromError' },
      },
    },
    // The view shows the QR code of order.codeUrl; the buyer pays on the phone, so only the server can tell.
    awaitingScan: {
      tags: 'awaitingProvider',
      entry: 'rememberPendingOrder',
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
              // Not scanned yet, or a refused answer: ask again.
              { target: 'waitingToCheck' },
            ],
            onError: { target: 'waitingToCheck' },
          },
        },
        waitingToCheck: {
          after: { CONFIRM_INTERVAL: 'checking' },
        },
      },
    },
    // After a reload: ask until the order is settled or the time is up.
    confirming: {
      tags: 'busy',
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
              // Still pending, or a refused answer: ask again (a hiccup must not lose a paid order).
              { target: 'waitingToCheck' },
            ],
            onError: { target: 'waitingToCheck' },
          },
        },
        waitingToCheck: {
          after: { CONFIRM_INTERVAL: 'checking' },
        },
      },
    },
    paid: {
      tags: 'paid',
      entry: ['forgetPendingOrder', 'notifyPaid'],
      on: { DISMISS: { target: 'choosingPackage', actions: 'reset' } },
    },
    cancelled: {
      entry: 'forgetPendingOrder',
      on: {
        RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: 'forgetOrder' },
        DISMISS: { target: 'choosingPackage', actions: 'reset' },
      },
    },
    failed: {
      tags: 'failed',
      entry: 'forgetPendingOrder',
      on: {
        RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: 'forgetOrder' },
        DISMISS: { target: 'choosingPackage', actions: 'reset' },
      },
    },
    // An expired code or a confirmation that took too long. The order stays remembered until the buyer moves on.
    timedOut: {
      tags: 'failed',
      on: {
        CHECK_AGAIN: { target: 'confirming', actions: 'clearError' },
        RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: 'forgetOrder' },
        DISMISS: { target: 'choosingPackage', actions: ['forgetPendingOrder', 'reset'] },
      },
    },
  },
});
