import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useLocalActor } from '../../actors/useLocalActor';
import { detailsDialogLogic } from '../../actors/detailsDialog';
import { useGlobalSelector } from '../../actors/AppActorContext';
import { useChargesListLogic } from '../../actors/pagedList';
import { userSelectors } from '../../actors/user';
import type { UsageRecord } from '../../api/contract';
import { usageRecordPage } from '../../api/dashboard';
import { GENERATION_MODELS, modelName } from '../../domain/generationOptions';
import { PageHeader } from '../../ui/PageHeader';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { SignInPrompt } from '../../ui/signIn/SignInPrompt';
import { useSignInWhenAnonymous } from '../../ui/signIn/useSignInWhenAnonymous';
import { PagedSection } from '../../ui/PagedSection';
import { taskStatusLabel } from '../../ui/usageLabels';
import { TaskStatusLabel } from '../../ui/TaskStatusLabel';
import { PLAYGROUND_PATH } from '../../domain/generationDraft';
import { formatDate } from '../../ui/formatDate';
import { taskCreditsText } from '../../ui/credits';
import { historyRequest } from './historyRequest';
import { RecordDetails } from './RecordDetails';
import { RecordThumbnail } from './RecordThumbnail';
import styles from './History.module.css';

export const HISTORY_PAGE_SIZE = 10;

const STATUS_FILTERS = [1, 3, 2, 0] as const;

/** `/recent-history`: every generation of the account, newest first, with its parameters, cost and images. */
export default function HistoryPage() {
  const { anonymous, openSignIn } = useSignInWhenAnonymous();
  const user = useGlobalSelector('user', userSelectors.user);

  return (
    <div className={styles.page}>
      <PageHeader
        title={<Trans>History</Trans>}
        lead={<Trans>Every image task of your account, from the playground and the API: what was asked, what it cost and what it made.</Trans>}
      />
      {user ? (
        // Keyed by account: another account's sign-in starts the list afresh.
        <HistoryList key={user.id} />
      ) : anonymous ? (
        <SignInPrompt onSignIn={openSignIn}>
          <Trans>Sign in to see your generations.</Trans>
        </SignInPrompt>
      ) : null}
    </div>
  );
}

function HistoryList() {
  const { t, i18n } = useLingui();
  const actor = useLocalActor(
    useChargesListLogic(({ pageNum, pageSize, filters }) => usageRecordPage(historyRequest(pageNum, pageSize, filters))),
    {
      input: { pageSize: HISTORY_PAGE_SIZE },
    },
  );
  const details = useLocalActor(detailsDialogLogic);
  // The list's fetcher is usageRecordPage: its records are UsageRecords.
  const records = useSelector(actor, (s) => s.context.records as UsageRecord[]);
  const filters = useSelector(actor, (s) => s.context.filters);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const time = (iso: string) => formatDate(i18n, iso, { dateStyle: 'medium', timeStyle: 'short' });
  const filtered = filters.status !== undefined || filters.model !== undefined;

  // The section's heading names its table too.
  const title = <Trans>Generations</Trans>;
  const columns: DataColumn<UsageRecord>[] = [
    {
      id: 'preview',
      header: <Trans>Preview</Trans>,
      headerHidden: true,
      className: styles.thumbCell,
      cell: (record) => <RecordThumbnail record={record} />,
    },
    {
      id: 'prompt',
      header: <Trans>Prompt</Trans>,
      className: styles.promptCell,
      tooltip: (record) => record.prompt,
      cell: (record) => record.prompt || <span className={styles.muted}>—</span>,
    },
    { id: 'model', header: <Trans>Model</Trans>, cell: (record) => modelName(record.model) },
    {
      id: 'status',
      header: <Trans>Status</Trans>,
      cell: (record) => <TaskStatusLabel status={record.status} className={styles.status} />,
    },
    {
      id: 'credits',
      header: <Trans>Credits</Trans>,
      numeric: true,
      // Spelled as the dashboard's recent requests spell it.
      cell: (record) => taskCreditsText(i18n, record),
    },
    { id: 'created', header: <Trans>Created</Trans>, cell: (record) => time(record.createTime) },
    {
      id: 'actions',
      header: <Trans>Actions</Trans>,
      headerHidden: true,
      cell: (record) => (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => details.send({ type: 'OPEN', item: record })}
          aria-label={t`Details of the generation from ${time(record.createTime)}`}
        >
          <Trans>Details</Trans>
        </Button>
      ),
    },
  ];

  const setFilter = (name: 'status' | 'model', value: string) => {
    const next = { ...actor.getSnapshot().context.filters, [name]: value === '' ? undefined : name === 'status' ? Number(value) : value };
    actor.send({ type: 'SET_FILTERS', filters: next });
  };

  return (
    <>
      <div className={styles.filters} role="group" aria-label={t`Filters`}>
        <label className={styles.filter}>
          <span>
            <Trans>Status</Trans>
          </span>
          <select
            value={filters.status === undefined ? '' : String(filters.status)}
            disabled={loading}
            onChange={(event) => setFilter('status', event.target.value)}
          >
            <option value="">{t`All statuses`}</option>
            {STATUS_FILTERS.map((status) => (
              <option key={status} value={String(status)}>
                {taskStatusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>
            <Trans>Model</Trans>
          </span>
          <select
            value={typeof filters.model === 'string' ? filters.model : ''}
            disabled={loading}
            onChange={(event) => setFilter('model', event.target.value)}
          >
            <option value="">{t`All models`}</option>
            {GENERATION_MODELS.map((model) => (
              <option key={model} value={model}>
                {modelName(model)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <PagedSection
        actor={actor}
        titleId="history-title"
        title={title}
        loadingText={<Trans>Loading your generations…</Trans>}
        failedText={t`Your generations could not be loaded.`}
        pagerLabel={t`Generation pages`}
        empty={
          <div className={styles.empty}>
            {filtered ? (
              <p>
                <Trans>No generations match these filters.</Trans>
              </p>
            ) : (
              <>
                <p>
                  <Trans>No generations yet.</Trans>
                </p>
                <Link href={PLAYGROUND_PATH}>
                  <Trans>Make your first images in the playground</Trans>
                </Link>
              </>
            )}
          </div>
        }
      >
        {(busy) => <DataTable caption={title} columns={columns} rows={records} rowKey={(record) => record.id} busy={busy} />}
      </PagedSection>
      <RecordDetails actor={details} />
    </>
  );
}
