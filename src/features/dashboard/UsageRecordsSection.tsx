import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { lastPage } from '../../../machines/pagedList.machine';
import { createPagedListLogic } from '../../actors/pagedList';
import { usageRecordPage } from '../../api/dashboard';
import type { UsageRecord } from '../../api/contract';
import { Button } from '../../ui/Button';
import { Pager } from '../../ui/Pager';
import { Spinner } from '../../ui/Spinner';
import tableStyles from '../../ui/DataTable.module.css';
import { MODEL_NAMES, taskStatusLabel, taskStatusTone } from './usageLabels';
import styles from './Overview.module.css';

export const RECORDS_PAGE_SIZE = 10;

const usageRecordsLogic = createPagedListLogic<UsageRecord>(({ pageNum, pageSize }) => usageRecordPage({ pageNum, pageSize }));
type RecordsSnapshot = SnapshotFrom<typeof usageRecordsLogic>;

const selectPhase = (s: RecordsSnapshot) => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : s.matches('empty') ? 'empty' : 'list');
// The list's fetcher is typed by the call above; the machine keeps records as unknown.
const selectRecords = (s: RecordsSnapshot) => s.context.records as UsageRecord[];

/** The latest calls, newest first, a page at a time. */
export function UsageRecordsSection() {
  const { t, i18n } = useLingui();
  const actor = useActorRef(usageRecordsLogic, { input: { pageSize: RECORDS_PAGE_SIZE } });
  const phase = useSelector(actor, selectPhase);
  const records = useSelector(actor, selectRecords);
  const changingPage = useSelector(actor, (s) => s.hasTag('busy'));
  const pageFailed = useSelector(actor, (s) => s.matches({ loaded: 'pageChangeFailed' }));
  const position = useSelector(actor, (s) => ({ pageNum: s.context.pageNum, total: s.context.total, lastPage: lastPage(s.context) }), (a, b) => a.pageNum === b.pageNum && a.total === b.total);
  const error = useSelector(actor, (s) => s.context.error);
  const time = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className={styles.panel} aria-labelledby="records-title">
      <div className={styles.panelHeader}>
        <h2 id="records-title" className={styles.panelTitle}>
          <Trans>Recent requests</Trans>
        </h2>
        {phase === 'list' || phase === 'empty' ? (
          <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'REFRESH' })} disabled={changingPage}>
            <Trans>Refresh</Trans>
          </Button>
        ) : null}
      </div>
      {phase === 'loading' ? (
        <p className={styles.notice} role="status">
          <Spinner /> <Trans>Loading requests…</Trans>
        </p>
      ) : phase === 'failed' ? (
        <div className={styles.notice} role="alert">
          <span>{error ?? t`Requests could not be loaded.`}</span>
          <Button size="sm" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : phase === 'empty' ? (
        <div className={styles.noUsage}>
          <p>
            <Trans>No requests yet.</Trans>
          </p>
          <p>
            <Trans>Each image you generate, through the API or the playground, is listed here with its cost.</Trans>
          </p>
        </div>
      ) : (
        <>
          <div className={tableStyles.wrap} aria-busy={changingPage || undefined}>
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
                    <td>{MODEL_NAMES[record.model]}</td>
                    <td>{record.apiKeyName ?? <span className={styles.muted}>—</span>}</td>
                    <td>
                      <span className={styles.status} data-tone={taskStatusTone(record.status)}>
                        {taskStatusLabel(record.status)}
                      </span>
                    </td>
                    <td className={tableStyles.number}>{i18n.number(record.credits)}</td>
                    <td className={tableStyles.number}>{record.refundedCredits > 0 ? i18n.number(record.refundedCredits) : <span className={styles.muted}>—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pageFailed ? (
            <p className={styles.fieldError} role="alert">
              {t`That page could not be loaded: ${error ?? ''}`} <Trans>The list above is unchanged; try again.</Trans>
            </p>
          ) : null}
          <Pager
            label={t`Request pages`}
            pageNum={position.pageNum}
            lastPage={position.lastPage}
            total={position.total}
            busy={changingPage}
            onGoTo={(pageNum) => actor.send({ type: 'GO_TO_PAGE', pageNum })}
          />
        </>
      )}
    </section>
  );
}
