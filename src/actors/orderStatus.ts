/**
 * An order's status as the order list reports it: how a redirect or WeChat payment is confirmed, and how the
 * settlement watch checks the orders it watches (the API has no status call for them).
 */
import type { CheckOrderResponse, OrderStatus } from '../../machines/payment.shared';
import type { ApiResult } from '../api/client';
import { payOrderList } from '../api/orders';

/** The order's status from the order list narrowed to that order; null when the list does not hold it. */
export async function listedOrderStatus(orderNo: string): Promise<ApiResult<OrderStatus | null>> {
  const result = await payOrderList({ pageNum: 1, pageSize: 1, orderNo });
  if (result.code !== 200) return result;
  const order = result.data.records.find((record) => record.orderNo === orderNo);
  return { code: 200, msg: result.msg, data: order?.status ?? null };
}

/** The status a payment confirms with: an order not listed (yet) is as good as pending, so confirming keeps asking. */
export async function orderStatusFromList(orderNo: string): Promise<CheckOrderResponse> {
  const result = await listedOrderStatus(orderNo);
  return result.code === 200 ? { code: 200, msg: result.msg, data: { orderNo, status: result.data ?? 'pending' } } : result;
}
