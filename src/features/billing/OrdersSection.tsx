import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { createPagedListLogic, type PagedListActor } from '../../actors/pagedList';
import { apiClientSettings } from '../../api/client';
import { payOrderList } from '../../api/orders';
import type { Order } from '../../api/contract';
import { PROVIDER_NAMES } from '../../domain/paymentProviders';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PagedSection } from '../../ui/PagedSection';
import { formatDate } from '../../ui/formatDate';
import { formatMoney, formatNumber } from '../../ui/formatNumber';
import { httpUrl } from '../../services/urls';
import { downloadInvoice } from './downloadInvoice';
import { InvoicePanel } from './InvoicePanel';
import { orderStatusLabel, orderStatusTone } from './orderLabels';
import styles from './Billing.module.css';

export const ORDERS_PAGE_SIZE = 10;

/** The account's orders, a page at a time: `usePagedList(ordersList, { pageSize: ORDERS_PAGE_SIZE })`. */
export const ordersList = createPagedListLogic(({ pageNum, pageSize }) => payOrderList({ pageNum, pageSize }));

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

export function OrdersSection({ actor }: { actor: PagedListActor<Order> }) {
  const { t, i18n } = useLingui();
  const orders = useSelector(actor, (s) => s.context.records);
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

  // The section's heading names its table too.
  const title = <Trans>Orders</Trans>;
  const columns: DataColumn<Order>[] = [
    {
      id: 'select',
      header: <Trans>Select for invoice</Trans>,
      headerHidden: true,
      cell: (order) =>
        invoiceable(order) ? (
          <input
            type="checkbox"
            checked={selected.has(order.orderNo)}
            onChange={(event) => toggle(order.orderNo, event.target.checked)}
            aria-label={t`Select order ${order.orderNo} for an invoice`}
          />
        ) : null,
    },
    { id: 'order', header: <Trans>Order</Trans>, cell: (order) => <code className={styles.orderNo}>{order.orderNo}</code> },
    { id: 'date', header: <Trans>Date</Trans>, cell: (order) => formatDate(i18n, order.createTime, { dateStyle: 'medium', timeStyle: 'short' }) },
    { id: 'method', header: <Trans>Method</Trans>, cell: (order) => PROVIDER_NAMES[order.provider] },
    { id: 'amount', header: <Trans>Amount</Trans>, numeric: true, cell: (order) => formatMoney(i18n, order.amount, order.currency) },
    { id: 'credits', header: <Trans>Credits</Trans>, numeric: true, cell: (order) => formatNumber(i18n, order.credits) },
    {
      id: 'status',
      header: <Trans>Status</Trans>,
      cell: (order) => (
        <span className={styles.status} data-tone={orderStatusTone(order.status)}>
          {orderStatusLabel(order.status)}
        </span>
      ),
    },
    { id: 'invoice', header: <Trans>Invoice</Trans>, cell: (order) => <InvoiceCell order={order} /> },
  ];

  return (
    <PagedSection
      actor={actor}
      titleId="orders-title"
      title={title}
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
          <DataTable caption={title} columns={columns} rows={orders} rowKey={(order) => order.orderNo} busy={busy} />
        </>
      )}
    </PagedSection>
  );
}

/** An order's invoice: a download once issued, "Requested" while it is being made, a dash otherwise. */
function InvoiceCell({ order }: { order: Order }) {
  const { t } = useLingui();
  const link = invoiceLink(order.invoiceUrl);
  return link ? (
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
  );
}
