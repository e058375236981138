/**
 * What every payment machine shares, so one view can drive any provider: the input, the context, the events,
 * the confirmation timings and the reading of an order's status. Machines never import src/, so the API's
 * shapes are mirrored here.
 */
import type { ResultEnvelope } from './types';

export type OrderStatus = 'pending' | 'paid' | 'cancelled' | 'failed' | 'expired' | 'refunded';

/** How the buyer came back to a pending order: from the provider, from its cancel link, or by reloading. */
export type ReturnedAs = 'returned' | 'cancelled' | 'reloaded';

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
export type PaymentErrorKind = 'server' | 'unsafeRedirect' | 'expired';

export interface PaymentContext {
  /** How a resumed order came back (chooses the first state); null once the buyer starts anew. */
  returnedAs: ReturnedAs | null;
  packageId: string | null;
  vaultId: string | null;
  order: PaymentOrder | null;
  error: string | null;
  errorKind: PaymentErrorKind | null;
}

/** The events every payment machine takes from its view. */
export type PaymentUserEvent =
  | { type: 'PAY'; packageId: string; vaultId?: string }
  // A new order for the same package.
  | { type: 'RETRY' }
  // After a time-out: ask the server again about the same order.
  | { type: 'CHECK_AGAIN' }
  // The buyer gives up while the provider has the order.
  | { type: 'CANCEL' }
  // Back to choosing a package.
  | { type: 'DISMISS' };

export interface CreateOrderInput {
  packageId: string;
  vaultId: string | null;
}

export interface CheckOrderInput {
  orderNo: string;
}

export interface OrderStatusAnswer {
  orderNo: string;
  status: OrderStatus;
}

export type CheckOrderResponse = ResultEnvelope<OrderStatusAnswer>;

/** Time between two questions about a pending order. */
export const CONFIRM_INTERVAL_MS = 2000;
/** How long confirming keeps asking before it gives up (the buyer may then check again). */
export const CONFIRM_TIMEOUT_MS = 60_000;
/** A WeChat code whose expiry cannot be read lives as long as WeChat's own default (two hours). */
export const QR_FALLBACK_EXPIRY_MS = 2 * 60 * 60 * 1000;
/** setTimeout fires at once past this; a later expiry waits this long instead. */
const MAX_TIMER_MS = 2 ** 31 - 1;

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

/** Milliseconds until a WeChat code expires (0 if it already has), measured from `now`. */
export function qrExpiryMs(expireTime: string | null, now: number): number {
  const expiresAt = expireTime === null ? Number.NaN : Date.parse(expireTime);
  if (Number.isNaN(expiresAt)) return QR_FALLBACK_EXPIRY_MS;
  return Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - now));
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
  return { packageId: context.packageId, vaultId: context.vaultId };
}
