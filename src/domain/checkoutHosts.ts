/**
 * The hosts each hosted checkout is served from, as each provider documents them, and the operator's additions
 * (VITE_CHECKOUT_HOSTS). Plain TypeScript with no imports: src/config.ts reads the additions at run time, and
 * vite.config.ts checks them at build time, so a wrong value fails the build with a clear message.
 */

/** The providers whose checkout is a page elsewhere that the app sends the buyer to. */
const REDIRECT_PROVIDERS = ['creem', 'nowpayments', 'freekassa', 'digiseller'] as const;
export type RedirectProvider = (typeof REDIRECT_PROVIDERS)[number];

/**
 * Where each provider's checkout lives, from its own documents:
 * - Creem: the checkout session's `checkout_url` ("Checkout API", https://docs.creem.io/features/checkout/checkout-api)
 *   is on creem.io (`https://creem.io/checkout/<product>/<checkout>`, `https://creem.io/test/checkout/…` in test mode);
 *   www.creem.io serves the same pages.
 * - NOWPayments: the invoice's `invoice_url` is `https://nowpayments.io/payment/?iid=<invoice id>` ("Create invoice",
 *   NOWPayments API, https://documenter.getpostman.com/view/7907941/S1a32n38); the sandbox's is on
 *   sandbox.nowpayments.io ("NOWPayments API Sandbox", https://documenter.getpostman.com/view/7907941/T1LSCRHC).
 * - Freekassa: the SCI payment form ("Документация Freekassa Api", https://docs.freekassa.com/) is
 *   `https://pay.freekassa.com/?m=…&oa=…&o=…&s=…&currency=…` (pay.freekassa.ru in the .ru edition,
 *   https://docs.freekassa.ru/); the API's orders/create answers a `location` on pay.freekassa.net, the host current
 *   integrations send buyers to. pay.fk.money served earlier integrations and is kept so they keep working.
 * - Digiseller: the payment page a product's "HTML code" links to is on oplata.info (`/asp2/pay_wm.asp?id_d=…`;
 *   "Frequently Asked Questions on how to select a product at Digiseller",
 *   https://wiki.wmtransfer.com/projects/digiseller/wiki/Frequently_Asked_Questions_on_how_to_select_a_product_at_Digiseller).
 * Kept from earlier releases though no current document names them, so that no integration that used them breaks
 * (refusing one fails every payment there as an unsafe redirect): checkout.creem.io, seen in Creem integrations'
 * `checkout_url`; digiseller.market and www.digiseller.market, Digiseller's storefront domain.
 * A host a provider adds later is added by the operator with VITE_CHECKOUT_HOSTS, without a new release.
 */
export const DOCUMENTED_CHECKOUT_HOSTS: Readonly<Record<RedirectProvider, readonly string[]>> = {
  creem: ['creem.io', 'www.creem.io', 'checkout.creem.io'],
  nowpayments: ['nowpayments.io', 'sandbox.nowpayments.io'],
  freekassa: ['pay.freekassa.com', 'pay.freekassa.ru', 'pay.freekassa.net', 'pay.fk.money'],
  digiseller: ['oplata.info', 'www.oplata.info', 'digiseller.market', 'www.digiseller.market'],
};

/** The format VITE_CHECKOUT_HOSTS takes, as its errors and .env.example show it. */
const CHECKOUT_HOSTS_FORMAT = 'provider:host pairs separated by commas, such as freekassa:pay.example.net,digiseller:pay.example.com';

/** A DNS host name, lower case: labels of letters, digits and inner hyphens, at least two of them. */
const HOST_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;

function isRedirectProvider(name: string): name is RedirectProvider {
  return (REDIRECT_PROVIDERS as readonly string[]).includes(name);
}

/**
 * The operator's extra checkout hosts from VITE_CHECKOUT_HOSTS (blank: none). Throws, naming the entry and the
 * format, for anything else: an unknown provider, a URL instead of a host, a port, a path or a wildcard.
 */
export function parseCheckoutHosts(value: unknown): Record<RedirectProvider, string[]> {
  const hosts: Record<RedirectProvider, string[]> = { creem: [], nowpayments: [], freekassa: [], digiseller: [] };
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return hosts;
  for (const entry of text.split(',').map((part) => part.trim())) {
    const separator = entry.indexOf(':');
    const provider = separator < 0 ? '' : entry.slice(0, separator).trim().toLowerCase();
    const host =
      separator < 0
        ? ''
        : entry
            .slice(separator + 1)
            .trim()
            .toLowerCase();
    if (!isRedirectProvider(provider)) {
      throw new Error(
        `VITE_CHECKOUT_HOSTS: "${entry}" does not start with a hosted checkout's name (${REDIRECT_PROVIDERS.join(', ')}). Write ${CHECKOUT_HOSTS_FORMAT}.`,
      );
    }
    if (!HOST_NAME.test(host)) {
      throw new Error(
        `VITE_CHECKOUT_HOSTS: "${entry}" does not name a host (letters, digits, hyphens and dots; no https://, port, path or wildcard). Write ${CHECKOUT_HOSTS_FORMAT}.`,
      );
    }
    if (!hosts[provider].includes(host)) hosts[provider].push(host);
  }
  return hosts;
}

/** The documented hosts with the operator's added: where the app may send the buyer for each provider. */
export function checkoutHostsWith(extra: Readonly<Record<RedirectProvider, readonly string[]>>): Record<RedirectProvider, readonly string[]> {
  return {
    creem: [...DOCUMENTED_CHECKOUT_HOSTS.creem, ...extra.creem],
    nowpayments: [...DOCUMENTED_CHECKOUT_HOSTS.nowpayments, ...extra.nowpayments],
    freekassa: [...DOCUMENTED_CHECKOUT_HOSTS.freekassa, ...extra.freekassa],
    digiseller: [...DOCUMENTED_CHECKOUT_HOSTS.digiseller, ...extra.digiseller],
  };
}
