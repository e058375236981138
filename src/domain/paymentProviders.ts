/** The payment providers: how each one is paid, where its checkout may live, and the order shown per country. */
import type { PaymentProvider } from '../api/contract';
import type { RedirectProvider } from './checkoutHosts';

export type { RedirectProvider } from './checkoutHosts';

/** redirect: a checkout page elsewhere, then back; paypal: PayPal's own buttons and popup; wechat: a QR code to scan. */
export type ProviderKind = 'redirect' | 'paypal' | 'wechat';

export const PROVIDER_KIND: Record<PaymentProvider, ProviderKind> = {
  paypal: 'paypal',
  creem: 'redirect',
  wechat: 'wechat',
  nowpayments: 'redirect',
  freekassa: 'redirect',
  digiseller: 'redirect',
};

/** Product names: the same in every language. */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  paypal: 'PayPal',
  creem: 'Creem',
  wechat: 'WeChat Pay',
  nowpayments: 'NOWPayments',
  freekassa: 'Freekassa',
  digiseller: 'Digiseller',
};

/** The demo's checkout pages: same origin, under this path (demo mode only). */
export const DEMO_CHECKOUT_PATH = '/demo-checkout/';

const DEFAULT_ORDER: readonly PaymentProvider[] = ['paypal', 'creem', 'nowpayments', 'wechat', 'freekassa', 'digiseller'];
const ORDER_BY_COUNTRY: Record<string, readonly PaymentProvider[]> = {
  CN: ['wechat', 'paypal', 'creem', 'nowpayments', 'freekassa', 'digiseller'],
  HK: ['wechat', 'paypal', 'creem', 'nowpayments', 'freekassa', 'digiseller'],
  RU: ['freekassa', 'digiseller', 'nowpayments', 'paypal', 'creem', 'wechat'],
  BY: ['freekassa', 'digiseller', 'nowpayments', 'paypal', 'creem', 'wechat'],
  KZ: ['freekassa', 'digiseller', 'nowpayments', 'paypal', 'creem', 'wechat'],
};

/** The methods in the order a visitor from this country most likely wants them (null: not known yet). */
export function providersForCountry(country: string | null): readonly PaymentProvider[] {
  return (country && ORDER_BY_COUNTRY[country.toUpperCase()]) || DEFAULT_ORDER;
}

/**
 * Whether the app may send the buyer to this checkout URL: https on one of the provider's hosts (`hosts`: the ones
 * each provider documents and the operator's additions, config.checkoutHosts), or, in demo mode, the demo checkout
 * page of this very site. A checkout URL on any other host (or not over https) is refused: it would send the buyer
 * somewhere we cannot vouch for.
 */
export function isAllowedCheckoutUrl(
  provider: RedirectProvider,
  url: string,
  demoOrigin: string | null,
  hosts: Readonly<Record<RedirectProvider, readonly string[]>>,
): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (demoOrigin !== null && parsed.origin === demoOrigin && parsed.pathname.startsWith(DEMO_CHECKOUT_PATH)) return true;
  return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && hosts[provider].includes(parsed.hostname);
}

/**
 * Where Creem and NOWPayments send the buyer back (Freekassa and Digiseller use the addresses set in their own panels).
 * No provider appends our order number: what each appends is read by src/domain/paymentReturn.ts.
 */
export function paymentReturnUrls(origin: string, provider: PaymentProvider): { returnUrl: string; cancelUrl: string } {
  const base = `${origin}/dashboard/billing?provider=${provider}`;
  return { returnUrl: `${base}&payment=returned`, cancelUrl: `${base}&payment=cancelled` };
}
