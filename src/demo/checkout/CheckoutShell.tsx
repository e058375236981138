import { useEffect, useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OrderStatus } from '../../api/contract';
import type { OrderRow } from '../db';
import { MERCHANT_NAME } from '../handlers/invoiceDocument';
import qa from '../qa.module.css';
import styles from './Checkout.module.css';

export interface Simulation {
  label: string;
  run(): void;
}

/**
 * The frame of every demo checkout page: the "no money moves" banner, the provider as the title and the
 * merchant. The title takes focus whenever `stage` changes, so a screen reader hears the new content.
 */
export function CheckoutShell({ title, stage, children }: { title: string; stage: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    heading.current?.focus();
  }, [stage]);

  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.banner}>
          <Trans>Demo checkout — no money moves</Trans>
        </p>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        <p className={styles.merchant}>
          <Trans>Merchant: {MERCHANT_NAME}</Trans>
        </p>
        {children}
      </div>
    </main>
  );
}

/** The order as the buyer checks it before paying. */
export function OrderSummary({ order }: { order: OrderRow }) {
  const { t, i18n } = useLingui();
  let amount: string;
  try {
    amount = new Intl.NumberFormat(i18n.locale, { style: 'currency', currency: order.currency }).format(order.amount);
  } catch {
    amount = `${order.amount.toFixed(2)} ${order.currency}`;
  }
  return (
    <dl className={styles.summary} aria-label={t`Order summary`}>
      <dt>
        <Trans>Order</Trans>
      </dt>
      <dd>{order.orderNo}</dd>
      <dt>
        <Trans>Package</Trans>
      </dt>
      <dd>{order.packageId}</dd>
      <dt>
        <Trans>Credits</Trans>
      </dt>
      <dd>{order.credits.toLocaleString(i18n.locale)}</dd>
      <dt>
        <Trans>Amount</Trans>
      </dt>
      <dd className={styles.amount}>{amount}</dd>
    </dl>
  );
}

/** Why this order cannot be paid here any more. */
export function useClosedOrderMessage(): (status: OrderStatus) => string {
  const { t } = useLingui();
  return (status) => {
    switch (status) {
      case 'pending':
        return t`This order is still waiting for payment.`;
      case 'paid':
        return t`This order is already paid.`;
      case 'cancelled':
        return t`This order was cancelled.`;
      case 'failed':
        return t`This order's payment failed.`;
      case 'expired':
        return t`This order has expired. Start a new purchase in the app.`;
      case 'refunded':
        return t`This order was refunded.`;
    }
  };
}

/** QA-only buttons that end the checkout the way a failing provider would. */
export function Simulations({ simulations, disabled }: { simulations: Simulation[]; disabled?: boolean }) {
  const { t } = useLingui();
  return (
    <section className={styles.qa} aria-label={t`Simulate`}>
      <h2 className={styles.qaTitle}>
        <Trans>Simulate</Trans>
      </h2>
      <div className={qa.buttons}>
        {simulations.map((simulation) => (
          <button key={simulation.label} type="button" className={qa.button} disabled={disabled} onClick={simulation.run}>
            {simulation.label}
          </button>
        ))}
      </div>
    </section>
  );
}
