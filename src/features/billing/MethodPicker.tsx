import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { PaymentProvider } from '../../api/contract';
import { PROVIDER_NAMES } from '../../domain/paymentProviders';
import { providerDescription } from './providerDescriptions';
import styles from './Billing.module.css';

interface MethodPickerProps {
  providers: readonly PaymentProvider[];
  value: PaymentProvider;
  onChange: (provider: PaymentProvider) => void;
  disabled: boolean;
}

/** The payment methods, most likely first for the visitor's country, each with what it takes. */
export function MethodPicker({ providers, value, onChange, disabled }: MethodPickerProps) {
  const { t } = useLingui();
  const idPrefix = useId();
  return (
    <fieldset className={styles.methods} disabled={disabled}>
      <legend className={styles.legend}>{t`Payment method`}</legend>
      {providers.map((provider) => {
        const nameId = `${idPrefix}-${provider}-name`;
        const noteId = `${idPrefix}-${provider}-note`;
        return (
          // The whole card selects; the radio is named by the provider alone and described by what it takes.
          <label key={provider} className={styles.method}>
            <input
              type="radio"
              name="payment-method"
              value={provider}
              checked={value === provider}
              onChange={() => onChange(provider)}
              aria-labelledby={nameId}
              aria-describedby={noteId}
            />
            <span id={nameId} className={styles.methodName}>
              {PROVIDER_NAMES[provider]}
            </span>
            <span id={noteId} className={styles.methodNote}>
              {providerDescription(provider)}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
