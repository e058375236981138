import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { createPagedListLogic } from '../../actors/pagedList';
import { apiClientSettings } from '../../api/client';
import { payOrderList } from '../../api/orders';
import type { Order } from '../../api/contract';
import { PROVIDER_NAMES } from '../../domain/paymentProviders';
import { Button } from '../../ui/Button';
import tableStyles from '../../ui/DataTable.module.css';
import { PagedSection } from '../../ui/PagedSection';
import { formatDate } from '../../ui/formatDate';
import { formatMoney, formatNumber } from '../../ui/formatNumber';
import { httpUrl } from '../../services/urls';
import { downloadInvoice } from './downloadInvoice';
import { InvoicePanel } from './InvoicePanel';
import { orderStatusLabel, orderStatusTone } from './orderLabels';
import styles from './Billing.module.css';

export const ORDERS_PAGE_SIZE = 10;

export const ordersLogic = createPagedListLogic<Order>(({ pageNum, pageSize }) => payOrderList({ pageNum, pageSize }));
export type OrdersActor = ActorRefFrom<typeof ordersLogic>;
type OrdersSnapshot = SnapshotFrom<typeof ordersLogic>;

// The list's fetcher is payOrderList: its records are Orders.
const selectOrders = (s: OrdersSnapshot) => s.context.records as Order[];

/** Only a paid order without an invoice can be invoiced. */
function invoiceable(order: Order): boolean {
  return order.status === 'paid' && order.invoiceStatus === 'none';
}

/**
 * The invoice link the API handed out, used only if it is a web address. A path (`/invoices/123.pdf`) is on the
 * API's host, which is not the page's in a live build.
 */
function invoiceLink(url: string | null): string | null {
  return url ? (httpUrl(url, apiClientSettings().baseURL)?.href ?? null) : null;
}

export function OrdersSection({ actor }: { actor: OrdersActor }) {
  const { t, i18n } = useLingui();
  const orders = useSelector(actor, selectOrders);
  // Which paid orders the buyer ticked for an invoice: what the form is about, not a flow.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selectedOrders = orders.filter((order) => selected.has(order.orderNo) && invoiceable(order));

  const toggle = (orderNo: string, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(orderNo);
      else next.delete(orderNo);
      return next;
    });
  };
  const money = (order: Order) => formatMoney(i18n, order.amount, order.currency);

  return (
    <PagedSection
      actor={actor}
      titleId="orders-title"
      title={<Trans>Orders</Trans>}
      loadingText={<Trans>Loading your orders…</Trans>}
      failedText={t`Your orders could not be loaded.`}
      pagerLabel={t`Order pages`}
      empty={
        <p className={styles.emptyNote}>
          <Trans>No orders yet. Credits you buy are listed here, with their invoices.</Trans>
        </p>
      }
      footer={
        selectedOrders.length > 0 ? (
          <InvoicePanel
            orders={selectedOrders}
            onApplied={() => {
              setSelected(new Set());
              actor.send({ type: 'REFRESH' });
            }}
          />
        ) : null
      }
    >
      {(busy) => (
        <>
          <p className={styles.hint}>
            <Trans>Tick paid orders to apply for an invoice.</Trans>
          </p>
          <div className={tableStyles.wrap} aria-busy={busy || undefined}>
            <table className={tableStyles.table}>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Select for invoice</Trans>
                    </span>
                  </th>
                  <th scope="col">
                    <Trans>Order</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Method</Trans>
                  </th>
                  <th scope="col" className={tableStyles.number}>
                    <Trans>Amount</Trans>
                  </th>
                  <th scope="col" className={tableStyles.number}>
                    <Trans>Credits</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Invoice</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => {
                  const link = invoiceLink(order.invoiceUrl);
                  return (
                    <tr key={order.orderNo}>
                      <td>
                        {invoiceable(order) ? (
                          <input
                            type="checkbox"
                            checked={selected.has(order.orderNo)}
                            onChange={(event) => toggle(order.orderNo, event.target.checked)}
                            aria-label={t`Select order ${order.orderNo} for an invoice`}
                          />
                        ) : null}
                      </td>
                      <td>
                        <code className={styles.orderNo}>{order.orderNo}</code>
                      </td>
                      <td>{formatDate(i18n, order.createTime, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                      <td>{PROVIDER_NAMES[order.provider]}</td>
                      <td className={tableStyles.number}>{money(order)}</td>
                      <td className={tableStyles.number}>{formatNumber(i18n, order.credits)}</td>
                      <td>
                        <span className={styles.status} data-tone={orderStatusTone(order.status)}>
                          {orderStatusLabel(order.status)}
                        </span>
                      </td>
                      <td>
                        {link ? (
                          <Button
                            size="sm"
                            variant="ghost"
                            onClick={() => downloadInvoice(link, order.orderNo)}
                            aria-label={t`Download the invoice for order ${order.orderNo}`}
                          >
                            <Trans>Download</Trans>
                          </Button>
                        ) : order.invoiceStatus === 'applied' ? (
                          <Trans>Requested</Trans>
                        ) : (
                          <span className={styles.muted}>—</span>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </PagedSection>
  );
}
