import { useLingui } from '@lingui/react/macro';
import type { PaymentProvider } from '../../api/contract';
import { PROVIDER_NAMES } from '../../domain/paymentProviders';
import styles from './Billing.module.css';

interface MethodPickerProps {
  providers: readonly PaymentProvider[];
  value: PaymentProvider;
  onChange: (provider: PaymentProvider) => void;
  disabled: boolean;
}

/** The payment methods, most likely first for the visitor's country. */
export function MethodPicker({ providers, value, onChange, disabled }: MethodPickerProps) {
  const { t } = useLingui();
  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className={styles.legend}>{t`Payment method`}</legend>
      {providers.map((provider) => (
        <label key={provider} className={styles.method}>
          <input type="radio" name="payment-method" value={provider} checked={value === provider} onChange={() => onChange(provider)} />
          {PROVIDER_NAMES[provider]}
        </label>
      ))}
    </fieldset>
  );
}
