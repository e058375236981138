import { Link, useSearch } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useResource } from '../../actors/resource';
import { discountRead } from '../../actors/reads';
import { useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { DashboardLayout } from '../../ui/DashboardLayout';
import { formatDate } from '../../ui/formatDate';
import { formatNumber } from '../../ui/formatNumber';
import { balanceText } from '../../ui/balance';
import styles from './Overview.module.css';
import { UsageSection } from './UsageSection';
import { UsageRecordsSection } from './UsageRecordsSection';
import { WelcomePanel } from './WelcomePanel';

function BalanceCard() {
  const { i18n } = useLingui();
  const credits = useGlobalSelector('user', (s) => userSelectors.user(s)?.credits ?? null);
  return (
    <div className={styles.card}>
      <h2 className={styles.cardLabel}>
        <Trans>Credit balance</Trans>
      </h2>
      <p className={styles.cardValue} data-testid="credit-balance">
        {/* The balance leads to where credits are bought. */}
        <Link href="/dashboard/billing" className={styles.valueLink}>
          {balanceText(i18n, credits)}
        </Link>
      </p>
      <p className={styles.cardNote}>
        <Trans>Credits are spent per image; a failed generation is refunded.</Trans>
      </p>
    </div>
  );
}

function DiscountCard() {
  const { t, i18n } = useLingui();
  const { phase, value: discount, error, retry } = useResource(discountRead);
  return (
    <div className={styles.card}>
      <h2 className={styles.cardLabel}>
        <Trans>Discount</Trans>
      </h2>
      {phase === 'loading' ? (
        <p className={styles.cardNote} role="status">
          <Spinner /> <Trans>Checking for a discount…</Trans>
        </p>
      ) : phase === 'failed' ? (
        <div className={styles.cardNote} role="alert">
          <p>{error ?? t`Your discount could not be loaded.`}</p>
          <Button size="sm" onClick={retry}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : discount ? (
        <>
          <p
            className={styles.cardValue}
          >{t`${formatNumber(i18n, discount.percentOff / 100, { style: 'percent', maximumFractionDigits: 1 })} off`}</p>
          <p className={styles.cardNote}>
            {discount.label ? `${discount.label}. ` : ''}
            {discount.expiresAt ? (
              <Trans>Applies to every credit package until {formatDate(i18n, discount.expiresAt, { dateStyle: 'medium' })}.</Trans>
            ) : (
              <Trans>Applies to every credit package.</Trans>
            )}
          </p>
        </>
      ) : (
        <>
          <p className={styles.cardValue}>
            <Trans context="no discount">None</Trans>
          </p>
          <p className={styles.cardNote}>
            <Trans>You pay list prices. Discounts for your account appear here.</Trans>
          </p>
        </>
      )}
    </div>
  );
}

function KeysCard() {
  return (
    <div className={styles.card}>
      <h2 className={styles.cardLabel}>
        <Trans>API keys</Trans>
      </h2>
      <p className={styles.cardNote}>
        <Trans>Create a key for each app or server, so you can see its usage and revoke it alone.</Trans>
      </p>
      <Link href="/dashboard/api-keys" className={styles.cardLink}>
        <Trans>Manage API keys</Trans>
      </Link>
    </div>
  );
}

export default function OverviewPage() {
  // A sign-up lands here with ?welcome (the login flow decides); the overview is otherwise the same.
  const welcome = new URLSearchParams(useSearch()).has('welcome');
  return (
    <DashboardLayout title={<Trans>Overview</Trans>}>
      {welcome ? <WelcomePanel /> : null}
      <div className={styles.cards}>
        <BalanceCard />
        <DiscountCard />
        <KeysCard />
      </div>
      <UsageSection />
      <UsageRecordsSection />
    </DashboardLayout>
  );
}
