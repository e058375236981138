/**
 * What a buyer's return from a hosted checkout says, read from the billing page's address as each provider
 * documents its return. None of it is proof of anything: a link can be typed by anyone, so it only names the order
 * the page then asks the API about (docs/api.md, "Payments"). No provider appends our own order parameter.
 */
import type { RedirectProvider } from './checkoutHosts';

/** How the buyer came back: from the success address, or from the cancel (or fail) address. */
type ReturnedAs = 'returned' | 'cancelled';

export interface PaymentReturn {
  provider: RedirectProvider;
  /** Our order number, where the provider's own parameters carry it; null where they do not. */
  orderNo: string | null;
  returnedAs: ReturnedAs;
}

/** An order number as the API writes them; anything else in a parameter is not an order number. */
const ORDER_NO = /^[A-Za-z0-9_-]{1,64}$/;

function orderNoIn(value: string | null): string | null {
  const trimmed = value?.trim() ?? '';
  return ORDER_NO.test(trimmed) ? trimmed : null;
}

/** Our own markers, on the return and cancel addresses the order was created with (paymentReturnUrls). */
function markedAs(query: URLSearchParams): ReturnedAs | null {
  const payment = query.get('payment');
  return payment === 'returned' || payment === 'cancelled' ? payment : null;
}

function markedProvider(query: URLSearchParams): RedirectProvider | null {
  const provider = query.get('provider');
  return provider === 'creem' || provider === 'nowpayments' || provider === 'freekassa' || provider === 'digiseller' ? provider : null;
}

/**
 * The provider's own return parameters (and ours), or null when the address is no return. Each provider's, from its
 * documents:
 * - Creem sends the buyer to the checkout's success_url with checkout_id, order_id, customer_id, product_id, the
 *   request_id we created the checkout with (our order number) and a signature only the API can check ("Return
 *   URLs", https://docs.creem.io/learn/checkout-session/return-url). Creem has no cancel address.
 * - Freekassa sends the buyer to the success or failure URL set in the merchant panel, not one we send, with
 *   MERCHANT_ORDER_ID, the order number we put in the form's `o` ("Документация Freekassa Api", 1.2,
 *   https://docs.freekassa.com/): the operator sets both to /dashboard/billing (with `payment=cancelled` on the
 *   failure URL, which the page reads as a cancel).
 * - Digiseller sends the buyer to the address set in the product's "unique code" settings with `uniquecode`, its own
 *   code, which only its API maps to the purchase ("Frequently Asked Questions on how to select a product at
 *   Digiseller", https://wiki.wmtransfer.com/projects/digiseller/wiki/Frequently_Asked_Questions_on_how_to_select_a_product_at_Digiseller).
 * - NOWPayments sends the buyer to the invoice's success_url or cancel_url as given, adding nothing ("Create
 *   invoice", https://documenter.getpostman.com/view/7907941/S1a32n38): only our markers say it was NOWPayments.
 */
export function readPaymentReturn(search: string): PaymentReturn | null {
  const query = new URLSearchParams(search);
  const marked = markedAs(query);
  if (query.has('checkout_id')) return { provider: 'creem', orderNo: orderNoIn(query.get('request_id')), returnedAs: 'returned' };
  if (query.has('MERCHANT_ORDER_ID'))
    return { provider: 'freekassa', orderNo: orderNoIn(query.get('MERCHANT_ORDER_ID')), returnedAs: marked ?? 'returned' };
  if (query.has('uniquecode')) return { provider: 'digiseller', orderNo: null, returnedAs: 'returned' };
  const provider = markedProvider(query);
  return provider && marked ? { provider, orderNo: null, returnedAs: marked } : null;
}

/** Every parameter a return may carry, ours and the providers': dropped from the address once read. */
export const RETURN_PARAMETERS = [
  'payment',
  'provider',
  'checkout_id',
  'order_id',
  'customer_id',
  'subscription_id',
  'product_id',
  'request_id',
  'signature',
  'MERCHANT_ORDER_ID',
  'intid',
  'uniquecode',
] as const;

/** The billing address without the return parameters, so a reload does not count as another return. */
export function withoutReturnParameters(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of RETURN_PARAMETERS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
