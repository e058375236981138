/**
 * The words of a settled payment's news, whoever tells it: the payment's own panel, or the settlement watch on any
 * page (it names the provider and the order, as the buyer may have paid hours ago).
 */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import * as v from 'valibot';
import type { ToldNews } from '../../machines/settlementWatch.machine';
import { PaymentProviderSchema } from '../api/contract';
import { findPackage, totalCredits } from '../domain/creditPackages';
import { PROVIDER_NAMES } from '../domain/paymentProviders';

/** A paid order: its credits (where the package is known) are in the balance. */
export function paidNews(packageId: string): string {
  const bought = findPackage(packageId);
  if (!bought) return t`Payment received. Your credits are in your balance.`;
  const credits = i18n.number(totalCredits(bought));
  return t`Payment received: ${credits} credits are in your balance.`;
}

/** The provider's name as the buyer knows it (an id the app does not know is shown as it is). */
function providerName(provider: string): string {
  return v.is(PaymentProviderSchema, provider) ? PROVIDER_NAMES[provider] : provider;
}

/** An order that settled without being paid: what happened, and what to do. */
export function unpaidNews({ order, outcome }: Pick<ToldNews, 'order' | 'outcome'>): string {
  const name = providerName(order.provider);
  const orderNo = order.orderNo;
  switch (outcome) {
    case 'paid':
      return paidNews(order.packageId);
    case 'cancelled':
      return t`Your ${name} payment (order ${orderNo}) was cancelled. Nothing was charged: buy credits again on the Billing page when you are ready.`;
    case 'expired':
      return t`Your ${name} payment (order ${orderNo}) expired before the funds arrived, so no credits were added. If you sent the payment, contact support with the order number; otherwise buy credits again on the Billing page.`;
    case 'refunded':
      return t`Your ${name} payment (order ${orderNo}) was refunded, so no credits were added. If you did not ask for a refund, contact support with the order number.`;
    case 'failed':
      return t`Your ${name} payment (order ${orderNo}) failed, so no credits were added. Buy credits again on the Billing page, or contact support with the order number if you were charged.`;
  }
}
