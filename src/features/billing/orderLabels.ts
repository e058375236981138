import { t } from '@lingui/core/macro';
import type { OrderStatus } from '../../api/contract';

// An order's status agrees with "order" in languages with gender, so it has a context of its own.
export function orderStatusLabel(status: OrderStatus): string {
  switch (status) {
    case 'pending':
      return t({ message: 'Pending', context: 'order status' });
    case 'paid':
      return t({ message: 'Paid', context: 'order status' });
    case 'cancelled':
      return t({ message: 'Cancelled', context: 'order status' });
    case 'failed':
      return t({ message: 'Failed', context: 'order status' });
    case 'expired':
      return t({ message: 'Expired', context: 'order status' });
    case 'refunded':
      return t({ message: 'Refunded', context: 'order status' });
  }
}

export function orderStatusTone(status: OrderStatus): 'pending' | 'success' | 'failure' | 'neutral' {
  return status === 'paid' ? 'success' : status === 'pending' ? 'pending' : status === 'failed' ? 'failure' : 'neutral';
}
