import { useCallback, useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SavedSettingsGate } from '../../ui/saveForm/SavedSettingsGate';
import { usePagedList } from '../../actors/pagedList';
import { OwnReads } from '../../actors/resource';
import { useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors, type AppUser } from '../../actors/user';
import type { PaymentProvider } from '../../api/contract';
import { CREDIT_PACKAGES } from '../../domain/creditPackages';
import { readLastPackage } from '../../services/lastPackage';
import { RETURN_PARAMETERS, withoutReturnParameters } from '../../domain/paymentReturn';
import { providersForCountry } from '../../domain/paymentProviders';
import { DashboardLayout } from '../../ui/DashboardLayout';
import { balanceText } from '../../ui/balance';
import { formatNumber } from '../../ui/formatNumber';
import { AutoTopUpSection } from './AutoTopUpSection';
import { Checkout } from './Checkout';
import { MethodPicker } from './MethodPicker';
import { OrdersSection, ordersList, ORDERS_PAGE_SIZE } from './OrdersSection';
import { readResume } from './paymentResume';
import { PackagePicker } from './PackagePicker';
import { useDiscount } from './useDiscount';
import styles from './Billing.module.css';

/** The smallest package: nothing bigger is ever chosen for the buyer, only the one they bought last. */
const SMALLEST_PACKAGE = CREDIT_PACKAGES[0]?.id ?? '';

/** Whether the address carries a return's parameters (ours or a provider's). */
function hasReturnParameters(search: string): boolean {
  const query = new URLSearchParams(search);
  return RETURN_PARAMETERS.some((name) => query.has(name));
}

function BuyCredits({ user, onPaid }: { user: AppUser; onPaid: () => void }) {
  const { i18n } = useLingui();
  const ipCountry = useGlobalSelector('user', (s) => s.context.ipCountry);
  const providers = providersForCountry(ipCountry);
  const [resume] = useState(() => readResume(user.id));
  // The return parameters are read: drop them, so a reload does not count as another return.
  useEffect(() => {
    if (hasReturnParameters(location.search))
      history.replaceState(history.state, '', `${location.pathname}${withoutReturnParameters(location.search)}`);
  }, []);
  // The buyer's choices: form values, not a flow (the flow is the provider's chart inside Checkout).
  const [packageId, setPackageId] = useState(() => resume?.order.packageId || readLastPackage(user.id) || SMALLEST_PACKAGE);
  const [chosenProvider, setProvider] = useState<PaymentProvider | null>(resume?.provider ?? null);
  const provider = chosenProvider ?? providers[0] ?? 'paypal';
  const discount = useDiscount();

  return (
    <section className={styles.panel} aria-labelledby="buy-title">
      <div className={styles.panelHeader}>
        <h2 id="buy-title" className={styles.panelTitle}>
          <Trans>Buy credits</Trans>
        </h2>
        <p className={styles.hint}>
          <Trans>Balance: {balanceText(i18n, user.credits)} credits</Trans>
          {discount ? (
            <>
              {' · '}
              <Trans>Your {formatNumber(i18n, discount.percentOff / 100, { style: 'percent', maximumFractionDigits: 1 })} discount is applied.</Trans>
            </>
          ) : null}
        </p>
      </div>
      <Checkout
        key={provider}
        provider={provider}
        packageId={packageId}
        discount={discount}
        resume={resume?.provider === provider ? resume.order : null}
        onPaid={onPaid}
      >
        {(locked) => (
          <>
            <PackagePicker value={packageId} discount={discount} onChange={setPackageId} disabled={locked} />
            <MethodPicker providers={providers} value={provider} onChange={setProvider} disabled={locked} />
          </>
        )}
      </Checkout>
    </section>
  );
}

function Billing() {
  const user = useGlobalSelector('user', userSelectors.accountInView);
  const { actor: orders } = usePagedList(ordersList, { pageSize: ORDERS_PAGE_SIZE });
  const refreshOrders = useCallback(() => orders.send({ type: 'REFRESH' }), [orders]);
  if (!user) return null;
  return (
    <div key={user.id}>
      {/* Another account signed in starts the page's reads afresh (the saved methods), as the key does the rest. */}
      <OwnReads>
        <BuyCredits user={user} onPaid={refreshOrders} />
        <SavedSettingsGate>
          <AutoTopUpSection user={user} />
        </SavedSettingsGate>
        <OrdersSection actor={orders} />
      </OwnReads>
    </div>
  );
}

export default function BillingPage() {
  return (
    // The billing page is where credits are bought anyway: no renewal offer on top of it.
    <DashboardLayout title={<Trans>Billing</Trans>}>
      <Billing />
    </DashboardLayout>
  );
}
