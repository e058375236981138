import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { EMPTY_INVOICE, invoiceAddress, validateInvoice, type InvoiceValues } from '../../../src/features/billing/invoiceValidation';

// Source messages: the English text is the message id.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const person: InvoiceValues = {
  ...EMPTY_INVOICE,
  companyName: 'Jane Doe',
  email: 'jane@example.com',
  street: '1 Market St',
  city: 'San Francisco',
  zip: '94105',
  state: 'CA',
};

describe('invoice details', () => {
  it('starts as an individual’s, whose tax ID may be left out', () => {
    expect(EMPTY_INVOICE.customerType).toBe('individual');
    expect(validateInvoice(person)).toEqual({});
    expect(validateInvoice({ ...person, taxId: '   ' })).toEqual({});
  });

  it('checks a tax ID an individual gives', () => {
    expect(validateInvoice({ ...person, taxId: 'AB' })).toEqual({ taxId: 'Enter the tax ID (VAT, EIN…), 3 to 32 characters.' });
    expect(validateInvoice({ ...person, taxId: 'FR12345678901' })).toEqual({});
  });

  it('requires a business’s name and tax ID, each with its own message', () => {
    const business: InvoiceValues = { ...person, customerType: 'business', companyName: '' };
    expect(validateInvoice(business)).toEqual({
      companyName: "Enter the company's registered name.",
      taxId: "A business invoice needs the company's tax ID (VAT, EIN…).",
    });
    expect(validateInvoice({ ...business, companyName: 'Acme Inc.', taxId: 'X'.repeat(33) })).toEqual({
      taxId: 'Enter the tax ID (VAT, EIN…), 3 to 32 characters.',
    });
    expect(validateInvoice({ ...business, companyName: 'Acme Inc.', taxId: '12-3456789' })).toEqual({});
  });

  it('asks an individual for a full name, and both for an address and e-mail', () => {
    expect(validateInvoice({ ...person, companyName: ' ', email: 'jane@', street: '', city: '', zip: '941', state: '' })).toEqual({
      companyName: 'Enter your full name.',
      email: 'Enter a valid e-mail address, like name@example.com.',
      street: 'Enter the street address.',
      city: 'Enter the city.',
      zip: 'Enter the 5-digit ZIP code.',
      state: 'Enter the state.',
    });
    expect(validateInvoice({ ...person, country: 'FR', zip: '', state: '' })).toEqual({ zip: 'Enter the postal code.' });
  });

  it('writes the one address line the API takes', () => {
    expect(invoiceAddress(person)).toBe('1 Market St, San Francisco, CA 94105, US');
  });
});
