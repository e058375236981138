import { Trans, useLingui } from '@lingui/react/macro';
import { useChargesListLogic, usePagedList } from '../../actors/pagedList';
import { usageRecordPage } from '../../api/dashboard';
import type { UsageRecord } from '../../api/contract';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { PagedSection } from '../../ui/PagedSection';
import { modelName } from '../../ui/usageLabels';
import { TaskStatusLabel } from '../../ui/TaskStatusLabel';
import { formatDate } from '../../ui/formatDate';
import { taskCreditsText } from '../../ui/credits';
import styles from './Overview.module.css';

const RECORDS_PAGE_SIZE = 10;

/** The latest calls, newest first, a page at a time. */
export function UsageRecordsSection() {
  const { t, i18n } = useLingui();
  const { actor, records } = usePagedList(
    useChargesListLogic(({ pageNum, pageSize }) => usageRecordPage({ pageNum, pageSize })),
    { pageSize: RECORDS_PAGE_SIZE },
  );
  const time = (iso: string) => formatDate(i18n, iso, { dateStyle: 'medium', timeStyle: 'short' });

  // The section's heading names its table too.
  const title = <Trans>Recent requests</Trans>;
  const columns: DataColumn<UsageRecord>[] = [
    { id: 'time', header: <Trans>Time</Trans>, cell: (record) => time(record.createTime) },
    { id: 'model', header: <Trans>Model</Trans>, cell: (record) => modelName(record.model) },
    { id: 'key', header: <Trans>API key</Trans>, cell: (record) => record.apiKeyName ?? <span className={styles.muted}>—</span> },
    {
      id: 'status',
      header: <Trans>Status</Trans>,
      cell: (record) => <TaskStatusLabel status={record.status} className={styles.status} />,
    },
    // Spelled as the history spells it: what the task cost, and what a failed one got back.
    { id: 'credits', header: <Trans>Credits</Trans>, numeric: true, cell: (record) => taskCreditsText(i18n, record) },
  ];

  return (
    <PagedSection
      actor={actor}
      titleId="records-title"
      title={title}
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
      {(busy) => <DataTable caption={title} columns={columns} rows={records} rowKey={(record) => record.id} busy={busy} />}
    </PagedSection>
  );
}
