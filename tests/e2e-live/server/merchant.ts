/**
 * The test platform's merchant accounts at each provider: what the API server and the providers' stand-ins share,
 * as a real deployment shares them through each provider's dashboard (ids, webhook secrets, the Discord client).
 * Used by the test server (./payments.ts) and the stand-ins (../standins/).
 */
import { createHash, createHmac } from 'node:crypto';

/** Creem: a product per credit package would exist in the dashboard; the webhook is signed with this secret. */
export const CREEM_WEBHOOK_SECRET = 'whsec_live_test_creem';
/** Creem: the API key, which also salts the return address's signature ("Return URLs"). */
export const CREEM_API_KEY = 'creem_test_live_test_api_key';
/** Freekassa: the success and failure URLs the operator set in the merchant panel (the order's own are not used). */
export const FREEKASSA_PANEL_SUCCESS_PATH = '/dashboard/billing';
export const FREEKASSA_PANEL_FAILURE_PATH = '/dashboard/billing?payment=cancelled';
/** Digiseller: the return address set in the product's unique-code settings. */
export const DIGISELLER_PRODUCT_RETURN_PATH = '/dashboard/billing';
/** NOWPayments: IPN notifications carry an HMAC-SHA512 of the sorted JSON body with this secret. */
export const NOWPAYMENTS_IPN_SECRET = 'live-test-nowpayments-ipn-secret';
/** Freekassa: the shop id and its two secret words (the first signs the payment form, the second notifications). */
export const FREEKASSA_SHOP_ID = '48213';
export const FREEKASSA_SECRET_1 = 'live-test-freekassa-word-1';
export const FREEKASSA_SECRET_2 = 'live-test-freekassa-word-2';
/** Digiseller: the seller's product sold as credits, and the key its payment notifications are signed with. */
export const DIGISELLER_PRODUCT_ID = '3904217';
export const DIGISELLER_NOTIFY_KEY = 'live-test-digiseller-key';
/** WeChat Pay: the merchant's APIv3 key (notifications would be encrypted with it; here it signs them). */
export const WECHAT_API_V3_KEY = 'live-test-wechat-api-v3-key-0001';
/** Discord: the application's client id, as its developer portal shows it. */
export const DISCORD_CLIENT_ID = '1187420563210987654';
/** The scopes the platform asks Discord for: who the user is, and adding them to the server. */
export const DISCORD_SCOPES = 'identify guilds.join';

export function md5(text: string): string {
  return createHash('md5').update(text).digest('hex');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function hmacHex(algorithm: 'sha256' | 'sha512', secret: string, text: string): string {
  return createHmac(algorithm, secret).update(text).digest('hex');
}

/** A JSON object's keys sorted at every level: how NOWPayments serialises the body it signs. */
export function sortedJson(value: unknown): string {
  const sort = (item: unknown): unknown => {
    if (Array.isArray(item)) return item.map(sort);
    if (item && typeof item === 'object') {
      return Object.fromEntries(
        Object.keys(item)
          .sort()
          .map((key) => [key, sort((item as Record<string, unknown>)[key])]),
      );
    }
    return item;
  };
  return JSON.stringify(sort(value));
}

/** Freekassa's payment-form signature: md5 of shop id, amount, secret word 1, currency and order id, joined by ':'. */
export function freekassaFormSign(amount: string, currency: string, orderId: string): string {
  return md5([FREEKASSA_SHOP_ID, amount, FREEKASSA_SECRET_1, currency, orderId].join(':'));
}

/** Freekassa's notification signature: md5 of shop id, amount, secret word 2 and order id, joined by ':'. */
export function freekassaNotifySign(amount: string, orderId: string): string {
  return md5([FREEKASSA_SHOP_ID, amount, FREEKASSA_SECRET_2, orderId].join(':'));
}

/** The checkout a provider keeps for an order the platform created there: what its page and notification use. */
export interface ProviderCheckout {
  provider: 'creem' | 'nowpayments' | 'freekassa' | 'digiseller' | 'wechat' | 'paypal';
  /** The provider's own id for it (checkout id, invoice id, PayPal order id, WeChat prepay code). */
  id: string;
  /** The platform's order number (Creem's request_id, NOWPayments' order_id, Freekassa's o, …). */
  orderNo: string;
  /** Dollars, as the platform priced it. */
  amount: number;
  currency: string;
  /** Where the buyer goes after paying, and after cancelling. */
  successUrl: string;
  cancelUrl: string;
  /** PayPal only: the buyer approved in PayPal's window. */
  approved?: boolean;
  /** PayPal only: the funding source the buyer approved with is one PayPal declines at the capture. */
  declinesAtCapture?: boolean;
}

/** A checkout as the test API reports it to the providers' stand-ins: with its order's status. */
export interface ProviderCheckoutRecord extends ProviderCheckout {
  status: string;
}

/** The checkout a provider keeps under its own id (what its pages read), or null when the provider has none. */
export async function readProviderCheckout(apiUrl: string, id: string): Promise<ProviderCheckoutRecord | null> {
  const answer = await fetch(`${apiUrl}/__test/providers/checkouts/${encodeURIComponent(id)}`);
  return answer.ok ? ((await answer.json()) as ProviderCheckoutRecord) : null;
}

/** The fields of Digiseller's payment notification that its signature covers. */
export interface DigisellerSignedFields {
  ID_I: string;
  ID_D: string;
  Amount: string;
  Currency: string;
  Email: string;
  Date: string;
  Through: string;
  IP: string;
}

/** Digiseller's notification signature: SHA-256 of its fields and the seller's key, joined by ';'. */
export function digisellerSign(fields: DigisellerSignedFields): string {
  return sha256(
    [fields.ID_I, fields.ID_D, fields.Amount, fields.Currency, fields.Email, fields.Date, fields.Through, fields.IP, DIGISELLER_NOTIFY_KEY].join(';'),
  );
}

/** WeChat Pay's notification signature over `timestamp\nnonce\nbody\n` (keyed with the merchant's key here). */
export function wechatSign(timestamp: string, nonce: string, body: string): string {
  return hmacHex('sha256', WECHAT_API_V3_KEY, `${timestamp}\n${nonce}\n${body}\n`);
}

/** Cents, as Creem and WeChat count money. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Dollars with two decimals, as the form-based providers write amounts. */
export function toDecimal(amount: number): string {
  return amount.toFixed(2);
}
