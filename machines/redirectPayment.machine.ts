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
  type CheckOrderInput,
  type CheckOrderResponse,
  type CreateOrderInput,
  type PaymentContext,
  type PaymentInput,
  type PaymentUserEvent,
  type StatusOutcome,
} from './payment.shared';
import { errorMessage, type ResultEnvelope } from './types';

/** What creating a redirect order answers; the app maps each provider's URL field (payUrl, invoiceUrl…) to checkoutUrl. */
export interface RedirectOrderAnswer {
  orderNo: string;
  checkoutUrl: string;
}

export type CreateRedirectOrderResponse = ResultEnvelope<RedirectOrderAnswer>;

/** What the app's isAllowedCheckout guard is asked about. */
export interface CheckoutParams {
  checkoutUrl: string;
}

export type RedirectPaymentEvent =
  | PaymentUserEvent
  // What the invoked calls report; listed so named guards and actions read them with types.
  | DoneActorEvent<CreateRedirectOrderResponse, 'createOrder'>
  | ErrorActorEvent<unknown, 'createOrder'>
  | DoneActorEvent<CheckOrderResponse, 'checkOrder'>
  | ErrorActorEvent<unknown, 'checkOrder'>;

function createdOrder(event: RedirectPaymentEvent): RedirectOrderAnswer | null {
  return event.type === 'xstate.done.actor.createOrder' && event.output.code === 200 ? event.output.data : null;
}

/** Only read after isRefused let an ok answer through. */
function checkoutParams(response: CreateRedirectOrderResponse): CheckoutParams {
  return { checkoutUrl: response.code === 200 ? response.data.checkoutUrl : '' };
}

function checkedOutcome(event: RedirectPaymentEvent): StatusOutcome | null {
  return event.type === 'xstate.done.actor.checkOrder' ? answeredOutcome(event.output) : null;
}

/**
 * A provider whose checkout is a page elsewhere (Creem, NOWPayments, Freekassa, Digiseller): create the order,
 * send the buyer to its checkout, and on the way back (or after a reload) confirm the order with the server.
 */
export function createRedirectPaymentMachine(id: string) {
  const at = (state: string) => `#${id}.${state}`;
  return setup({
    types: {} as { context: PaymentContext; events: RedirectPaymentEvent; input: PaymentInput },
    actors: {
      createOrder: notProvidedActor<CreateRedirectOrderResponse, CreateOrderInput>('createOrder'),
      checkOrder: notProvidedActor<CheckOrderResponse, CheckOrderInput>('checkOrder'),
    },
    actions: {
      // The app keeps the order in session storage (reads context.order), so a return or a reload finds it.
      rememberPendingOrder: notProvidedAction('rememberPendingOrder'),
      forgetPendingOrder: notProvidedAction('forgetPendingOrder'),
      notifyPaid: notProvidedAction('notifyPaid'),
      // The app does location.assign(context.order.checkoutUrl); the page unloads.
      redirectToCheckout: notProvidedAction('redirectToCheckout'),
      startOrder: assign(({ event }) =>
        event.type === 'PAY' ? { returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null, error: null, errorKind: null } : {},
      ),
      // RETRY keeps the package and the vault: a new order for the same thing.
      forgetOrder: assign({ returnedAs: null, order: null, error: null, errorKind: null }),
      reset: assign({ returnedAs: null, packageId: null, vaultId: null, order: null, error: null, errorKind: null }),
      setOrder: assign({
        order: ({ context, event }) => {
          const created = createdOrder(event);
          return created ? { ...emptyOrder(created.orderNo), checkoutUrl: created.checkoutUrl } : context.order;
        },
      }),
      setUnsafeRedirect: assign({ error: null, errorKind: 'unsafeRedirect' }),
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
      isRefused: ({ event }) => event.type === 'xstate.done.actor.createOrder' && event.output.code !== 200,
      // PROVIDED by the app (each provider's hosts). Refusing by default: never redirect unless the app vouches.
      isAllowedCheckout: (_args, _params: CheckoutParams) => false,
      isPaidStatus: ({ event }) => checkedOutcome(event) === 'paid',
      isCancelledStatus: ({ event }) => checkedOutcome(event) === 'cancelled',
      isFailedStatus: ({ event }) => checkedOutcome(event) === 'failed',
    },
    delays: {
      CONFIRM_INTERVAL: CONFIRM_INTERVAL_MS,
      CONFIRM_TIMEOUT: CONFIRM_TIMEOUT_MS,
    },
  }).createMachine({
    id,
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
          input: ({ context }) => createOrderInput(context, id),
          onDone: [
            { guard: 'isRefused', target: 'failed', actions: 'setErrorFromResponse' },
            {
              guard: { type: 'isAllowedCheckout', params: ({ event }) => checkoutParams(event.output) },
              target: 'redirecting',
              actions: 'setOrder',
            },
            // A checkout the app cannot vouch for: nothing is remembered and the buyer goes nowhere.
            { target: 'failed', actions: 'setUnsafeRedirect' },
          ],
          onError: { target: 'failed', actions: 'setErrorFromError' },
        },
      },
      // The page unloads on its way to the provider; CANCEL covers a navigation the browser blocked.
      redirecting: {
        tags: ['busy', 'awaitingProvider'],
        entry: ['rememberPendingOrder', 'redirectToCheckout'],
        on: { CANCEL: 'cancelled' },
      },
      // Back from the provider (or reloaded): ask until the order is settled or the time is up.
      confirming: {
        tags: 'busy',
        initial: 'checking',
        after: { CONFIRM_TIMEOUT: 'timedOut' },
        states: {
          checking: {
            invoke: {
              id: 'checkOrder',
              src: 'checkOrder',
              input: ({ context }) => ({ orderNo: orderOf(context, id).orderNo }),
              onDone: [
                { guard: 'isPaidStatus', target: at('paid') },
                { guard: 'isCancelledStatus', target: at('cancelled') },
                { guard: 'isFailedStatus', target: at('failed') },
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
}

export const creemPaymentMachine = createRedirectPaymentMachine('creemPayment');
export const nowpaymentsPaymentMachine = createRedirectPaymentMachine('nowpaymentsPayment');
export const freekassaPaymentMachine = createRedirectPaymentMachine('freekassaPayment');
export const digisellerPaymentMachine = createRedirectPaymentMachine('digisellerPayment');
