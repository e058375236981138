import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import type { FieldErrors } from '../../../machines/saveForm.machine';
import type { AppUser } from '../../actors/user';
import { useResource } from '../../actors/resource';
import { paypalVaultsRead } from '../../actors/reads';
import { setAutomaticDeduction } from '../../api/user';
import { CREDIT_PACKAGES, findPackage, totalCredits } from '../../domain/creditPackages';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { formatNumber } from '../../ui/formatNumber';
import { FormFooter } from '../../ui/saveForm/SaveStatus';
import { useSaveForm } from '../../ui/saveForm/useSaveForm';
import styles from './Billing.module.css';

const MAX_THRESHOLD = 1_000_000;

interface AutoTopUpValues extends Record<string, unknown> {
  enabled: boolean;
  threshold: string;
  packageId: string;
  paymentMethod: string;
}

function validateAutoTopUp(values: AutoTopUpValues): FieldErrors {
  if (!values.enabled) return {};
  const errors: FieldErrors = {};
  const threshold = values.threshold.trim();
  if (!/^\d+$/.test(threshold) || Number(threshold) < 1 || Number(threshold) > MAX_THRESHOLD) {
    errors.threshold = t`Enter a whole number of credits from 1 to ${MAX_THRESHOLD}.`;
  }
  if (!findPackage(values.packageId)) errors.packageId = t`Choose the package to buy.`;
  if (!values.paymentMethod) errors.paymentMethod = t`Choose a saved payment method.`;
  return errors;
}

export function AutoTopUpSection({ user }: { user: AppUser }) {
  const { i18n } = useLingui();
  const current = user.automaticDeduction;
  const form = useSaveForm<AutoTopUpValues>({
    initial: {
      enabled: current?.enabled ?? false,
      threshold: current ? String(current.threshold) : '',
      packageId: current?.packageId ?? CREDIT_PACKAGES[0]?.id ?? '',
      paymentMethod: current?.paymentMethod ?? '',
    },
    validate: validateAutoTopUp,
    save: (values) =>
      setAutomaticDeduction({
        enabled: values.enabled,
        threshold: values.enabled ? Number(values.threshold.trim()) : Number(values.threshold.trim()) || 0,
        packageId: values.packageId,
        paymentMethod: values.paymentMethod || null,
      }),
    savedMessage: () => t`Automatic top-up saved.`,
  });
  // The same read as the checkout's saved methods on this page: one request, one state.
  const savedMethods = useResource(paypalVaultsRead);
  const vaultsPhase = savedMethods.phase;
  const vaults = savedMethods.value ?? [];
  const { draft, errors, savedValues } = form;
  const savedPackage = findPackage(savedValues.packageId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <section className={styles.panel} aria-labelledby="topup-title">
      <h2 id="topup-title" className={styles.panelTitle}>
        <Trans>Automatic top-up</Trans>
      </h2>
      <p className={styles.current} data-testid="topup-current">
        {savedValues.enabled && savedPackage ? (
          <Trans>
            On: when the balance falls under {formatNumber(i18n, Number(savedValues.threshold))} credits, {i18n.number(totalCredits(savedPackage))}{' '}
            credits are bought with your saved method.
          </Trans>
        ) : (
          <Trans>Off: credits are bought only when you buy them.</Trans>
        )}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.switchLabel}>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={draft.enabled}
            onChange={(e) => form.patch({ enabled: e.target.checked })}
          />
          <span>
            <Trans>Top up automatically</Trans>
          </span>
        </label>
        {draft.enabled ? (
          <div className={styles.fields}>
            <TextField
              ref={form.fieldRef('threshold')}
              label={t`When the balance falls under (credits)`}
              inputMode="numeric"
              value={draft.threshold}
              error={errors.threshold}
              onChange={(e) => form.patch({ threshold: e.target.value })}
            />
            <div className={styles.selectField}>
              <label htmlFor="topup-package" className={styles.fieldLabel}>
                <Trans>Buy</Trans>
              </label>
              <select
                id="topup-package"
                className={styles.select}
                value={draft.packageId}
                onChange={(e) => form.patch({ packageId: e.target.value })}
              >
                {CREDIT_PACKAGES.map((one) => (
                  <option key={one.id} value={one.id}>
                    {t`${i18n.number(totalCredits(one))} credits for ${i18n.number(one.priceUsd, { style: 'currency', currency: 'USD' })}`}
                  </option>
                ))}
              </select>
              {errors.packageId ? <p className={styles.fieldError}>{errors.packageId}</p> : null}
            </div>
            <div className={styles.selectField}>
              <label htmlFor="topup-method" className={styles.fieldLabel}>
                <Trans>Pay with</Trans>
              </label>
              <select
                id="topup-method"
                ref={form.fieldRef('paymentMethod')}
                className={styles.select}
                value={draft.paymentMethod}
                aria-invalid={errors.paymentMethod ? true : undefined}
                aria-describedby="topup-method-note"
                onChange={(e) => form.patch({ paymentMethod: e.target.value })}
              >
                <option value="">{vaultsPhase === 'loading' ? t`Loading saved methods…` : t`Choose a saved method`}</option>
                {vaults.map((vault) => (
                  <option key={vault.id} value={vault.id}>
                    {vault.label}
                  </option>
                ))}
              </select>
              <p id="topup-method-note" className={errors.paymentMethod ? styles.fieldError : styles.hint}>
                {errors.paymentMethod ??
                  (vaultsPhase === 'failed' ? (
                    <>
                      <Trans>Saved methods could not be loaded.</Trans>{' '}
                      <Button size="sm" variant="ghost" onClick={savedMethods.retry}>
                        <Trans>Try again</Trans>
                      </Button>
                    </>
                  ) : vaultsPhase === 'ready' && vaults.length === 0 ? (
                    <Trans>Pay once with PayPal to save a method for automatic top-ups.</Trans>
                  ) : null)}
              </p>
            </div>
          </div>
        ) : null}
        <FormFooter form={form} submitLabel={<Trans>Save</Trans>} />
      </form>
    </section>
  );
}
