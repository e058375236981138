/** The demo's invoice download: a small printable HTML page for an issued invoice. */
import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { InvoiceRow, OrderRow } from '../db';

export const MERCHANT_NAME = 'Nano Banana API';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Everything put into the page came from a form: it is text, never markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

function money(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** The invoice as a standalone HTML document (its orders are the ones it was issued for). */
export function invoiceHtml(invoice: InvoiceRow, orders: OrderRow[]): string {
  const locale = i18n.locale || 'en';
  const date = (iso: string) => new Date(iso).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  const currency = orders[0]?.currency ?? 'USD';
  const total = orders.reduce((sum, order) => sum + order.amount, 0);
  const rows = orders
    .map(
      (order) =>
        `<tr><td>${escapeHtml(order.orderNo)}</td><td>${escapeHtml(date(order.createTime))}</td><td>${escapeHtml(order.packageId)}</td><td class="n">${order.credits.toLocaleString(locale)}</td><td class="n">${escapeHtml(money(order.amount, order.currency, locale))}</td></tr>`,
    )
    .join('');
  const title = t`Invoice ${invoice.applicationId}`;
  return `<!doctype html>
<html lang="${escapeHtml(locale)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<style>
body { font: 14px/1.5 system-ui, sans-serif; color: #18181b; max-width: 760px; margin: 32px auto; padding: 0 16px; }
h1 { font-size: 22px; margin: 0 0 4px; }
.demo { padding: 8px 12px; border: 1px dashed #a1a1aa; border-radius: 6px; background: #fefce8; }
.parties { display: flex; gap: 48px; margin: 24px 0; }
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
<p class="demo">${escapeHtml(t`Demo invoice: no money moved and this document has no legal value.`)}</p>
<div class="parties">
<section><h2>${escapeHtml(t`From`)}</h2><p>${escapeHtml(MERCHANT_NAME)}</p></section>
<section><h2>${escapeHtml(t`Bill to`)}</h2><p>${escapeHtml(invoice.companyName)}<br>${escapeHtml(invoice.address)}<br>${escapeHtml(t`Tax ID: ${invoice.taxId}`)}<br>${escapeHtml(invoice.email)}</p></section>
</div>
<table>
<thead><tr><th>${escapeHtml(t`Order`)}</th><th>${escapeHtml(t`Date`)}</th><th>${escapeHtml(t`Package`)}</th><th class="n">${escapeHtml(t`Credits`)}</th><th class="n">${escapeHtml(t`Amount`)}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><td colspan="4">${escapeHtml(t`Total`)}</td><td class="n">${escapeHtml(money(total, currency, locale))}</td></tr></tfoot>
</table>
</body>
</html>
`;
}
