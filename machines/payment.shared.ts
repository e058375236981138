/**
 * What every payment machine shares, so one view can drive any provider: the input, the context, the events,
 * the confirmation timings and the reading of an order's status. Machines never import src/, so the API's
 * shapes are mirrored here.
 */
import type { ResultEnvelope } from '../src/common/types';
import { backOffSteps, BACK_OFF, isLastAllowedError, type PollingPolicy } from './polling.machine';

export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'refunded';

/** How the buyer came back to a pending order: from the provider, from its cancel link, or by reloading. */
type ReturnedAs = 'returned' | 'cancelled' | 'reloaded';

/** The pending order kept in session storage, found again after a redirect back or a reload. */
export interface ResumeOrder {
  orderNo: string;
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
}

/** server: `error` holds the message; unsafeRedirect and expired: the view words them (error stays null). */
type PaymentErrorKind = 'server' | 'unsafeRedirect' | 'expired';

export interface PaymentContext {
  /** How a resumed order came back (chooses the first state); null once the buyer starts anew. */
  returnedAs: ReturnedAs | null;
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
  /**
   * Checks of the order since polling (re)started that did not settle it, counted up to CHECK_DELAY_STEPS: the
   * wait before the next check grows with it.
   */
  unsettledChecks: number;
  /** Checks in a row that got no answer (refused, or the call failed); polling stops at MAX_FAILED_CHECKS. */
  failedChecks: number;
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
  // Back to choosing a package.
  | { type: 'DISMISS' };

/** What the app's page-visibility watcher reports while a machine polls (machines never read `document`). */
export type PageVisibilityEvent = { type: 'PAGE_HIDDEN' } | { type: 'PAGE_VISIBLE' };

export interface CreateOrderInput {
  packageId: string;
  vaultId: string | null;
  /** Null only where the app did not provide newIdempotencyKey (the explorer's simulation): the call then sends none. */
  idempotencyKey: string | null;
}

export interface CheckOrderInput {
  orderNo: string;
}

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
/** The unsettled checks after which the wait stops growing (counting further would only grow the context). */
export const CHECK_DELAY_STEPS = backOffSteps(ORDER_POLLING);
/** Checks in a row without an answer after which polling stops. */
export const MAX_FAILED_CHECKS = ORDER_POLLING.maxErrorsInARow;
/** How long confirming keeps asking before it gives up. */
export const CONFIRM_TIMEOUT_MS = ORDER_POLLING.limitMs;
/**
 * The longest a WeChat code is waited on, whatever expiry the server states: a far-future, unreadable or missing
 * one included. WeChat's own codes live two hours; nobody watches a QR code that long.
 */
export const QR_MAX_WAIT_MS = 15 * 60 * 1000;

/** What an order's status means for the payment. */
export type StatusOutcome = 'paid' | 'cancelled' | 'failed' | 'pending';

function statusOutcome(status: OrderStatus): StatusOutcome {
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

type CheckCounts = Pick<PaymentContext, 'unsettledChecks' | 'failedChecks'>;

/** Where polling (re)starts: at once, with the shortest wait, and no failure counted. */
export const FRESH_CHECKS: CheckCounts = { unsettledChecks: 0, failedChecks: 0 };

/** After a check that found the order still pending: the wait grows, and the failures in a row end. */
export function countPendingCheck(context: CheckCounts): CheckCounts {
  return { unsettledChecks: Math.min(CHECK_DELAY_STEPS, context.unsettledChecks + 1), failedChecks: 0 };
}

/** After a check that got no answer (refused, or the call failed): the wait grows, and one more failure in a row. */
export function countFailedCheck(context: CheckCounts): CheckCounts {
  return {
    unsettledChecks: Math.min(CHECK_DELAY_STEPS, context.unsettledChecks + 1),
    failedChecks: Math.min(MAX_FAILED_CHECKS, context.failedChecks + 1),
  };
}

/** Whether the check that just failed is the last one polling allows in a row (read before it is counted). */
export function isLastAllowedFailure(context: CheckCounts): boolean {
  return isLastAllowedError(ORDER_POLLING, context.failedChecks);
}

/** Context at start: a resumed order is known by its number and package only. */
export function initialPaymentContext(input: PaymentInput): PaymentContext {
  const { resume } = input;
  return {
    returnedAs: resume?.returnedAs ?? null,
    packageId: resume?.packageId ?? null,
    vaultId: null,
    order: resume ? emptyOrder(resume.orderNo) : null,
    error: null,
    errorKind: null,
    idempotencyKey: null,
    ...FRESH_CHECKS,
  };
}

/** An order known by its number only; the provider's fields are added by whoever learns them. */
function emptyOrder(orderNo: string): PaymentOrder {
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
