/**
 * The order the buyer is paying right now, kept in session storage so a redirect to the provider and
 * back, or a reload, finds it again and confirms it instead of losing it. It belongs to the account that
 * started it: another account signed in to the same tab never resumes it.
 */
import * as v from 'valibot';
import { PaymentProviderSchema, type PaymentProvider } from '../api/contract';
import { readPaymentReturn } from '../domain/paymentReturn';

export const PENDING_ORDER_KEY = 'nanobanana.pendingOrder';

const PendingOrderSchema = v.object({
  provider: PaymentProviderSchema,
  orderNo: v.pipe(v.string(), v.minLength(1)),
  packageId: v.string(),
  // Whose order it is; null when the app could not tell (then nobody resumes it). An order stored without it
  // (before accounts were recorded) does not parse, so it is not resumed either.
  accountId: v.nullable(v.pipe(v.string(), v.minLength(1))),
  createdAt: v.string(),
});
export type PendingOrder = v.InferOutput<typeof PendingOrderSchema>;

export function readPendingOrder(): PendingOrder | null {
  try {
    const raw = sessionStorage.getItem(PENDING_ORDER_KEY);
    if (raw === null) return null;
    const parsed = v.safeParse(PendingOrderSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    // Storage blocked or a damaged value: as if nothing were pending.
    return null;
  }
}

export function savePendingOrder(order: Omit<PendingOrder, 'createdAt'>, now = new Date()): void {
  try {
    sessionStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ ...order, createdAt: now.toISOString() }));
  } catch {
    // Without storage a redirect cannot be resumed here; the order still shows in the order list.
  }
}

/**
 * Clears the pending order, only if it is this one (the same provider and number): a newer pending order (another tab
 * of this session), or another provider's order a crafted return names, stays.
 */
export function clearPendingOrder(order: { provider: string; orderNo: string }): void {
  try {
    const pending = readPendingOrder();
    if (pending?.provider === order.provider && pending.orderNo === order.orderNo) sessionStorage.removeItem(PENDING_ORDER_KEY);
  } catch {
    // Nothing to clear.
  }
}

/** Whether this tab's pending order is this one: the same provider, number and account. */
export function isPendingHere(order: { provider: string; orderNo: string; accountId: string }): boolean {
  const pending = readPendingOrder();
  return pending !== null && pending.provider === order.provider && pending.orderNo === order.orderNo && pending.accountId === order.accountId;
}

type ReturnedAs = 'returned' | 'cancelled' | 'reloaded';

export interface PaymentResume {
  provider: PaymentProvider;
  /** The order, where the provider's return names it or this tab remembers it; null: the API's newest is asked for. */
  orderNo: string | null;
  packageId: string;
  returnedAs: ReturnedAs;
}

/**
 * What the billing page should pick up when it opens for `accountId`: a buyer back from a provider (its own return
 * parameters, read by readPaymentReturn, in any tab or browser), or a pending order this tab remembers after a
 * reload. Only the API's answer for the order then says what became of it. An order another account stored is not
 * resumed, not even when a return names it.
 */
export function paymentToResume(search: string, storedOrder: PendingOrder | null, accountId: string | null): PaymentResume | null {
  const foreign = storedOrder !== null && (storedOrder.accountId === null || storedOrder.accountId !== accountId);
  const stored = foreign ? null : storedOrder;
  const back = readPaymentReturn(search);
  if (back) {
    // The provider's parameters name the order, or this tab remembers the one it sent to that provider.
    const storedHere = stored?.provider === back.provider ? stored : null;
    const orderNo = back.orderNo ?? storedHere?.orderNo ?? null;
    if (foreign && orderNo === storedOrder.orderNo) return null;
    const packageId = storedHere !== null && storedHere.orderNo === orderNo ? storedHere.packageId : '';
    return { provider: back.provider, orderNo, packageId, returnedAs: back.returnedAs };
  }
  return stored ? { provider: stored.provider, orderNo: stored.orderNo, packageId: stored.packageId, returnedAs: 'reloaded' } : null;
}
