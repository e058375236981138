import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SettleOutcome } from '../db';
import type { DemoEnvironment } from '../environment';
import { Button } from '../../ui/Button';
import {
  readCheckoutOrder,
  sendCryptoFromCheckout,
  settleFromCheckout,
  withProviderReturn,
  type CheckoutOrder,
  type CheckoutRequest,
} from './checkoutOrder';
import { CheckoutShell, OrderSummary, Simulations, useClosedOrderMessage } from './CheckoutShell';
import styles from './Checkout.module.css';

export interface RedirectCheckoutProps {
  env: DemoEnvironment;
  request: CheckoutRequest;
  title: string;
  /** location.assign: the provider sends the buyer back with a full page load. */
  navigate(url: string): void;
}

/** A redirect provider's page (Creem, NOWPayments, Freekassa, Digiseller): pay, cancel, fail or just leave. */
export function RedirectCheckout({ env, request, title, navigate }: RedirectCheckoutProps) {
  const { t } = useLingui();
  const closedMessage = useClosedOrderMessage();
  const [checkout, setCheckout] = useState<CheckoutOrder>(() => readCheckoutOrder(env.db, request));
  const [leaving, setLeaving] = useState(false);

  const leaveTo = (url: string) => {
    setLeaving(true);
    navigate(withProviderReturn(url, request.provider, request.orderNo));
  };

  const settle = (outcome: SettleOutcome, url: string) => {
    // Another tab (or the app's timeout) may have ended the order meanwhile: say so instead of leaving.
    if (!settleFromCheckout(env.db, request.orderNo, outcome)) setCheckout(readCheckoutOrder(env.db, request));
    else leaveTo(url);
  };

  // NOWPayments sends the buyer back once the payment is seen on the blockchain; its confirmations come later (the
  // demo controls confirm it or fail it).
  const sendCrypto = () => {
    if (!sendCryptoFromCheckout(env.db, request.orderNo)) setCheckout(readCheckoutOrder(env.db, request));
    else leaveTo(request.returnUrl);
  };

  if (checkout.kind !== 'open') {
    return (
      <CheckoutShell title={title} stage={checkout.kind}>
        <p className={styles.message} role="alert">
          {checkout.kind === 'unknown' ? t`This checkout link does not match any order.` : closedMessage(checkout.order.status)}
        </p>
        <a className={styles.link} href={request.returnUrl}>
          <Trans>Back to Nano Banana API</Trans>
        </a>
      </CheckoutShell>
    );
  }

  return (
    <CheckoutShell title={title} stage={leaving ? 'leaving' : 'open'}>
      <OrderSummary order={checkout.order} />
      {leaving ? (
        <p className={styles.message} role="status">
          <Trans>Returning to Nano Banana API…</Trans>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="primary" size="lg" disabled={leaving} onClick={() => settle('paid', request.returnUrl)}>
          <Trans>Pay</Trans>
        </Button>
        <Button size="lg" disabled={leaving} onClick={() => settle('cancelled', request.cancelUrl)}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
      <Simulations
        disabled={leaving}
        simulations={[
          ...(request.provider === 'nowpayments' ? [{ label: t`Send the crypto, confirmations pending`, run: sendCrypto }] : []),
          { label: t`Fail the payment`, run: () => settle('failed', request.returnUrl) },
          { label: t`Leave without paying`, run: () => leaveTo(request.returnUrl) },
        ]}
      />
    </CheckoutShell>
  );
}
