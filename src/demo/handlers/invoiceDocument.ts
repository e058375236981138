/** The demo's invoice download: a small printable HTML page for an issued invoice. */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { config, type SellerDetails } from '../../config';
import { findPackage } from '../../domain/creditPackages';
import { PROVIDER_NAMES } from '../../domain/paymentProviders';
import type { InvoiceRow, OrderRow } from '../db';

/** Who the demo checkout pages say takes the money. */
export const MERCHANT_NAME = 'Nano Banana API';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything put into the page came from a form: it is text, never markup. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

function money(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * The seller's lines as the operator set them; a detail not set says which setting supplies it, so an unconfigured
 * deployment is plain to see on its first invoice.
 */
export function sellerLines(seller: SellerDetails): string[] {
  return [
    seller.name || t`Seller's name not set (VITE_SELLER_NAME)`,
    seller.address || t`Seller's address not set (VITE_SELLER_ADDRESS)`,
    seller.taxId ? t`Tax ID: ${seller.taxId}` : t`Seller's tax ID not set (VITE_SELLER_TAX_ID)`,
    seller.email || t`Seller's e-mail not set (VITE_SELLER_EMAIL)`,
  ];
}

/** The package as buyers know it (its name and credits), never the API's id. */
export function packageLabel(order: Pick<OrderRow, 'packageId' | 'credits'>, locale: string): string {
  const credits = order.credits.toLocaleString(locale);
  const name = findPackage(order.packageId)?.name;
  return name ? t`${name} package, ${credits} credits` : t`Credit package, ${credits} credits`;
}

function lines(texts: string[]): string {
  return texts.map(escapeHtml).join('<br>');
}

/** The invoice as a standalone HTML document (its orders are the ones it was issued for, all of them paid). */
export function invoiceHtml(invoice: InvoiceRow, orders: OrderRow[], seller: SellerDetails = config.seller): string {
  const locale = i18n.locale || 'en';
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const currency = orders[0]?.currency ?? 'USD';
  const total = orders.reduce((sum, order) => sum + order.amount, 0);
  // Only paid orders can be invoiced (the application refuses any other).
  const paid = t({ message: 'Paid', context: 'order status' });
  const rows = orders
    .map(
      (order) =>
        `<tr><td>${escapeHtml(order.orderNo)}</td><td>${escapeHtml(date(order.createTime))}</td><td>${escapeHtml(packageLabel(order, locale))}</td><td>${escapeHtml(PROVIDER_NAMES[order.provider])}</td><td>${escapeHtml(paid)}</td><td class="n">${escapeHtml(money(order.amount, order.currency, locale))}</td></tr>`,
    )
    .join('');
  const methods = [...new Set(orders.map((order) => PROVIDER_NAMES[order.provider]))];
  const title = t`Invoice ${invoice.applicationId}`;
  const buyer = [
    invoice.companyName,
    invoice.address,
    ...(invoice.taxId ? [t`Tax ID: ${invoice.taxId}`] : []),
    invoice.email,
    invoice.customerType === 'business' ? t`Business customer` : t`Individual customer`,
  ];
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font: 14px/1.5 -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, 'Noto Sans CJK SC', sans-serif; color: #18181b; max-width: 760px; margin: 32px auto; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
.demo { padding: 8px 12px; border: 1px dashed #a1a1aa; border-radius: 6px; background: #fefce8; }
.paid { display: inline-block; padding: 2px 10px; border: 2px solid #15803d; border-radius: 6px; color: #15803d; font-weight: 700; }
.parties { display: flex; flex-wrap: wrap; gap: 48px; margin: 24px 0; }
table { width: 100%; border-collapse: collapse; }
th, td { padding: 6px 8px; border-bottom: 1px solid #e4e4e7; text-align: left; }
.n { text-align: right; font-variant-numeric: tabular-nums; }
tfoot td { font-weight: 600; border-bottom: 0; }
@media print { .demo { background: none; } }
</style>
</head>
<body>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t`Issued ${date(invoice.createTime)}`)}</p>
<p class="paid" data-status="paid">${escapeHtml(t`Paid in full`)}</p>
<p class="demo">${escapeHtml(t`Demo invoice: no money moved and this document has no legal value.`)}</p>
<div class="parties">
<section><h2>${escapeHtml(t`Seller`)}</h2><p data-party="seller">${lines(sellerLines(seller))}</p></section>
<section><h2>${escapeHtml(t`Bill to`)}</h2><p data-party="buyer">${lines(buyer)}</p></section>
</div>
<table>
<thead><tr><th>${escapeHtml(t`Order`)}</th><th>${escapeHtml(t`Date`)}</th><th>${escapeHtml(t`Package`)}</th><th>${escapeHtml(t`Payment method`)}</th><th>${escapeHtml(t`Status`)}</th><th class="n">${escapeHtml(t`Amount`)}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td colspan="5">${escapeHtml(t`Total paid`)}</td><td class="n">${escapeHtml(money(total, currency, locale))}</td></tr></tfoot>
</table>
<p>${escapeHtml(t`Paid with ${new Intl.ListFormat(locale, { type: 'conjunction' }).format(methods)}.`)}</p>
</body>
</html>
`;
}
