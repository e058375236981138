import { t } from '@lingui/core/macro';
import type { OrderStatus } from '../../api/contract';

export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return t`Pending`;
    case 'paid':
      return t`Paid`;
    case 'cancelled':
      return t`Cancelled`;
    case 'failed':
      return t`Failed`;
    case 'expired':
      return t`Expired`;
    case 'refunded':
      return t`Refunded`;
  }
}

export function orderStatusTone(status: OrderStatus): 'pending' | 'success' | 'failure' | 'neutral' {
  return status === 'paid' ? 'success' : status === 'pending' ? 'pending' : status === 'failed' ? 'failure' : 'neutral';
}
