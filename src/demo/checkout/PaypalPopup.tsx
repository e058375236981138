import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DemoEnvironment } from '../environment';
import { Button } from '../../ui/Button';
import { approveFromCheckout, paypalMessage, readCheckoutOrder, type CheckoutOrder, type CheckoutRequest } from './checkoutOrder';
import type { PaypalPopupMessage } from './paypalMessage';
import { CheckoutShell, OrderSummary, Simulations, useClosedOrderMessage } from './CheckoutShell';
import styles from './Checkout.module.css';

export interface PaypalPopupProps {
  env: DemoEnvironment;
  request: CheckoutRequest;
  title: string;
  /** Tells the app's window (window.opener) how the buyer decided. */
  postToOpener(message: PaypalPopupMessage): void;
  closeWindow(): void;
}

/** The demo PayPal popup: approve, cancel, or have the card declined; the app's window hears the outcome. */
export function PaypalPopup({ env, request, title, postToOpener, closeWindow }: PaypalPopupProps) {
  const { t } = useLingui();
  const closedMessage = useClosedOrderMessage();
  const [checkout, setCheckout] = useState<CheckoutOrder>(() => readCheckoutOrder(env.db, request));
  const [answered, setAnswered] = useState(false);

  const answer = (message: PaypalPopupMessage) => {
    setAnswered(true);
    postToOpener(message);
    // A window the app did not open refuses to close itself: the "you can close" line stays.
    closeWindow();
  };

  const approve = () => {
    if (approveFromCheckout(env.db, request.orderNo)) answer(paypalMessage(request.orderNo, 'approved'));
    else setCheckout(readCheckoutOrder(env.db, request));
  };

  if (answered) {
    return (
      <CheckoutShell title={title} stage="answered">
        <p className={styles.message} role="status">
          <Trans>Done. You can close this window.</Trans>
        </p>
      </CheckoutShell>
    );
  }

  if (checkout.kind !== 'open') {
    return (
      <CheckoutShell title={title} stage={checkout.kind}>
        <p className={styles.message} role="alert">
          {checkout.kind === 'unknown' ? t`This PayPal link does not match any order.` : closedMessage(checkout.order.status)}
        </p>
        <Button onClick={() => answer(paypalMessage(request.orderNo, 'cancelled'))}>
          <Trans>Close window</Trans>
        </Button>
      </CheckoutShell>
    );
  }

  return (
    <CheckoutShell title={title} stage="open">
      <OrderSummary order={checkout.order} />
      <div className={styles.actions}>
        <Button variant="primary" size="lg" onClick={approve}>
          <Trans>Approve</Trans>
        </Button>
        <Button size="lg" onClick={() => answer(paypalMessage(request.orderNo, 'cancelled'))}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
      <Simulations
        simulations={[
          {
            label: t`Decline the card`,
            run: () => answer(paypalMessage(request.orderNo, 'error', t`The card was declined. Try another card or payment method.`)),
          },
        ]}
      />
    </CheckoutShell>
  );
}
