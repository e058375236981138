import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import type { InvoiceRow, OrderRow } from '../../../src/demo/db';
import { invoiceHtml, packageLabel, sellerLines } from '../../../src/demo/handlers/invoiceDocument';

// Source messages: the English text is the message id.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const SELLER = { name: 'Example Imaging Ltd', address: '1 Example Street, London', taxId: 'GB123456789', email: 'billing@example.com' };

function order(overrides: Partial<OrderRow>): OrderRow {
  return {
    accountId: 'acc-1',
    orderNo: 'NB1',
    createTime: '2026-03-01T10:00:00.000Z',
    provider: 'paypal',
    packageId: 'builder',
    amount: 50,
    currency: 'USD',
    credits: 5_250,
    status: 'paid',
    invoiceStatus: 'issued',
    invoiceUrl: null,
    ...overrides,
  };
}

const invoice: InvoiceRow = {
  accountId: 'acc-1',
  applicationId: 'INV0123456789AB',
  orderNos: ['NB1', 'NB2'],
  customerType: 'individual',
  companyName: 'Jane <Doe>',
  taxId: '',
  email: 'jane@example.com',
  address: '5 Rue de la Paix, Paris, 75002, FR',
  status: 'issued',
  downloadUrl: null,
  createTime: '2026-03-02T10:00:00.000Z',
};

/** The document's text, tags dropped, entities read. */
function text(html: string): string {
  return html
    .replace(/<style>[\s\S]*?<\/style>/, '')
    .replace(/<br>/g, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'");
}

describe('the invoice document', () => {
  it('names the seller from the operator’s settings, the buyer, each package by name, the method and the paid status', () => {
    const html = invoiceHtml(
      invoice,
      [order({}), order({ orderNo: 'NB2', provider: 'creem', packageId: 'starter', amount: 10, credits: 1_000 })],
      SELLER,
    );
    const body = text(html);
    for (const detail of Object.values(SELLER)) expect(body).toContain(detail);
    expect(body).toContain('Tax ID: GB123456789');
    expect(body).toContain('Builder package, 5,250 credits');
    expect(body).toContain('Starter package, 1,000 credits');
    expect(body).toMatch(/PayPal\s+Paid/);
    expect(body).toMatch(/Creem\s+Paid/);
    expect(body).toContain('Paid in full');
    expect(body).toContain('Paid with PayPal and Creem.');
    expect(body).toContain('$60.00');
    // An individual without a tax ID: no empty "Tax ID" line for the buyer.
    expect(body).toContain('Individual customer');
    expect(body.match(/Tax ID: /g)).toHaveLength(1);
    // Form input is text, never markup; internal ids never show.
    expect(html).toContain('Jane &lt;Doe&gt;');
    expect(body).not.toMatch(/\b(builder|starter)\b/);
  });

  it('says which setting supplies each seller detail the operator left out', () => {
    expect(sellerLines({ name: '', address: '', taxId: '', email: '' })).toEqual([
      "Seller's name not set (VITE_SELLER_NAME)",
      "Seller's address not set (VITE_SELLER_ADDRESS)",
      "Seller's tax ID not set (VITE_SELLER_TAX_ID)",
      "Seller's e-mail not set (VITE_SELLER_EMAIL)",
    ]);
    expect(sellerLines({ ...SELLER, address: '' })).toEqual([
      SELLER.name,
      "Seller's address not set (VITE_SELLER_ADDRESS)",
      'Tax ID: GB123456789',
      SELLER.email,
    ]);
  });

  it('names a package the catalogue no longer has by its credits, not its id', () => {
    expect(packageLabel({ packageId: 'legacy-2019', credits: 2_000 }, 'en')).toBe('Credit package, 2,000 credits');
  });
});
