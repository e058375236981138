import { useEffect, useMemo, useRef, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import type { Order } from '../../api/contract';
import { applyInvoice } from '../../api/orders';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formatMoney } from '../../ui/formatNumber';
import { SaveStatus } from '../../ui/saveForm/SaveStatus';
import { useSaveForm } from '../../ui/saveForm/useSaveForm';
import { EMPTY_INVOICE, invoiceAddress, validateInvoice, type InvoiceValues } from './invoiceValidation';
import { ZipStateLookup } from './ZipStateLookup';
import styles from './Billing.module.css';

/** Countries offered for the billing address; names come from the browser in the reader's language. */
const COUNTRIES = [
  'US',
  'CA',
  'GB',
  'IE',
  'DE',
  'FR',
  'ES',
  'IT',
  'NL',
  'BE',
  'CH',
  'AT',
  'SE',
  'NO',
  'DK',
  'FI',
  'PL',
  'CZ',
  'PT',
  'RU',
  'UA',
  'KZ',
  'TR',
  'IL',
  'AE',
  'IN',
  'CN',
  'HK',
  'TW',
  'JP',
  'KR',
  'SG',
  'AU',
  'NZ',
  'BR',
  'MX',
  'AR',
  'ZA',
];

export function InvoicePanel({ orders, onApplied }: { orders: Order[]; onApplied: () => void }) {
  const { t, i18n } = useLingui();
  const orderNos = orders.map((order) => order.orderNo);
  // The form's save is set up once; the ticked orders change after that, so it reads them from here.
  const selection = useRef(orderNos);
  useEffect(() => {
    selection.current = orderNos;
  });
  const form = useSaveForm<InvoiceValues>({
    initial: EMPTY_INVOICE,
    validate: validateInvoice,
    save: (values) =>
      applyInvoice({
        orderNos: selection.current,
        customerType: values.customerType,
        companyName: values.companyName.trim(),
        taxId: values.taxId.trim(),
        email: values.email.trim(),
        address: invoiceAddress(values),
      }),
    savedMessage: () => translate`Invoice issued. Download it from the order list.`,
  });
  const { draft, errors } = form;
  const set = form.patch;
  const business = draft.customerType === 'business';
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.locale], { type: 'region' }), [i18n.locale]);
  const zipComplete = draft.country === 'US' && /^\d{5}$/.test(draft.zip.trim());

  useEffect(() => {
    if (form.saved) onApplied();
  }, [form.saved, onApplied]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  const total = orders.reduce((sum, order) => sum + order.amount, 0);
  const currency = orders[0]?.currency ?? 'USD';

  return (
    <form className={styles.invoice} onSubmit={submit} noValidate aria-labelledby="invoice-title">
      <h3 id="invoice-title" className={styles.subTitle}>
        <Trans>Invoice details</Trans>
      </h3>
      <p className={styles.hint}>
        {orders.length === 1 ? (
          <Trans>
            One invoice for order {orderNos[0]}, {formatMoney(i18n, total, currency)}.
          </Trans>
        ) : (
          <Trans>
            One invoice for {orders.length} orders, {formatMoney(i18n, total, currency)} in all.
          </Trans>
        )}
      </p>
      <fieldset className={styles.customerType}>
        <legend className={styles.legend}>
          <Trans>The invoice is for</Trans>
        </legend>
        <label>
          <input
            type="radio"
            name="invoice-customer-type"
            value="individual"
            checked={!business}
            onChange={() => set({ customerType: 'individual' })}
          />{' '}
          <Trans>An individual</Trans>
        </label>
        <label>
          <input type="radio" name="invoice-customer-type" value="business" checked={business} onChange={() => set({ customerType: 'business' })} />{' '}
          <Trans>A business</Trans>
        </label>
      </fieldset>
      <p className={styles.hint}>
        {business ? (
          <Trans>A business needs its registered name, its tax ID (VAT, EIN…), a billing e-mail and its address.</Trans>
        ) : (
          <Trans>An individual needs a full name, an e-mail and an address; a tax ID is optional.</Trans>
        )}
      </p>
      <div className={styles.fields}>
        <TextField
          ref={form.fieldRef('companyName')}
          label={business ? t`Company name` : t`Full name`}
          autoComplete={business ? 'organization' : 'name'}
          value={draft.companyName}
          error={errors.companyName}
          onChange={(e) => set({ companyName: e.target.value })}
        />
        <TextField
          ref={form.fieldRef('taxId')}
          label={business ? t`Tax ID` : t`Tax ID (optional)`}
          value={draft.taxId}
          error={errors.taxId}
          onChange={(e) => set({ taxId: e.target.value })}
        />
        <TextField
          ref={form.fieldRef('email')}
          label={t`Billing e-mail`}
          type="email"
          autoComplete="email"
          value={draft.email}
          error={errors.email}
          onChange={(e) => set({ email: e.target.value })}
        />
        <TextField
          ref={form.fieldRef('street')}
          label={t`Street address`}
          autoComplete="street-address"
          value={draft.street}
          error={errors.street}
          onChange={(e) => set({ street: e.target.value })}
        />
        <TextField
          ref={form.fieldRef('city')}
          label={t`City`}
          autoComplete="address-level2"
          value={draft.city}
          error={errors.city}
          onChange={(e) => set({ city: e.target.value })}
        />
        <div className={styles.selectField}>
          <label htmlFor="invoice-country" className={styles.fieldLabel}>
            <Trans>Country</Trans>
          </label>
          <select
            id="invoice-country"
            className={styles.select}
            value={draft.country}
            autoComplete="country"
            onChange={(e) => set({ country: e.target.value, state: '' })}
          >
            {COUNTRIES.map((code) => (
              <option key={code} value={code}>
                {countryNames.of(code) ?? code}
              </option>
            ))}
          </select>
        </div>
        <div>
          <TextField
            ref={form.fieldRef('zip')}
            label={draft.country === 'US' ? t`ZIP code` : t`Postal code`}
            autoComplete="postal-code"
            inputMode={draft.country === 'US' ? 'numeric' : undefined}
            value={draft.zip}
            error={errors.zip}
            onChange={(e) => set({ zip: e.target.value })}
          />
          {zipComplete ? <ZipStateLookup key={draft.zip.trim()} zip={draft.zip.trim()} onFound={(state) => set({ state })} /> : null}
        </div>
        <TextField
          ref={form.fieldRef('state')}
          label={draft.country === 'US' ? t`State` : t`State or region (optional)`}
          autoComplete="address-level1"
          value={draft.state}
          error={errors.state}
          hint={draft.country === 'US' ? t`Filled in from the ZIP code.` : undefined}
          onChange={(e) => set({ state: e.target.value })}
        />
      </div>
      <div className={styles.actions}>
        <SaveStatus saved={form.saved} failed={form.failed} error={form.error} onRetry={form.retry} />
        <Button type="submit" variant="primary" busy={form.busy}>
          <Trans>Apply for invoice</Trans>
        </Button>
      </div>
    </form>
  );
}
