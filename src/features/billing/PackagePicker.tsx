import { Trans, useLingui } from '@lingui/react/macro';
import type { Discount } from '../../api/contract';
import { CREDIT_PACKAGES, CURRENCY, priceAfterDiscount } from '../../domain/creditPackages';
import styles from './Billing.module.css';

interface PackagePickerProps {
  value: string;
  discount: Discount | null;
  onChange: (packageId: string) => void;
  disabled: boolean;
}

/** The credit packages as radio cards; prices after the account's discount, list price struck through. */
export function PackagePicker({ value, discount, onChange, disabled }: PackagePickerProps) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => i18n.number(amount, { style: 'currency', currency: CURRENCY });
  return (
    <fieldset className={styles.packages} disabled={disabled}>
      <legend className="visually-hidden">{t`Credit package`}</legend>
      {CREDIT_PACKAGES.map((one) => {
        const price = priceAfterDiscount(one, discount);
        return (
          <label key={one.id} className={styles.package}>
            <input type="radio" name="credit-package" value={one.id} checked={value === one.id} onChange={() => onChange(one.id)} />
            <span className={styles.packageCredits}>{t`${i18n.number(one.credits)} credits`}</span>
            {one.bonusCredits > 0 ? <span className={styles.packageBonus}>{t`+${i18n.number(one.bonusCredits)} bonus`}</span> : null}
            <span className={styles.packagePrice}>
              {money(price)}
              {price < one.priceUsd ? (
                <span className={styles.listPrice}>
                  <span className="visually-hidden">
                    <Trans>instead of</Trans>{' '}
                  </span>
                  {money(one.priceUsd)}
                </span>
              ) : null}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
