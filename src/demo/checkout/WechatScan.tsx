import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DemoEnvironment } from '../environment';
import { Button } from '../../ui/Button';
import { readCheckoutOrder, settleFromCheckout, type CheckoutOrder, type CheckoutRequest } from './checkoutOrder';
import { CheckoutShell, OrderSummary, Simulations, useClosedOrderMessage } from './CheckoutShell';
import styles from './Checkout.module.css';

/**
 * What the buyer's phone shows after scanning the WeChat QR code: confirming pays the order, and the app
 * (polling the order) sees it paid.
 */
export function WechatScan({ env, request, title }: { env: DemoEnvironment; request: CheckoutRequest; title: string }) {
  const { t, i18n } = useLingui();
  const closedMessage = useClosedOrderMessage();
  const [checkout, setCheckout] = useState<CheckoutOrder>(() => readCheckoutOrder(env.db, request));
  const [paid, setPaid] = useState(false);

  const confirm = () => {
    if (settleFromCheckout(env.db, request.orderNo, 'paid')) setPaid(true);
    // Expired (or ended elsewhere) since the page opened: the closed message says which.
    else setCheckout(readCheckoutOrder(env.db, request));
  };
  // WeChat refuses the payment (no balance, card declined): the app sees the order failed.
  const decline = () => {
    settleFromCheckout(env.db, request.orderNo, 'failed');
    setCheckout(readCheckoutOrder(env.db, request));
  };

  if (paid) {
    return (
      <CheckoutShell title={title} stage="paid">
        <p className={`${styles.message} ${styles.success}`} role="status">
          <Trans>Paid — you can close this page.</Trans>
        </p>
      </CheckoutShell>
    );
  }

  if (checkout.kind !== 'open') {
    const message =
      checkout.kind === 'unknown'
        ? t`This QR code does not match any order.`
        : checkout.order.status === 'expired'
          ? t`This QR code has expired. Ask for a new one in the app.`
          : closedMessage(checkout.order.status);
    return (
      <CheckoutShell title={title} stage={checkout.kind}>
        <p className={styles.message} role="alert">
          {message}
        </p>
      </CheckoutShell>
    );
  }

  const expires = checkout.order.expireTime
    ? new Date(checkout.order.expireTime).toLocaleTimeString(i18n.locale, { hour: '2-digit', minute: '2-digit' })
    : null;
  return (
    <CheckoutShell title={title} stage="open">
      <div className={styles.qr} role="img" aria-label={t`QR code (demo)`} />
      <OrderSummary order={checkout.order} />
      {expires ? (
        <p className={styles.hint}>
          <Trans>This QR code expires at {expires}.</Trans>
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button variant="primary" size="lg" onClick={confirm}>
          <Trans>Confirm payment in WeChat (demo)</Trans>
        </Button>
      </div>
      <Simulations simulations={[{ label: t`Decline the payment`, run: decline }]} />
    </CheckoutShell>
  );
}
