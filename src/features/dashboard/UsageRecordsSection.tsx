import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalActor } from '../../actors/useLocalActor';
import { useChargesListLogic } from '../../actors/pagedList';
import { usageRecordPage } from '../../api/dashboard';
import type { UsageRecord } from '../../api/contract';
import tableStyles from '../../ui/DataTable.module.css';
import { PagedSection } from '../../ui/PagedSection';
import { modelName, taskStatusLabel, taskStatusTone } from '../../ui/usageLabels';
import { formatDate } from '../../ui/formatDate';
import { formatNumber } from '../../ui/formatNumber';
import styles from './Overview.module.css';

export const RECORDS_PAGE_SIZE = 10;

/** The latest calls, newest first, a page at a time. */
export function UsageRecordsSection() {
  const { t, i18n } = useLingui();
  const actor = useLocalActor(
    useChargesListLogic(({ pageNum, pageSize }) => usageRecordPage({ pageNum, pageSize })),
    { input: { pageSize: RECORDS_PAGE_SIZE } },
  );
  // The list's fetcher is usageRecordPage: its records are UsageRecords.
  const records = useSelector(actor, (s) => s.context.records as UsageRecord[]);
  const time = (iso: string) => formatDate(i18n, iso, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <PagedSection
      actor={actor}
      titleId="records-title"
      title={<Trans>Recent requests</Trans>}
      loadingText={<Trans>Loading requests…</Trans>}
      failedText={t`Requests could not be loaded.`}
      pagerLabel={t`Request pages`}
      empty={
        <div className={styles.noUsage}>
          <p>
            <Trans>No requests yet.</Trans>
          </p>
          <p>
            <Trans>Each image you generate, through the API or the playground, is listed here with its cost.</Trans>
          </p>
        </div>
      }
    >
      {(busy) => (
        <div className={tableStyles.wrap} aria-busy={busy || undefined}>
          <table className={tableStyles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Time</Trans>
                </th>
                <th scope="col">
                  <Trans>Model</Trans>
                </th>
                <th scope="col">
                  <Trans>API key</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col" className={tableStyles.number}>
                  <Trans>Credits</Trans>
                </th>
                <th scope="col" className={tableStyles.number}>
                  <Trans>Refunded</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <tr key={record.id}>
                  <td>{time(record.createTime)}</td>
                  <td>{modelName(record.model)}</td>
                  <td>{record.apiKeyName ?? <span className={styles.muted}>—</span>}</td>
                  <td>
                    <span className={styles.status} data-tone={taskStatusTone(record.status)}>
                      {taskStatusLabel(record.status)}
                    </span>
                  </td>
                  <td className={tableStyles.number}>{formatNumber(i18n, record.credits)}</td>
                  <td className={tableStyles.number}>
                    {record.refundedCredits > 0 ? formatNumber(i18n, record.refundedCredits) : <span className={styles.muted}>—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedSection>
  );
}
