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
  | PageVisibilityEvent
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
      // Sends PAGE_HIDDEN / PAGE_VISIBLE as the tab is hidden or shown (PAGE_HIDDEN at once if it starts hidden).
      watchPageVisibility: notProvidedCallback('watchPageVisibility'),
    },
    actions: {
      // The app keeps the order in session storage (reads context.order), so a return or a reload finds it.
      rememberPendingOrder: notProvidedAction('rememberPendingOrder'),
      forgetPendingOrder: notProvidedAction('forgetPendingOrder'),
      notifyPaid: notProvidedAction('notifyPaid'),
      // The app does location.assign(context.order.checkoutUrl); the page unloads.
      redirectToCheckout: notProvidedAction('redirectToCheckout'),
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
    isOrderAnswerLost: ({ event }) => event.type === 'xstate.error.actor.createOrder' && isLostOrderAnswer(event.error),
      returnedCancelled: ({ context }) => context.returnedAs === 'cancelled',
      hasResume: ({ context }) => context.returnedAs !== null,
      hasPackage: ({ context }) => context.packageId !== null,
      // The last creation's answer never arrived: the order may exist, so a retry is the same purchase.
      holdsIdempotencyKey: ({ context }) => context.idempotencyKey !== null,
      isRefused: ({ event }) => event.type === 'xstate.done.actor.createOrder' && event.output.code !== 200,
      // PROVIDED by the app (each provider's hosts). Refusing by default: never redirect unless the app vouches.
      isAllowedCheckout: (_args, _params: CheckoutParams) => false,
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
          input: ({ context }) => createOrderInput(context, id),
          onDone: [
            { guard: 'isRefused', target: 'failed', actions: ['setErrorFromResponse', 'spendIdempotencyKey'] },
            {
              guard: { type: 'isAllowedCheckout', params: ({ event }) => checkoutParams(event.output) },
              target: 'redirecting',
              actions: ['setOrder', 'spendIdempotencyKey'],
            },
            // A checkout the app cannot vouch for: nothing is remembered and the buyer goes nowhere.
            { target: 'failed', actions: ['setUnsafeRedirect', 'spendIdempotencyKey'] },
          ],
          onError: [
            // No answer (or none the app could read): the key is kept for RETRY.
            { guard: 'isOrderAnswerLost', target: 'failed', actions: 'setErrorFromError' },
            { target: 'failed', actions: ['setErrorFromError', 'spendIdempotencyKey'] },
          ],
        },
      },
      // The page unloads on its way to the provider; CANCEL covers a navigation the browser blocked.
      redirecting: {
        tags: ['busy', 'awaitingProvider'],
        entry: ['rememberPendingOrder', 'redirectToCheckout'],
        on: { CANCEL: 'cancelled' },
      },
      // Back from the provider (or reloaded): ask until the order is settled, the time is up or the server stops answering.
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
              input: ({ context }) => ({ orderNo: orderOf(context, id).orderNo }),
              onDone: [
                { guard: 'isPaidStatus', target: at('paid') },
                { guard: 'isCancelledStatus', target: at('cancelled') },
                { guard: 'isFailedStatus', target: at('failed') },
                { guard: and(['isUnansweredCheck', 'isLastAllowedFailure']), target: at('stoppedAfterErrors'), actions: 'countFailedCheck' },
                // A refused answer: ask again (a hiccup must not lose a paid order).
                { guard: 'isUnansweredCheck', target: 'waitingToCheck', actions: 'countFailedCheck' },
                // Still pending: ask again, a little later.
                { target: 'waitingToCheck', actions: 'countPendingCheck' },
              ],
              onError: [
                { guard: 'isLastAllowedFailure', target: at('stoppedAfterErrors'), actions: 'countFailedCheck' },
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
}

export const creemPaymentMachine = createRedirectPaymentMachine('creemPayment');
export const nowpaymentsPaymentMachine = createRedirectPaymentMachine('nowpaymentsPayment');
export const freekassaPaymentMachine = createRedirectPaymentMachine('freekassaPayment');
export const digisellerPaymentMachine = createRedirectPaymentMachine('digisellerPayment');
