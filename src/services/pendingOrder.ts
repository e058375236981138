/**
 * The order the buyer is paying right now, kept in session storage so a redirect to the provider and
 * back, or a reload, finds it again and confirms it instead of losing it. It belongs to the account that
 * started it: another account signed in to the same tab never resumes it.
 */
import * as v from 'valibot';
import { PaymentProviderSchema, type PaymentProvider } from '../api/contract';

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

export function clearPendingOrder(orderNo?: string): void {
  try {
    // Only the order that finished: a newer pending order (another tab of this session) stays.
    if (orderNo === undefined || readPendingOrder()?.orderNo === orderNo) sessionStorage.removeItem(PENDING_ORDER_KEY);
  } catch {
    // Nothing to clear.
  }
}

type ReturnedAs = 'returned' | 'cancelled' | 'reloaded';

export interface PaymentResume {
  provider: PaymentProvider;
  orderNo: string;
  packageId: string;
  returnedAs: ReturnedAs;
}

/**
 * What the billing page should pick up when it opens for `accountId`: a buyer back from a provider (its query says
 * `payment=returned|cancelled&provider=…&orderNo=…`), or a pending order found after a reload. An order another
 * account stored is not resumed, not even when the provider's return names it.
 */
export function paymentToResume(search: string, storedOrder: PendingOrder | null, accountId: string | null): PaymentResume | null {
  const foreign = storedOrder !== null && (storedOrder.accountId === null || storedOrder.accountId !== accountId);
  const stored = foreign ? null : storedOrder;
  const query = new URLSearchParams(search);
  const payment = query.get('payment');
  const provider = v.safeParse(PaymentProviderSchema, query.get('provider'));
  if ((payment === 'returned' || payment === 'cancelled') && provider.success) {
    const storedHere = stored?.provider === provider.output ? stored : null;
    const orderNo = query.get('orderNo') || storedHere?.orderNo;
    if (!orderNo || (foreign && orderNo === storedOrder.orderNo)) return null;
    const packageId = storedHere?.orderNo === orderNo ? storedHere.packageId : '';
    return { provider: provider.output, orderNo, packageId, returnedAs: payment };
  }
  return stored ? { provider: stored.provider, orderNo: stored.orderNo, packageId: stored.packageId, returnedAs: 'reloaded' } : null;
}

/** The billing address without the return parameters, so a reload does not count as another return. */
export function withoutPaymentParams(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of ['payment', 'provider', 'orderNo']) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
