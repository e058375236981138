/**
 * The one payment chart every provider runs (docs/product.md, "Payment providers"): choosing a package → creating
 * the order → handing it to the provider → confirming → paid, cancelled, failed or timed out. Only the hand-off
 * differs by provider (a redirect, PayPal's popup, a QR code with polling); each provider's file plugs its own into
 * createPaymentMachine. The guards, delays, retries and how the order is polled are written here, once; the polling
 * itself is the shared poller's (polling.machine.ts), invoked as `poller`.
 */
import { and, assign, sendTo, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { notProvidedAction, notProvidedActor, notProvidedCallback } from './notProvided';
import {
  answeredOutcome,
  checkedOutcome,
  createOrderInput,
  emptyOrder,
  foundIn,
  initialPaymentContext,
  LOOKUP_POLLING,
  ORDER_POLLING,
  orderOf,
  qrExpiryMs,
  SETTLEMENT_POLLING,
  statusOutcome,
  type CheckOrderInput,
  type CreateOrderInput,
  type FindOrderAnswer,
  type FindOrderInput,
  type FoundOrder,
  type OrderStatusAnswer,
  type PaymentCheckAnswer,
  type PaymentContext,
  type PaymentInput,
  type PaymentOrder,
  type PaymentUserEvent,
} from './payment.shared';
import { refusal, rejection } from './callErrors';
import { isLostAnswer } from './lostAnswer';
import { pollingMachine, type CheckFailure, type PollingInput, type PollingPolicy, type PollingReport } from './polling.machine';

/**
 * What creating an order answers: our order number, plus what the provider hands out for it (a checkout URL,
 * PayPal's order id, or a QR code and its expiry). Each provider's answer has its own fields only.
 */
interface CreatedOrder {
  orderNo: string;
  checkoutUrl?: string;
  paypalOrderId?: string;
  /** What the QR code encodes. */
  codeUrl?: string;
  /** ISO 8601; the code cannot be paid after it. */
  expireTime?: string;
  /** The order's currency (ISO 4217), where the provider's client needs it: PayPal's SDK is loaded for one. */
  currency?: string;
  /** The order's total in its currency, where the API says (PayPal's order). */
  amount?: number;
}

export type CreateOrderResponse = ResultEnvelope<CreatedOrder>;

/** What the app's isAllowedCheckout guard is asked about. */
export interface CheckoutParams {
  checkoutUrl: string;
}

/** What the PayPal capture is given: our order and PayPal's. */
export interface PaypalOrderInput {
  orderNo: string;
  paypalOrderId: string;
}

/** What PayPal's buttons are given: the order, and the currency PayPal's SDK must be loaded for (null: not known). */
export interface PaypalCheckoutInput extends PaypalOrderInput {
  currency: string | null;
}

/**
 * What the buyer does in PayPal's buttons and window, as they report it (the `paypalCheckout` callback): approved
 * (PayPal's onApprove, which waits for the capture), cancelled, or PayPal's own error (onError).
 */
export type PaypalReport = { type: 'paypal.approved' } | { type: 'paypal.cancelled' } | { type: 'paypal.failed'; error: unknown };

/** Sent to PayPal's buttons: the capture declined the funding source, so PayPal asks the buyer for another. */
export interface PaypalRestart {
  type: 'paypal.restart';
}

/**
 * The capture's answer: the order's status, and PayPal's issue when PayPal refused the capture (an addition:
 * `INSTRUMENT_DECLINED` when the funding source was declined; the order then still waits for a payment).
 */
export type CaptureOrderResponse = ResultEnvelope<OrderStatusAnswer & { issue?: string }>;

/** PayPal's issue for a funding source it declined (PayPal's "Handle funding failures"). */
const INSTRUMENT_DECLINED = 'INSTRUMENT_DECLINED';

export type PaymentEvent =
  | PaymentUserEvent
  // What the invoked calls report; listed so named guards and actions read them with types.
  | DoneActorEvent<CreateOrderResponse, 'createOrder'>
  | ErrorActorEvent<unknown, 'createOrder'>
  | PaypalReport
  | DoneActorEvent<CaptureOrderResponse, 'captureOrder'>
  | ErrorActorEvent<unknown, 'captureOrder'>
  // What the pollers report: each answer (an order's status, or the look-up of a resumed payment's order), and why
  // they stopped asking.
  | PollingReport<PaymentCheckAnswer>;

/** The order as the machine keeps it: the provider's fields it answered with, the others null. */
function orderFrom(created: CreatedOrder): PaymentOrder {
  return {
    orderNo: created.orderNo,
    checkoutUrl: created.checkoutUrl ?? null,
    paypalOrderId: created.paypalOrderId ?? null,
    codeUrl: created.codeUrl ?? null,
    expireTime: created.expireTime ?? null,
    ...(created.currency === undefined ? {} : { currency: created.currency }),
    ...(created.amount === undefined ? {} : { amount: created.amount }),
  };
}

/** The order the server made: setOrder's params in a hand-off's onCreated, taken only after isRefused let an ok answer through. */
export const setCreatedOrder = {
  type: 'setOrder',
  params: ({ event }: { event: { output: CreateOrderResponse } }): PaymentOrder => {
    if (event.output.code !== 200) throw new Error('setOrder: the order was refused');
    return orderFrom(event.output.data);
  },
} as const;

/** The order the API found for a resumed payment, as the chart keeps it; the package from it where none is known. */
const setFoundOrder = {
  type: 'setFoundOrder',
  params: ({ event }: { event: { answer: PaymentCheckAnswer } }): FoundOrder => {
    const found = foundIn(event.answer);
    if (!found) throw new Error('setFoundOrder: no order was found');
    return found;
  },
} as const;

/** What a look-up's guards read: the order found (null: none), undefined for a status answer (no guard lets it through). */
const foundOrder = ({ event }: { event: { answer: PaymentCheckAnswer } }) => foundIn(event.answer);

/** Why the look-up stopped after failures, for the view: what the last call rejected with. */
function lookupFailure(failure: CheckFailure<PaymentCheckAnswer>): { error: string | null } {
  if ('rejected' in failure) return rejection(failure.rejected);
  // A look-up settles on any answer, so it is never refused; a status answer would be the API's refusal.
  return 'found' in failure.refused ? { error: null } : refusal(failure.refused);
}

/** Only read after isRefused let an ok answer through. */
export function checkoutParams(response: CreateOrderResponse): CheckoutParams {
  return { checkoutUrl: response.code === 200 ? (response.data.checkoutUrl ?? '') : '' };
}

/** Only reachable once createOrder stored PayPal's order id. */
export function paypalOrderInput(context: PaymentContext, machineId: string): PaypalOrderInput {
  const { orderNo, paypalOrderId } = orderOf(context, machineId);
  if (paypalOrderId === null) throw new Error(`${machineId}: no PayPal order id`);
  return { orderNo, paypalOrderId };
}

/** PayPal's buttons for the order, in its own currency. */
export function paypalCheckoutInput(context: PaymentContext, machineId: string): PaypalCheckoutInput {
  return { ...paypalOrderInput(context, machineId), currency: orderOf(context, machineId).currency ?? null };
}

/** What the app's isInCatalogueCurrency guard is asked about: the order's currency (null: the API named none). */
export interface OrderCurrency {
  currency: string | null;
}

/** What forgetPendingOrder is told: whether the order's outcome is shown here (see the action). */
export interface ForgetPendingOrder {
  endsWatch: boolean;
}
/** The order's outcome is shown here: no one tells it again. */
const FORGET_SETTLED = { type: 'forgetPendingOrder' as const, params: { endsWatch: true } satisfies ForgetPendingOrder };
/** The buyer moves on while the order may still settle: a watched one stays watched. */
const FORGET_OPEN = { type: 'forgetPendingOrder' as const, params: { endsWatch: false } satisfies ForgetPendingOrder };

/**
 * Every side effect, guard and delay a payment chart names. A provider's chart uses the ones of its hand-off; the
 * others stay unused (an actor that is never invoked, an action never taken).
 */
export const paymentSetup = setup({
  types: {} as {
    context: PaymentContext;
    events: PaymentEvent;
    input: PaymentInput;
    children: { poller: 'poller'; lookup: 'lookupPoller'; paypalCheckout: 'paypalCheckout' };
  },
  actors: {
    createOrder: notProvidedActor<CreateOrderResponse, CreateOrderInput>('createOrder'),
    // The shared polling chart, its check asking for the order's status (pollingCheck with orderCheckOutcome).
    poller: pollingMachine,
    // The shared polling chart again, its check looking up a resumed payment's order as the API lists it (the one
    // named, or the account's newest with this provider; pollingCheck with lookupCheckOutcome): settled by the first
    // answer, a failed call asked again with the back-off, never while the tab is hidden.
    lookupPoller: pollingMachine,
    // PayPal's hand-off: its buttons and window, open while the buyer approves and the order is captured (it sends
    // back PaypalReport events and takes PaypalRestart), and the capture.
    paypalCheckout: notProvidedCallback<PaypalCheckoutInput>('paypalCheckout'),
    captureOrder: notProvidedActor<CaptureOrderResponse, PaypalOrderInput>('captureOrder'),
  },
  actions: {
    // The app keeps the order in session storage (reads context.order), so a return or a reload finds it.
    rememberPendingOrder: notProvidedAction('rememberPendingOrder'),
    // And drops it (reads context.order). endsWatch: the order's outcome is shown here, so the settlement watch lets it
    // go too and never tells it again; otherwise the buyer moves on while it may still settle, and it stays watched.
    forgetPendingOrder: notProvidedAction<ForgetPendingOrder>('forgetPendingOrder'),
    // The app keeps a slowly settling order on its watch list (reads context.order), so the buyer may leave and is
    // told once when it settles, on this visit or a later one.
    watchSettlement: notProvidedAction('watchSettlement'),
    // And takes it off the list without telling anything (reads context.order): the buyer says they did not pay it.
    unwatchSettlement: notProvidedAction('unwatchSettlement'),
    // Tells the buyer the order is paid, unless the settlement watch already did (the app claims the news first).
    notifyPaid: notProvidedAction('notifyPaid'),
    // The redirect's hand-off: the app does location.assign(context.order.checkoutUrl); the page unloads.
    redirectToCheckout: notProvidedAction('redirectToCheckout'),
    // The app assigns a fresh random idempotencyKey: a new purchase.
    newIdempotencyKey: notProvidedAction('newIdempotencyKey'),
    // The server answered: the order exists (or was refused), so another try is another purchase.
    spendIdempotencyKey: assign({ idempotencyKey: null }),
    startOrder: assign(({ event }) =>
      event.type === 'PAY'
        ? {
            returnedAs: null,
            foundStatus: null,
            packageId: event.packageId,
            vaultId: event.vaultId ?? null,
            order: null,
            error: null,
            errorKind: null,
          }
        : {},
    ),
    // RETRY keeps the package and the vault: a new order for the same thing (or, after a lost answer, the same one).
    forgetOrder: assign({ returnedAs: null, foundStatus: null, order: null, error: null, errorKind: null }),
    reset: assign({
      returnedAs: null,
      foundStatus: null,
      packageId: null,
      vaultId: null,
      order: null,
      error: null,
      errorKind: null,
      idempotencyKey: null,
    }),
    setOrder: assign((_, order: PaymentOrder) => ({ order })),
    setFoundOrder: assign(({ context }, found: FoundOrder) => ({
      order: context.order?.orderNo === found.orderNo ? context.order : emptyOrder(found.orderNo),
      packageId: context.packageId ?? (found.packageId || null),
      foundStatus: found.status,
    })),
    // Asked again after a cancel: whatever the API says now is read as a return.
    readAsReturned: assign({ returnedAs: 'returned' as const }),
    setUnsafeRedirect: assign({ error: null, errorKind: 'unsafeRedirect' }),
    setExpired: assign({ error: null, errorKind: 'expired' }),
    // PayPal declined the funding source of a charge no window was open for (a saved method).
    setFundingDeclined: assign({ error: null, errorKind: 'fundingDeclined' }),
    // PayPal's window asks the buyer for another funding source (onApprove answers with actions.restart()).
    restartPaypal: sendTo('paypalCheckout', { type: 'paypal.restart' } satisfies PaypalRestart),
    clearError: assign({ error: null, errorKind: null }),
    // A call that failed or an answer that refused: the server's (or the client's) message, for the view (null: none
    // to show).
    setError: assign((_, { error }: { error: string | null }) => ({ error, errorKind: 'server' as const })),
  },
  guards: {
    // The server may have made the order: the purchase keeps its idempotency key for RETRY. Any other failure is an
    // answer (the server said no): the key is spent, as a server that stores refusals would only replay this one.
    isOrderAnswerLost: (_, { error }: { error: unknown }) => isLostAnswer(error),
    returnedCancelled: ({ context }) => context.returnedAs === 'cancelled',
    // Picked up from a link (a provider's return or cancel address, or anything typed like one), not after a reload
    // or from the watch list: only a link's word needs checking against how old the order is.
    cameFromLink: ({ context }) => context.returnedAs === 'returned' || context.returnedAs === 'cancelled',
    isOrderMissing: (_, found: FindOrderAnswer | undefined) => found === null,
    // A settled order made longer ago than a checkout stays open: its news is old, whatever a link says.
    isOldNews: (_, found: FindOrderAnswer | undefined) => !!found && found.stale && found.status !== 'pending',
    isFoundPaid: (_, found: FindOrderAnswer | undefined) => !!found && statusOutcome(found.status) === 'paid',
    // This tab or browser was waiting for the order to be paid: its payment is news (FoundOrder.awaitedHere).
    isAwaitedHere: (_, found: FindOrderAnswer | undefined) => !!found && found.awaitedHere,
    isFoundPending: (_, found: FindOrderAnswer | undefined) => !!found && found.status === 'pending',
    isFoundCancelled: (_, found: FindOrderAnswer | undefined) => !!found && found.status === 'cancelled',
    // Any order found (the others end as failed: expired, failed or refunded); a status answer is not one.
    isFound: (_, found: FindOrderAnswer | undefined) => !!found,
    hasResume: ({ context }) => context.returnedAs !== null,
    hasPackage: ({ context }) => context.packageId !== null,
    // The last creation's answer never arrived: the order may exist, so a retry is the same purchase.
    holdsIdempotencyKey: ({ context }) => context.idempotencyKey !== null,
    isRefused: (_, answer: Pick<CreateOrderResponse, 'code'>) => answer.code !== 200,
    // PROVIDED by the app (each provider's hosts). Refusing by default: never redirect unless the app vouches.
    isAllowedCheckout: (_args, _params: CheckoutParams) => false,
    // PROVIDED by the app: the order is priced in the currency of the catalogue the buyer chose from. False by default:
    // a saved method is then never charged before the buyer confirmed the order's own currency.
    isInCatalogueCurrency: (_args, _params: OrderCurrency) => false,
    // No saved PayPal method (a saved one was approved once for all, with nothing left to approve): the buyer approves
    // in PayPal's window.
    paysInPaypalWindow: ({ context }) => context.vaultId === null,
    // PAY with a saved method: nothing else stands between the click and the charge, so the buyer confirms it first.
    chargesSavedMethod: ({ event }) => event.type === 'PAY' && event.vaultId !== undefined,
    isFundingDeclined: (_, answer: CaptureOrderResponse) => answer.code === 200 && answer.data.issue === INSTRUMENT_DECLINED,
    isCapturePaid: (_, answer: CaptureOrderResponse) => answeredOutcome(answer) === 'paid',
    isCapturePending: (_, answer: CaptureOrderResponse) => answeredOutcome(answer) === 'pending',
    isCaptureSettled: (_, answer: CaptureOrderResponse) => answeredOutcome(answer) !== null,
    // A status answer's outcome (a look-up's answer has none: no status guard lets it through).
    isPaidStatus: (_, answer: PaymentCheckAnswer) => checkedOutcome(answer) === 'paid',
    isCancelledStatus: (_, answer: PaymentCheckAnswer) => checkedOutcome(answer) === 'cancelled',
    isFailedStatus: (_, answer: PaymentCheckAnswer) => checkedOutcome(answer) === 'failed',
    isPendingStatus: (_, answer: PaymentCheckAnswer) => checkedOutcome(answer) === 'pending',
  },
  delays: {
    // The QR hand-off, measured when the code is shown: whatever is left until the server's expiry, 15 minutes at most.
    QR_EXPIRY: ({ context }) => qrExpiryMs(context.order?.expireTime ?? null, Date.now()),
  },
});

/** A state of a payment chart, typed by paymentSetup. */
type PaymentStateConfig = ReturnType<typeof paymentSetup.createStateConfig>;

/** Where a polling state goes when the poller stops: after too many failed checks, and at its time limit. */
interface PollingExits {
  stoppedAfterErrors: string;
  timedOut: { target: string; actions?: 'setExpired' };
  /** Where a pending answer leads when the provider settles slowly (the poller asks again otherwise). */
  slowlyPending?: string;
}

/**
 * A state that polls the order with the shared poller (`policy`): it asks at once, then less often, never while the
 * tab is hidden, and reports each answer here. A settled order leaves for the chart's paid, cancelled or failed; a
 * pending or refused answer leaves the asking to the poller (it counts a refused one as a failed check), and its
 * reports of stopping lead to `exits`.
 */
export function orderPolling(machineId: string, policy: PollingPolicy, exits: PollingExits) {
  const at = (state: string) => `#${machineId}.${state}`;
  return paymentSetup.createStateConfig({
    invoke: {
      id: 'poller',
      src: 'poller',
      input: ({ context, self }): PollingInput => ({
        policy,
        check: { orderNo: orderOf(context, machineId).orderNo } satisfies CheckOrderInput,
        reportTo: self,
      }),
    },
    on: {
      'polling.answered': [
        { guard: { type: 'isPaidStatus', params: ({ event }) => event.answer }, target: at('paid') },
        { guard: { type: 'isCancelledStatus', params: ({ event }) => event.answer }, target: at('cancelled') },
        { guard: { type: 'isFailedStatus', params: ({ event }) => event.answer }, target: at('failed') },
        // Still pending at a provider that settles in minutes to hours: the wait for it is its own state.
        ...(exits.slowlyPending
          ? [
              {
                guard: { type: 'isPendingStatus' as const, params: ({ event }: { event: { answer: PaymentCheckAnswer } }) => event.answer },
                target: exits.slowlyPending,
              },
            ]
          : []),
        // Still pending, or refused (a hiccup must not lose a paid order): the poller asks again, a little later.
      ],
      'polling.stoppedAfterErrors': exits.stoppedAfterErrors,
      'polling.timedOut': exits.timedOut,
    },
  });
}

type CreateOrderOnDone = NonNullable<Extract<PaymentStateConfig['invoke'], { src: 'createOrder' }>['onDone']>;
/** One way out of creatingOrder, for an order the server made. */
type CreatedTransition = Extract<CreateOrderOnDone, readonly unknown[]>[number];
/** A hand-off's own top-level states, named for what the buyer does there. */
export type HandOffStates = NonNullable<PaymentStateConfig['states']>;

/** A provider's hand-off, plugged into the chart between creating the order and confirming it. */
export interface HandOff<TStates extends HandOffStates = HandOffStates> {
  /**
   * Where creatingOrder goes with an order the server made (a refusal is handled by the chart): into the hand-off's
   * states, with setOrder and spendIdempotencyKey.
   */
  onCreated: readonly CreatedTransition[];
  states: TStates;
  /** Further ways out of timedOut, where a provider offers one (a new QR code). */
  timedOut?: PaymentStateConfig['on'];
}

/** A provider's hand-off, built for a machine id (for `#id.state` targets); its states keep their names in the chart's types. */
export function defineHandOff<const TStates extends HandOffStates>(build: (machineId: string) => HandOff<TStates>) {
  return build;
}

/**
 * Builds a provider's payment chart: `handOff` receives the machine's id (for `#id.state` targets) and returns the
 * provider's part.
 */
export function createPaymentMachine<const TStates extends HandOffStates>({
  id,
  handOff,
  settlesSlowly = false,
}: {
  id: string;
  handOff: (machineId: string) => HandOff<TStates>;
  /**
   * The provider settles in minutes to hours, not seconds (a crypto payment waits for blockchain confirmations): its
   * chart has awaitingConfirmations, where a pending order is waited on for hours and the buyer may leave meanwhile.
   * The chart knows this of its provider; nobody passes it in.
   */
  settlesSlowly?: boolean;
}) {
  const provider = handOff(id);
  const settlementPolling = orderPolling(id, SETTLEMENT_POLLING, {
    stoppedAfterErrors: `#${id}.stoppedAfterErrors`,
    timedOut: { target: `#${id}.timedOut` },
  });
  // A provider that settles in minutes to hours (a crypto payment waiting for blockchain confirmations): asked about
  // now and then for hours; the buyer may leave (the order stays watched, and they are told once it settles), or say
  // they did not pay.
  const awaitingConfirmations = paymentSetup.createStateConfig({
    tags: 'awaitingSettlement',
    entry: 'watchSettlement',
    invoke: settlementPolling.invoke,
    on: {
      ...settlementPolling.on,
      // The buyer leaves: the order is not forgotten, only no longer shown here.
      DISMISS: { target: 'choosingPackage', actions: 'reset' },
      // The buyer did not pay (left the invoice, say): the order is no longer watched nor remembered by this tab. The
      // API still holds it until the provider expires it; a payment after all shows in the order list.
      STOP_WATCHING: { target: 'choosingPackage', actions: ['unwatchSettlement', FORGET_OPEN, 'reset'] },
    },
  });
  const slowStates = settlesSlowly ? { awaitingConfirmations } : {};
  return paymentSetup.createMachine({
    id,
    context: ({ input }) => initialPaymentContext(input),
    initial: 'starting',
    states: {
      // Decides at once where a fresh or resumed payment begins: a resumed one asks the API first, whatever the link said.
      starting: {
        always: [{ guard: 'hasResume', target: 'findingOrder' }, { target: 'choosingPackage' }],
      },
      // Back from the provider, in any tab or browser, or after a reload: the order as the API lists it (the one the
      // return or this tab names, or the account's newest with this provider), looked up through the shared poller (a
      // failed call is asked again, less often, never while the tab is hidden). Only its answer says paid or not, and a
      // payment is announced only where this tab or browser was waiting for it.
      findingOrder: {
        tags: 'busy',
        invoke: {
          id: 'lookup',
          src: 'lookupPoller',
          input: ({ context, self }): PollingInput => ({
            policy: LOOKUP_POLLING,
            check: { orderNo: context.order?.orderNo ?? null } satisfies FindOrderInput,
            reportTo: self,
          }),
        },
        on: {
          'polling.answered': [
            { guard: { type: 'isOrderMissing', params: foundOrder }, target: 'orderNotFound' },
            // A link's word about an order settled long ago is old news; a reload or the watch list is not a link.
            {
              guard: and(['cameFromLink', { type: 'isOldNews', params: foundOrder }]),
              target: 'settledEarlier',
              actions: setFoundOrder,
            },
            {
              guard: and([
                { type: 'isFoundPaid', params: foundOrder },
                { type: 'isAwaitedHere', params: foundOrder },
              ]),
              target: 'paid',
              actions: setFoundOrder,
            },
            // Paid, but nothing here was waiting for it (a link naming it, another browser): said as it is, never announced.
            { guard: { type: 'isFoundPaid', params: foundOrder }, target: 'foundPaid', actions: setFoundOrder },
            {
              guard: and(['returnedCancelled', { type: 'isFoundPending', params: foundOrder }]),
              target: 'leftUnpaid',
              actions: setFoundOrder,
            },
            // Still pending: confirmed, or, where the provider settles slowly, waited on for hours.
            {
              guard: { type: 'isFoundPending', params: foundOrder },
              target: settlesSlowly ? 'awaitingConfirmations' : 'confirming',
              actions: setFoundOrder,
            },
            { guard: { type: 'isFoundCancelled', params: foundOrder }, target: 'cancelled', actions: setFoundOrder },
            // Failed, expired or refunded.
            { guard: { type: 'isFound', params: foundOrder }, target: 'failed', actions: setFoundOrder },
          ],
          'polling.stoppedAfterErrors': {
            target: 'lookupFailed',
            actions: { type: 'setError', params: ({ event }) => lookupFailure(event.failure) },
          },
          'polling.timedOut': 'lookupFailed',
        },
      },
      // The API could not be asked (the look-up failed several times in a row, or got no answer for a minute): nothing
      // is decided; the buyer asks again.
      lookupFailed: {
        on: {
          CHECK_AGAIN: { target: 'findingOrder', actions: 'clearError' },
          DISMISS: { target: 'choosingPackage', actions: 'reset' },
        },
      },
      // The account has no such order (a link naming another's, or another provider's, or none recent with this
      // provider): nothing to show, and nothing is forgotten on a link's word (whatever this tab or the watch list
      // keeps stays: the API is asked about it again on its own terms).
      orderNotFound: {
        on: { DISMISS: { target: 'choosingPackage', actions: 'reset' } },
      },
      // The order a link names was settled before this visit: the page says how (context.foundStatus), and that nothing
      // was paid now.
      settledEarlier: {
        tags: 'settledEarlier',
        entry: FORGET_SETTLED,
        on: { DISMISS: { target: 'choosingPackage', actions: 'reset' } },
      },
      // The order is paid, but this tab and browser were not waiting for it (a link naming it, a return opened in
      // another browser): the page says it is paid and its credits are in the balance, and announces nothing.
      foundPaid: {
        on: { DISMISS: { target: 'choosingPackage', actions: 'reset' } },
      },
      // Back from the provider's cancel address while the API still holds the order open: nothing was charged, and
      // the order is not forgotten on a link's word (it expires at the provider, or is paid after all).
      leftUnpaid: {
        on: {
          RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: ['forgetOrder', 'newIdempotencyKey'] },
          CHECK_AGAIN: { target: 'findingOrder', actions: 'readAsReturned' },
          DISMISS: { target: 'choosingPackage', actions: [FORGET_OPEN, 'reset'] },
        },
      },
      ...slowStates,
      // The only state that takes PAY: a double click cannot create two orders.
      // Tagged: the view unlocks the package and method pickers here only.
      choosingPackage: {
        tags: 'choosing',
        on: {
          PAY: [
            { guard: 'chargesSavedMethod', target: 'confirmingCharge', actions: ['startOrder', 'newIdempotencyKey'] },
            { target: 'creatingOrder', actions: ['startOrder', 'newIdempotencyKey'] },
          ],
        },
      },
      // A saved method is charged without the provider asking anything: the view names the amount and the method, and
      // nothing is ordered until the buyer confirms. DISMISS goes back to choosing with nothing ordered.
      confirmingCharge: {
        tags: 'confirmingCharge',
        on: {
          CONFIRM_CHARGE: 'creatingOrder',
          DISMISS: { target: 'choosingPackage', actions: 'reset' },
        },
      },
      creatingOrder: {
        tags: 'busy',
        invoke: {
          id: 'createOrder',
          src: 'createOrder',
          input: ({ context }) => createOrderInput(context, id),
          onDone: [
            {
              guard: { type: 'isRefused', params: ({ event }) => event.output },
              target: 'failed',
              actions: [{ type: 'setError', params: ({ event }) => refusal(event.output) }, 'spendIdempotencyKey'],
            },
            ...provider.onCreated,
          ],
          onError: [
            // No answer (or none the app could read): the key is kept for RETRY.
            {
              guard: { type: 'isOrderAnswerLost', params: ({ event }) => ({ error: event.error }) },
              target: 'failed',
              actions: { type: 'setError', params: ({ event }) => rejection(event.error) },
            },
            { target: 'failed', actions: [{ type: 'setError', params: ({ event }) => rejection(event.error) }, 'spendIdempotencyKey'] },
          ],
        },
      },
      ...provider.states,
      // Back from the provider, after a reload, or when the provider's answer was not final: ask until the order is
      // settled, the time is up or the server stops answering.
      confirming: {
        tags: 'busy',
        ...orderPolling(id, ORDER_POLLING, {
          stoppedAfterErrors: `#${id}.stoppedAfterErrors`,
          timedOut: { target: `#${id}.timedOut` },
          ...(settlesSlowly ? { slowlyPending: `#${id}.awaitingConfirmations` } : {}),
        }),
      },
      // Polling stopped after too many unanswered checks: nobody asks again until the buyer does, and the order stays
      // remembered, as it may well be paid.
      stoppedAfterErrors: {
        tags: 'checksStopped',
        on: {
          CHECK_AGAIN: 'confirming',
          DISMISS: { target: 'choosingPackage', actions: [FORGET_OPEN, 'reset'] },
        },
      },
      paid: {
        tags: 'paid',
        // notifyPaid ends the watch: its claim of the news says whether the buyer is still to be told.
        entry: [FORGET_OPEN, 'notifyPaid'],
        on: { DISMISS: { target: 'choosingPackage', actions: 'reset' } },
      },
      // The buyer cancelled an order that was created: trying again is a new purchase with a new key, never that order again.
      cancelled: {
        entry: FORGET_SETTLED,
        on: {
          RETRY: { guard: 'hasPackage', target: 'creatingOrder', actions: ['forgetOrder', 'newIdempotencyKey'] },
          DISMISS: { target: 'choosingPackage', actions: 'reset' },
        },
      },
      failed: {
        tags: 'failed',
        entry: FORGET_SETTLED,
        on: {
          RETRY: [
            // The creation's answer was lost: the same key, so the server hands back the order it may have made.
            { guard: and(['hasPackage', 'holdsIdempotencyKey']), target: 'creatingOrder', actions: 'forgetOrder' },
            { guard: 'hasPackage', target: 'creatingOrder', actions: ['forgetOrder', 'newIdempotencyKey'] },
          ],
          DISMISS: { target: 'choosingPackage', actions: 'reset' },
        },
      },
      // A confirmation that took too long (or a hand-off that ran out): the order may still be paid later, so it stays
      // remembered until the buyer moves on.
      timedOut: {
        tags: 'failed',
        on: {
          ...provider.timedOut,
          CHECK_AGAIN: { target: 'confirming', actions: 'clearError' },
          DISMISS: { target: 'choosingPackage', actions: [FORGET_OPEN, 'reset'] },
        },
      },
    },
  });
}
