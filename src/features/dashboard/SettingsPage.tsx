import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import { SavedSettingsGate } from '../../ui/saveForm/SavedSettingsGate';
import { useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors, type AppUser } from '../../actors/user';
import { saveAlertsEmail, updateEmailSubscription } from '../../api/user';
import { TextField } from '../../ui/TextField';
import { formatNumber } from '../../ui/formatNumber';
import { DashboardLayout } from '../../ui/DashboardLayout';
import { FormFooter, SaveStatus } from '../../ui/saveForm/SaveStatus';
import { useSaveForm } from '../../ui/saveForm/useSaveForm';
import styles from '../../ui/SettingsForm.module.css';
import { validateAlerts, type AlertValues } from './settingsValidation';

function AlertsForm({ user }: { user: AppUser }) {
  const { t, i18n } = useLingui();
  const form = useSaveForm<AlertValues>({
    initial: { alertEmail: user.alertEmail ?? '', alertThreshold: user.alertThreshold === null ? '' : String(user.alertThreshold) },
    validate: validateAlerts,
    save: (values) => saveAlertsEmail({ alertEmail: values.alertEmail.trim(), alertThreshold: Number(values.alertThreshold.trim()) }),
    savedMessage: () => translate`Credit alert saved.`,
  });
  const { draft, errors, savedValues } = form;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <section className={styles.panel} aria-labelledby="alerts-title">
      <h2 id="alerts-title" className={styles.panelTitle}>
        <Trans>Low-balance alert</Trans>
      </h2>
      <p className={styles.lead}>
        <Trans>We e-mail you when your balance falls under the threshold, so your calls never stop for lack of credits.</Trans>
      </p>
      <p className={styles.current} data-testid="alert-current">
        {savedValues.alertEmail ? (
          <Trans>
            Alerts go to <strong>{savedValues.alertEmail}</strong> when the balance falls under{' '}
            {formatNumber(i18n, Number(savedValues.alertThreshold))} credits.
          </Trans>
        ) : (
          <Trans>No alert is set up.</Trans>
        )}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.fields}>
          <TextField
            ref={form.fieldRef('alertEmail')}
            label={t`Alert e-mail`}
            type="email"
            autoComplete="email"
            placeholder={user.email}
            value={draft.alertEmail}
            error={errors.alertEmail}
            onChange={(event) => form.change({ ...draft, alertEmail: event.target.value })}
          />
          <TextField
            ref={form.fieldRef('alertThreshold')}
            label={t`Threshold (credits)`}
            inputMode="numeric"
            value={draft.alertThreshold}
            error={errors.alertThreshold}
            hint={t`For example 500: an alert goes out when fewer than 500 credits are left.`}
            onChange={(event) => form.change({ ...draft, alertThreshold: event.target.value })}
          />
        </div>
        <FormFooter form={form} submitLabel={<Trans>Save alert</Trans>} />
      </form>
    </section>
  );
}

interface SubscriptionValues extends Record<string, unknown> {
  subscribed: boolean;
}

function SubscriptionForm({ user }: { user: AppUser }) {
  const form = useSaveForm<SubscriptionValues>({
    initial: { subscribed: user.emailSubscriptionFlag === 1 },
    validate: () => ({}),
    save: (values) => updateEmailSubscription({ emailSubscriptionFlag: values.subscribed ? 1 : 0 }),
    savedMessage: () => translate`E-mail preference saved.`,
  });
  return (
    <section className={styles.panel} aria-labelledby="subscription-title">
      <h2 id="subscription-title" className={styles.panelTitle}>
        <Trans>E-mail updates</Trans>
      </h2>
      <div className={styles.switchRow}>
        <label className={styles.switchLabel}>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={form.draft.subscribed}
            disabled={form.busy}
            onChange={(event) => {
              // A switch saves at once, like the switches of any settings page.
              form.change({ subscribed: event.target.checked });
              form.submit();
            }}
          />
          <span>
            <Trans>Product news, new models and offers</Trans>
          </span>
        </label>
        <SaveStatus saved={form.saved} failed={form.failed} error={form.error} onRetry={form.retry} />
      </div>
      <p className={styles.lead}>
        <Trans>Account e-mails (sign-in codes, receipts, low-balance alerts) are always sent.</Trans>
      </p>
    </section>
  );
}

function SettingsForms() {
  const user = useGlobalSelector('user', userSelectors.accountInView);
  if (!user) return null;
  // Keyed by account: another account's sign-in in another tab starts the forms afresh.
  return (
    <div key={user.id}>
      <SavedSettingsGate>
        <AlertsForm user={user} />
        <SubscriptionForm user={user} />
      </SavedSettingsGate>
    </div>
  );
}

export default function SettingsPage() {
  return (
    <DashboardLayout title={<Trans>Settings</Trans>}>
      <SettingsForms />
    </DashboardLayout>
  );
}
