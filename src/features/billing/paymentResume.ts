/** Which payment the billing page picks up when it opens. */
import { SETTLEMENT_WATCH_LIMIT_MS, type ResumeOrder } from '../../../machines/payment.shared';
import type { PaymentProvider } from '../../api/contract';
import { paymentToResume, readPendingOrder } from '../../services/pendingOrder';
import { readSettlingOrders } from '../../services/settlingOrders';

/**
 * Read once when the page opens: a payment of this account to pick up again (back from a provider, in any tab or
 * browser, or reloaded), else the newest order it left settling slowly on this browser and watched for no longer than
 * the settlement watch lasts (the buyer is told once it settles; an older one is the order list's, as the watch drops it).
 */
export function readResume(accountId: string, search = location.search, now = Date.now()): { provider: PaymentProvider; order: ResumeOrder } | null {
  const resume = paymentToResume(search, readPendingOrder(), accountId);
  if (resume) return { provider: resume.provider, order: { orderNo: resume.orderNo, packageId: resume.packageId, returnedAs: resume.returnedAs } };
  // An unreadable start counts as too long, as the watch counts it.
  const settling = readSettlingOrders(accountId)
    .filter((order) => now - Date.parse(order.since) <= SETTLEMENT_WATCH_LIMIT_MS)
    .at(-1);
  return settling
    ? { provider: settling.provider, order: { orderNo: settling.orderNo, packageId: settling.packageId, returnedAs: 'reloaded' } }
    : null;
}
