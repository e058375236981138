/**
 * What every payment machine shares, so one view can drive any provider: the input, the context, the events,
 * the confirmation timings and the reading of an order's status. Machines never import src/, so the API's
 * shapes are mirrored here.
 */
import type { ResultEnvelope } from '../src/common/types';
import { BACK_OFF, type CheckOutcome, type PollingPolicy } from './polling.machine';

export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'refunded';

/** How the buyer came back to a pending order: from the provider, from its cancel link, or by reloading. */
type ReturnedAs = 'returned' | 'cancelled' | 'reloaded';

/**
 * A payment picked up again: back from the provider, or after a reload. The order is known by its number where the
 * provider's return names it or this tab remembers it; otherwise (null) the API is asked for the account's newest
 * order with that provider. Either way only the API's answer says what became of it.
 */
export interface ResumeOrder {
  orderNo: string | null;
  /** The package, where this tab remembers it ('' when not known: the API's order says). */
  packageId: string;
  returnedAs: ReturnedAs;
}

export interface PaymentInput {
  resume: ResumeOrder | null;
}

/** What the provider handed out for the order; each provider fills only its own fields. */
export interface PaymentOrder {
  orderNo: string;
  checkoutUrl: string | null;
  paypalOrderId: string | null;
  codeUrl: string | null;
  expireTime: string | null;
  /** The order's currency, where the provider's client needs it (PayPal's SDK); absent for the others. */
  currency?: string;
  /** The order's total in its currency, where the API says (PayPal's order); absent otherwise. */
  amount?: number;
}

/**
 * server: `error` holds the message; unsafeRedirect, expired and fundingDeclined (PayPal declined a saved method):
 * the view words them (error stays null).
 */
type PaymentErrorKind = 'server' | 'unsafeRedirect' | 'expired' | 'fundingDeclined';

export interface PaymentContext {
  /** How a resumed order came back (chooses the first state); null once the buyer starts anew. */
  returnedAs: ReturnedAs | null;
  /** The status the look-up of a resumed payment found its order in (the view words a settled one by it); null otherwise. */
  foundStatus: OrderStatus | null;
  packageId: string | null;
  vaultId: string | null;
  order: PaymentOrder | null;
  error: string | null;
  errorKind: PaymentErrorKind | null;
  /**
   * The purchase's idempotency key while the server's answer to creating its order is not known: a fresh one on
   * PAY, sent again when the buyer tries again after an answer that never arrived (the server then hands back the
   * order it may have made instead of a second one). Null once an answer was read, so another try is a new order.
   */
  idempotencyKey: string | null;
}

/** The events every payment machine takes from its view. */
export type PaymentUserEvent =
  | { type: 'PAY'; packageId: string; vaultId?: string }
  // The buyer agrees to the charge to a saved method that PAY asked about.
  | { type: 'CONFIRM_CHARGE' }
  // A new order for the same package.
  | { type: 'RETRY' }
  // After a time-out: ask the server again about the same order.
  | { type: 'CHECK_AGAIN' }
  // The buyer gives up while the provider has the order.
  | { type: 'CANCEL' }
  // The buyer did not pay the order waiting for a slow settlement: it is no longer watched (the provider expires it).
  | { type: 'STOP_WATCHING' }
  // Back to choosing a package.
  | { type: 'DISMISS' };

export interface CreateOrderInput {
  packageId: string;
  vaultId: string | null;
  /** Null only where the app did not provide newIdempotencyKey (the explorer's simulation): the call then sends none. */
  idempotencyKey: string | null;
}

export interface CheckOrderInput {
  orderNo: string;
}

/** Which order a resumed payment is about: the one named, or (null) the account's newest with this provider. */
export interface FindOrderInput {
  orderNo: string | null;
}

/** The order a return or a reload is about, as the API lists it. */
export interface FoundOrder {
  orderNo: string;
  packageId: string;
  status: OrderStatus;
  /**
   * Made longer ago than a checkout stays open (RETURN_WINDOW_MS): if it is settled, that happened before this
   * visit, and a link naming it is old news, never a new payment. False when its time cannot be read (not known to
   * be old).
   */
  stale: boolean;
  /**
   * This tab or this browser was waiting for it to be paid: it is the tab's pending order, or on the account's watch
   * list of slowly settling orders (same provider, same number). Only such an order's payment is news here: one found
   * paid without it is shown as it is, never announced.
   */
  awaitedHere: boolean;
}

/** What finding the order answers: the order, or null when the account has none that fits. */
export type FindOrderAnswer = FoundOrder | null;

/**
 * What the look-up's check answers, as the shared poller hands it on: the order found (null: none fits). Wrapped, so
 * that a payment chart tells it apart from a status answer (both reach the chart as `polling.answered`).
 */
export interface LookupAnswer {
  found: FindOrderAnswer;
}

/** Any answer a payment chart's pollers report: an order's status, or the look-up of a resumed payment's order. */
export type PaymentCheckAnswer = CheckOrderResponse | LookupAnswer;

/** The order a look-up found (null: none), or undefined for a status answer. */
export function foundIn(answer: PaymentCheckAnswer): FindOrderAnswer | undefined {
  return 'found' in answer ? answer.found : undefined;
}

/** A status answer's outcome; null for a refused call (a hiccup, not an answer) or a look-up's answer. */
export function checkedOutcome(answer: PaymentCheckAnswer): StatusOutcome | null {
  return 'found' in answer ? null : answeredOutcome(answer);
}

/** What a look-up tells the poller: any answer settles it (whatever it found); only a failed call is asked again. */
export function lookupCheckOutcome(_answer: LookupAnswer): CheckOutcome {
  return 'settled';
}

/**
 * How a resumed payment's order is looked up: one answer is enough; a failed call is asked again with the shared
 * back-off (2 s, then 3 s), never while the tab is hidden, and three failures in a row, or a minute without an
 * answer, stop it: the page then says nothing is decided, and the buyer asks again.
 */
export const LOOKUP_POLLING: PollingPolicy = {
  ...BACK_OFF,
  maxErrorsInARow: 3,
  limitMs: 60_000,
  pausesWhileHidden: true,
  waitsBeforeFirstCheck: false,
  failuresGrowTheWait: true,
};

/**
 * How long after its order was made a return is news: a day, the longest any of the providers keeps a payment open
 * (NOWPayments: a payment expires when the funds did not arrive within 24 hours, "Get payment status",
 * https://documenter.getpostman.com/view/7907941/S1a32n38).
 */
export const RETURN_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * How long an order is watched for a slow settlement, from when this browser started watching it: three days.
 * NOWPayments expires a payment whose funds did not arrive within 24 hours ("Get payment status",
 * https://documenter.getpostman.com/view/7907941/S1a32n38); funds that did arrive are confirmed in minutes to hours.
 * Two days more is room for a slow blockchain and an API that learns late; an order still pending after that is left
 * to the order list. The settlement watch drops such an order, and the billing page no longer picks it up.
 */
export const SETTLEMENT_WATCH_LIMIT_MS = 3 * 24 * 60 * 60 * 1000;

export interface OrderStatusAnswer {
  orderNo: string;
  status: OrderStatus;
}

export type CheckOrderResponse = ResultEnvelope<OrderStatusAnswer>;

/**
 * How an order is polled: the shared back-off (a buyer who has just paid hears of it within 10 s, and an idle tab asks
 * at most 6 times a minute), five checks in a row without an answer stop it (the buyer chooses when to ask again), a
 * minute in all (the buyer may then check again), and no checks while the tab is hidden.
 */
export const ORDER_POLLING: PollingPolicy = {
  ...BACK_OFF,
  maxErrorsInARow: 5,
  limitMs: 60_000,
  pausesWhileHidden: true,
  // The buyer may have paid already: ask at once.
  waitsBeforeFirstCheck: false,
  failuresGrowTheWait: true,
};
/**
 * How an order is waited on while it settles slowly (NOWPayments): a crypto payment goes waiting, confirming,
 * confirmed, sending, finished as the blockchain confirms it, which takes minutes to hours ("Get payment status",
 * https://documenter.getpostman.com/view/7907941/S1a32n38). The first check waits (one was just answered), then
 * every 15 s growing to every 2 minutes, never while the tab is hidden, for 6 hours; the buyer may leave at any time.
 */
export const SETTLEMENT_POLLING: PollingPolicy = {
  firstDelayMs: 15_000,
  growth: 1.5,
  maxDelayMs: 120_000,
  rateLimitedMaxDelayMs: 600_000,
  maxErrorsInARow: 5,
  limitMs: 6 * 60 * 60 * 1000,
  pausesWhileHidden: true,
  waitsBeforeFirstCheck: true,
  failuresGrowTheWait: true,
};
/**
 * The longest a WeChat code is waited on, whatever expiry the server states: a far-future, unreadable or missing
 * one included. WeChat's own codes live two hours; nobody watches a QR code that long.
 */
export const QR_MAX_WAIT_MS = 15 * 60 * 1000;
/**
 * How a WeChat code's order is polled while the code shows: as any order, but for as long as the code is waited on
 * (the code's own expiry, QR_EXPIRY, usually comes first; this limit ends the wait the same way).
 */
export const QR_POLLING: PollingPolicy = { ...ORDER_POLLING, limitMs: QR_MAX_WAIT_MS };

/** What an order's status means for the payment. */
export type StatusOutcome = 'paid' | 'cancelled' | 'failed' | 'pending';

export function statusOutcome(status: OrderStatus): StatusOutcome {
  switch (status) {
    case 'paid':
      return 'paid';
    case 'cancelled':
      return 'cancelled';
    case 'pending':
      return 'pending';
    case 'failed':
    case 'expired':
    case 'refunded':
      return 'failed';
  }
}

/** The outcome a status answer reports, or null for a refused call (a hiccup, not an answer). */
export function answeredOutcome(response: ResultEnvelope<OrderStatusAnswer>): StatusOutcome | null {
  return response.code === 200 ? statusOutcome(response.data.status) : null;
}

/** What a status answer tells the poller: a settled order ends polling, a refused call counts as a failed check. */
export function orderCheckOutcome(response: CheckOrderResponse): CheckOutcome {
  const outcome = answeredOutcome(response);
  return outcome === null ? 'refused' : outcome === 'pending' ? 'pending' : 'settled';
}

/** Milliseconds until a WeChat code expires (0 if it already has), measured from `now`, at most QR_MAX_WAIT_MS. */
export function qrExpiryMs(expireTime: string | null, now: number): number {
  const expiresAt = expireTime === null ? Number.NaN : Date.parse(expireTime);
  if (Number.isNaN(expiresAt)) return QR_MAX_WAIT_MS;
  return Math.min(QR_MAX_WAIT_MS, Math.max(0, expiresAt - now));
}

/**
 * When the page stops waiting on a code shown at `now` (ISO 8601): the server's expiry, 15 minutes at most. The app
 * stores this as the order's expiry, so the time the buyer reads is the time the page gives up.
 */
export function qrWaitEnds(expireTime: string | null, now: number): string {
  return new Date(now + qrExpiryMs(expireTime, now)).toISOString();
}

/** Context at start: a resumed order is known by its number and package only, where at all. */
export function initialPaymentContext(input: PaymentInput): PaymentContext {
  const { resume } = input;
  return {
    returnedAs: resume?.returnedAs ?? null,
    foundStatus: null,
    packageId: resume?.packageId || null,
    vaultId: null,
    order: resume?.orderNo ? emptyOrder(resume.orderNo) : null,
    error: null,
    errorKind: null,
    idempotencyKey: null,
  };
}

/** An order known by its number only; the provider's fields are added by whoever learns them. */
export function emptyOrder(orderNo: string): PaymentOrder {
  return { orderNo, checkoutUrl: null, paypalOrderId: null, codeUrl: null, expireTime: null };
}

/** The order being paid; only reachable in states entered with one. */
export function orderOf(context: PaymentContext, machineId: string): PaymentOrder {
  if (!context.order) throw new Error(`${machineId}: no order`);
  return context.order;
}

/** What creatingOrder sends; only reachable after PAY or RETRY stored the package. */
export function createOrderInput(context: PaymentContext, machineId: string): CreateOrderInput {
  if (context.packageId === null) throw new Error(`${machineId}: no package to order`);
  return { packageId: context.packageId, vaultId: context.vaultId, idempotencyKey: context.idempotencyKey };
}
