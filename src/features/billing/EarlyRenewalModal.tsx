import { Link } from 'wouter';
import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import type { AppUser } from '../../actors/user';
import type { PaymentProvider } from '../../api/contract';
import { CURRENCY, findPackage, priceAfterDiscount, totalCredits } from '../../domain/creditPackages';
import { providersForCountry } from '../../domain/paymentProviders';
import { Button, buttonClasses } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formatDate } from '../../ui/formatDate';
import { formatMoney, formatNumber } from '../../ui/formatNumber';
import { balanceText } from '../../ui/balance';
import { Checkout } from './Checkout';
import { MethodPicker } from './MethodPicker';
import { useDiscount } from './useDiscount';
import styles from './Billing.module.css';

/**
 * Offers to renew the last package when the balance is under the account's alert threshold or the plan ends
 * soon; renewing runs the same payment flow as the billing page, inside the modal. When to offer is the
 * earlyRenewal actor's decision (from what the user actor tells it); this only shows its states.
 */
function EarlyRenewalModal({ user }: { user: AppUser }) {
  const { t, i18n } = useLingui();
  const renewal = useGlobalActor('earlyRenewal');
  const phase = useGlobalSelector('earlyRenewal', (s) => (s.matches('renewing') ? 'renewing' : s.matches('open') ? 'open' : 'closed'));
  const lastPackageId = useGlobalSelector('earlyRenewal', (s) => s.context.lastPackageId);
  const offeredFor = useGlobalSelector('earlyRenewal', (s) => s.context.reason);
  const ipCountry = useGlobalSelector('user', (s) => s.context.ipCountry);
  const providers = providersForCountry(ipCountry);
  // The method is the buyer's choice in the form, not a flow.
  const [chosenProvider, setProvider] = useState<PaymentProvider | null>(null);
  const provider = chosenProvider ?? providers[0] ?? 'paypal';
  const lastPackage = findPackage(lastPackageId ?? '');
  const discount = useDiscount();

  const threshold = formatNumber(i18n, user.alertThreshold ?? 0);
  return (
    <Dialog
      open={phase !== 'closed'}
      onDismiss={() => renewal.send({ type: phase === 'renewing' ? 'CLOSE' : 'DISMISS' })}
      title={offeredFor === 'planEnding' ? t`Your plan ends soon` : t`Your credits are running low`}
      size="md"
    >
      <div className={styles.form}>
        <p>
          {offeredFor === 'planEnding' && user.planEndTime ? (
            <Trans>
              Your plan ends on {formatDate(i18n, user.planEndTime, { dateStyle: 'long' })}. Renew now so your credits stay usable and your calls keep
              working.
            </Trans>
          ) : (
            <Trans>
              Your balance is {balanceText(i18n, user.credits)} credits, under your alert threshold of {threshold}. Renew now so your calls keep
              working.
            </Trans>
          )}
        </p>
        {phase === 'renewing' && lastPackage ? (
          <Checkout
            provider={provider}
            key={provider}
            packageId={lastPackage.id}
            discount={discount}
            resume={null}
            onPaid={() => renewal.send({ type: 'PAYMENT_SUCCEEDED' })}
          >
            {(locked) => <MethodPicker providers={providers} value={provider} onChange={setProvider} disabled={locked} />}
          </Checkout>
        ) : null}
        <div className={styles.actions}>
          {phase === 'renewing' ? (
            <Button onClick={() => renewal.send({ type: 'PAYMENT_ABANDONED' })}>
              <Trans>Back</Trans>
            </Button>
          ) : (
            <>
              <Button onClick={() => renewal.send({ type: 'DISMISS' })}>
                <Trans>Not now</Trans>
              </Button>
              {lastPackage ? (
                <Button variant="primary" onClick={() => renewal.send({ type: 'RENEW' })}>
                  {t`Renew ${i18n.number(totalCredits(lastPackage))} credits for ${formatMoney(i18n, priceAfterDiscount(lastPackage, discount), CURRENCY)}`}
                </Button>
              ) : (
                <Link href="/dashboard/billing" className={buttonClasses('primary')} onClick={() => renewal.send({ type: 'DISMISS' })}>
                  <Trans>Buy credits</Trans>
                </Link>
              )}
            </>
          )}
        </div>
      </div>
    </Dialog>
  );
}

/** For the app shell, which loads it only on the pages that offer a renewal. */
export default EarlyRenewalModal;
