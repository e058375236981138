/**
 * What the demo checkout pages do to an order, straight on the demo database (a provider's page knows the
 * order by its number, not by the buyer's session), and where they send the buyer afterwards.
 */
import * as v from 'valibot';
import { PaymentProviderSchema, type PaymentProvider } from '../../api/contract';
import { DEMO_CHECKOUT_PATH, paymentReturnUrls } from '../../domain/paymentProviders';
import { approveOrder, findOrder, refreshOrderStatus, sendCrypto, settleOrder, type DemoDb, type OrderRow, type SettleOutcome } from '../db';
import { PAYPAL_MESSAGE_SOURCE, type PaypalOutcome, type PaypalPopupMessage } from './paypalMessage';

export interface CheckoutRequest {
  /** Which provider's page (null: an address under the checkout path that names none). */
  provider: PaymentProvider | null;
  orderNo: string;
  returnUrl: string;
  cancelUrl: string;
  /** PayPal's order id (the popup's `token`). */
  paypalOrderId: string;
}

/** Only pages of this site: a checkout link must not turn the demo into an open redirect. */
function ownPage(url: string | null, origin: string, fallback: string): string {
  if (!url) return fallback;
  try {
    const parsed = new URL(url);
    return parsed.origin === origin ? parsed.href : fallback;
  } catch {
    return fallback;
  }
}

/** Reads a demo checkout address: /demo-checkout/<provider>?orderNo=…&returnUrl=…&cancelUrl=…&token=… */
export function parseCheckoutRequest(href: string): CheckoutRequest {
  const url = new URL(href);
  const name = url.pathname.startsWith(DEMO_CHECKOUT_PATH) ? url.pathname.slice(DEMO_CHECKOUT_PATH.length).replace(/\/+$/, '') : '';
  const parsed = v.safeParse(PaymentProviderSchema, name);
  const provider = parsed.success ? parsed.output : null;
  const query = url.searchParams;
  const defaults = paymentReturnUrls(url.origin, provider ?? 'creem');
  return {
    provider,
    orderNo: query.get('orderNo')?.trim() ?? '',
    returnUrl: ownPage(query.get('returnUrl'), url.origin, defaults.returnUrl),
    cancelUrl: ownPage(query.get('cancelUrl'), url.origin, defaults.cancelUrl),
    paypalOrderId: query.get('token')?.trim() ?? '',
  };
}

/**
 * The address a hosted checkout sends the buyer back to, with what that provider adds to it as its documents say
 * (src/domain/paymentReturn.ts cites them): Creem its checkout, order, customer and product ids and the request_id
 * the checkout was made with (the demo has no API key, so no signature); Freekassa MERCHANT_ORDER_ID; Digiseller its
 * own uniquecode; NOWPayments nothing. None adds our own order parameter.
 */
export function withProviderReturn(url: string, provider: PaymentProvider | null, orderNo: string): string {
  const target = new URL(url);
  const add = (params: Record<string, string>) => {
    for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  };
  const code = orderNo.replace(/[^A-Za-z0-9]/g, '');
  switch (provider) {
    case 'creem':
      // Creem returns from a paid checkout only; its page has no cancel address of its own.
      if (target.searchParams.get('payment') !== 'cancelled') {
        add({ checkout_id: `ch_demo${code}`, order_id: `ord_demo${code}`, customer_id: 'cust_demo', product_id: 'prod_demo', request_id: orderNo });
      }
      break;
    case 'freekassa':
      add({ MERCHANT_ORDER_ID: orderNo });
      break;
    case 'digiseller':
      add({ uniquecode: `DEMO${code}`.slice(0, 16).toUpperCase().padEnd(16, '0') });
      break;
    default:
      break;
  }
  return target.href;
}

export type CheckoutOrder =
  | { kind: 'unknown' }
  /** Pending: the page may take or refuse the payment. */
  | { kind: 'open'; order: OrderRow }
  /** Already paid, cancelled, failed, expired or refunded. */
  | { kind: 'closed'; order: OrderRow };

/** The order this page is for, if it exists and was made for this provider (and PayPal order). */
export function readCheckoutOrder(db: DemoDb, request: CheckoutRequest): CheckoutOrder {
  const data = db.read();
  const order = request.orderNo ? findOrder(data, request.orderNo) : undefined;
  if (!order || order.provider !== request.provider) return { kind: 'unknown' };
  if (request.provider === 'paypal' && order.paypalOrderId !== request.paypalOrderId) return { kind: 'unknown' };
  const before = order.status;
  if (refreshOrderStatus(order) !== before) db.save();
  return order.status === 'pending' ? { kind: 'open', order } : { kind: 'closed', order };
}

/** Pays, cancels or fails the order; false when it was no longer pending (nothing changed). */
export function settleFromCheckout(db: DemoDb, orderNo: string, outcome: SettleOutcome): boolean {
  const data = db.read();
  const order = findOrder(data, orderNo);
  if (!order || !settleOrder(data, order, outcome)) return false;
  db.save();
  return true;
}

/**
 * NOWPayments' payment seen on the blockchain but not yet confirmed (its `confirming`): the order stays pending, and
 * NOWPayments sends the buyer back. False when the order was no longer pending.
 */
export function sendCryptoFromCheckout(db: DemoDb, orderNo: string): boolean {
  const order = findOrder(db.read(), orderNo);
  if (!order || !sendCrypto(order)) return false;
  db.save();
  return true;
}

/** PayPal's Approve: capture may then take the money. False when the order was no longer pending. */
export function approveFromCheckout(db: DemoDb, orderNo: string): boolean {
  const order = findOrder(db.read(), orderNo);
  if (!order || !approveOrder(order)) return false;
  db.save();
  return true;
}

export function paypalMessage(orderNo: string, outcome: PaypalOutcome, message?: string): PaypalPopupMessage {
  return message === undefined ? { source: PAYPAL_MESSAGE_SOURCE, orderNo, outcome } : { source: PAYPAL_MESSAGE_SOURCE, orderNo, outcome, message };
}
