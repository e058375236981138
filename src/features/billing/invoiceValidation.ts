import { t } from '@lingui/core/macro';
import type { FieldErrors } from '../../../machines/saveForm.machine';
import type { InvoiceCustomerType } from '../../api/contract';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MIN_TAX_ID_LENGTH = 3;
const MAX_TAX_ID_LENGTH = 32;

export interface InvoiceValues extends Record<string, unknown> {
  /** A person needs no tax ID; a business must give one. */
  customerType: InvoiceCustomerType;
  companyName: string;
  taxId: string;
  email: string;
  street: string;
  city: string;
  /** ISO 3166 alpha-2. */
  country: string;
  zip: string;
  state: string;
}

export const EMPTY_INVOICE: InvoiceValues = {
  customerType: 'individual',
  companyName: '',
  taxId: '',
  email: '',
  street: '',
  city: '',
  country: 'US',
  zip: '',
  state: '',
};

export function validateInvoice(values: InvoiceValues): FieldErrors {
  const errors: FieldErrors = {};
  const business = values.customerType === 'business';
  if (!values.companyName.trim()) errors.companyName = business ? t`Enter the company's registered name.` : t`Enter your full name.`;
  const taxId = values.taxId.trim();
  // An individual may leave it out; one that is given, a business's above all, must look like a tax ID.
  if (taxId === '' && business) errors.taxId = t`A business invoice needs the company's tax ID (VAT, EIN…).`;
  else if (taxId !== '' && (taxId.length < MIN_TAX_ID_LENGTH || taxId.length > MAX_TAX_ID_LENGTH))
    errors.taxId = t`Enter the tax ID (VAT, EIN…), 3 to 32 characters.`;
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = t`Enter a valid e-mail address, like name@example.com.`;
  if (!values.street.trim()) errors.street = t`Enter the street address.`;
  if (!values.city.trim()) errors.city = t`Enter the city.`;
  if (values.country === 'US') {
    if (!/^\d{5}$/.test(values.zip.trim())) errors.zip = t`Enter the 5-digit ZIP code.`;
    if (!values.state.trim()) errors.state = t`Enter the state.`;
  } else if (!values.zip.trim()) {
    errors.zip = t`Enter the postal code.`;
  }
  return errors;
}

/** The one address line the API takes. */
export function invoiceAddress(values: InvoiceValues): string {
  const region = [values.state.trim(), values.zip.trim()].filter(Boolean).join(' ');
  return [values.street.trim(), values.city.trim(), region, values.country].filter(Boolean).join(', ');
}
