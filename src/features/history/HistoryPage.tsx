import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearch } from 'wouter';
import { useLocalActor } from '../../actors/useLocalActor';
import { detailsDialogLogicFor } from '../../actors/detailsDialog';
import { useGlobalSelector } from '../../actors/AppActorContext';
import { useChargesListLogic, usePagedList } from '../../actors/pagedList';
import { userSelectors } from '../../actors/user';
import { zipDownloadLogic } from '../../actors/zipDownload';
import type { UsageRecord } from '../../api/contract';
import { historyRecordPage } from '../../api/history';
import { GENERATION_MODELS, modelName } from '../../domain/generationOptions';
import { PageHeader } from '../../ui/PageHeader';
import { Button } from '../../ui/Button';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { SegmentedControl, type SegmentOption } from '../../ui/SegmentedControl';
import { SignInPrompt } from '../../ui/signIn/SignInPrompt';
import { useSignInWhenAnonymous } from '../../ui/signIn/useSignInWhenAnonymous';
import { PagedSection } from '../../ui/PagedSection';
import { taskStatusLabel } from '../../ui/usageLabels';
import { TaskStatusLabel } from '../../ui/TaskStatusLabel';
import { PLAYGROUND_PATH } from '../../domain/generationDraft';
import { formatDate } from '../../ui/formatDate';
import { taskCreditsText } from '../../ui/credits';
import { historyRequest } from './historyRequest';
import {
  DEFAULT_HISTORY_QUERY,
  LONGEST_SEARCH,
  historyQueryFromSearch,
  isCalendarDay,
  isFiltered,
  listFiltersOf,
  normalizeSearch,
  sameFilters,
  searchFromHistoryQuery,
  type HistoryQuery,
  type HistoryView,
} from './historyQuery';
import { imagesOf, zipItemsOf, type ImagePosition } from './historyImages';
import { HistoryGallery } from './HistoryGallery';
import { Lightbox } from './Lightbox';
import { LinkAgeNote } from './LinkAgeNote';
import { RecordDetails } from './RecordDetails';
import { RecordThumbnail } from './RecordThumbnail';
import { ZipDownloadPanel } from './ZipDownloadPanel';
import styles from './History.module.css';

const HISTORY_PAGE_SIZE = 10;
const HISTORY_PATH = '/recent-history';

const STATUS_FILTERS = [1, 3, 2, 0] as const;

const recordDialogLogic = detailsDialogLogicFor<UsageRecord>();
const lightboxLogic = detailsDialogLogicFor<ImagePosition>();

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
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = useMemo(() => historyQueryFromSearch(search), [search]);
  const wanted = useMemo(() => listFiltersOf(query), [query]);
  // The filters are read when the list starts; later ones are sent to it (below).
  const { actor, records } = usePagedList(
    useChargesListLogic(({ pageNum, pageSize, filters }) => historyRecordPage(historyRequest(pageNum, pageSize, filters))),
    { pageSize: HISTORY_PAGE_SIZE, filters: wanted },
  );
  const details = useLocalActor(recordDialogLogic);
  const lightbox = useLocalActor(lightboxLogic);
  const zip = useLocalActor(zipDownloadLogic);
  const settled = useSelector(actor, (s) => !s.hasTag('loading'));
  // Link ages are counted from when the page opened: a list does not age while it is read.
  const [now] = useState(() => Date.now());
  // Chosen tasks, by task id, kept across pages and filters until downloaded or cleared.
  const [selection, setSelection] = useState<ReadonlyMap<string, UsageRecord>>(new Map());
  const images = useMemo(() => imagesOf(records), [records]);
  const time = (iso: string) => formatDate(i18n, iso, { dateStyle: 'medium', timeStyle: 'short' });

  // The address leads: a filter changed here, a reload, back or forward all land in the address first, and the list
  // follows it as soon as it can take a new query (a list that is loading takes none).
  useEffect(() => {
    if (settled && !sameFilters(actor.getSnapshot().context.filters, wanted)) actor.send({ type: 'SET_FILTERS', filters: wanted });
  }, [actor, settled, wanted]);

  const go = (next: HistoryQuery) => navigate(`${HISTORY_PATH}${searchFromHistoryQuery(next)}`);
  const select = (record: UsageRecord, chosen: boolean) =>
    setSelection((current) => {
      const next = new Map(current);
      if (chosen) next.set(record.taskId, record);
      else next.delete(record.taskId);
      return next;
    });
  const selectedRecords = [...selection.values()];
  const selectedImages = selectedRecords.reduce((sum, record) => sum + record.resultImageUrls.length, 0);

  // The section's heading names its table too.
  const title = <Trans>Generations</Trans>;
  const columns: DataColumn<UsageRecord>[] = [
    {
      id: 'select',
      header: <Trans>Select</Trans>,
      headerHidden: true,
      className: styles.selectCell,
      cell: (record) =>
        record.resultImageUrls.length > 0 ? (
          <input
            type="checkbox"
            checked={selection.has(record.taskId)}
            onChange={(event) => select(record, event.target.checked)}
            aria-label={t`Select the generation from ${time(record.createTime)}`}
          />
        ) : null,
    },
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
    {
      id: 'created',
      header: <Trans>Created</Trans>,
      cell: (record) => (
        <>
          {time(record.createTime)}
          <LinkAgeNote record={record} now={now} />
        </>
      ),
    },
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

  const viewOptions: ReadonlyArray<SegmentOption<HistoryView>> = [
    { value: 'table', label: t`Table` },
    { value: 'gallery', label: t`Gallery` },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <form
          role="search"
          aria-label={t`Search prompts`}
          className={styles.searchForm}
          onSubmit={(event) => {
            event.preventDefault();
            const text = new FormData(event.currentTarget).get('q');
            go({ ...query, prompt: typeof text === 'string' ? normalizeSearch(text) : '' });
          }}
        >
          <label className={styles.filter}>
            <span>
              <Trans>Search prompts</Trans>
            </span>
            {/* Keyed by the address's search: back, forward and "Clear filters" put their own text in. */}
            <input key={query.prompt} type="search" name="q" defaultValue={query.prompt} maxLength={LONGEST_SEARCH} />
          </label>
          <Button type="submit">
            <Trans>Search</Trans>
          </Button>
        </form>
        <SegmentedControl legend={t`View`} name="history-view" options={viewOptions} value={query.view} onChange={(view) => go({ ...query, view })} />
      </div>
      <div className={styles.filters} role="group" aria-label={t`Filters`}>
        <label className={styles.filter}>
          <span>
            <Trans>Status</Trans>
          </span>
          <select
            value={query.status === undefined ? '' : String(query.status)}
            onChange={(event) => {
              const status = STATUS_FILTERS.find((candidate) => String(candidate) === event.target.value);
              go({ ...query, status });
            }}
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
            value={query.model ?? ''}
            onChange={(event) => go({ ...query, model: GENERATION_MODELS.find((model) => model === event.target.value) })}
          >
            <option value="">{t`All models`}</option>
            {GENERATION_MODELS.map((model) => (
              <option key={model} value={model}>
                {modelName(model)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>
            <Trans>From</Trans>
          </span>
          <input
            type="date"
            value={query.from ?? ''}
            max={query.to}
            onChange={(event) => go({ ...query, from: isCalendarDay(event.target.value) ? event.target.value : undefined })}
          />
        </label>
        <label className={styles.filter}>
          <span>
            <Trans>To</Trans>
          </span>
          <input
            type="date"
            value={query.to ?? ''}
            min={query.from}
            onChange={(event) => go({ ...query, to: isCalendarDay(event.target.value) ? event.target.value : undefined })}
          />
        </label>
        {isFiltered(query) ? (
          <Button variant="ghost" className={styles.clearFilters} onClick={() => go({ ...DEFAULT_HISTORY_QUERY, view: query.view })}>
            <Trans>Clear filters</Trans>
          </Button>
        ) : null}
      </div>
      <ZipDownloadPanel
        actor={zip}
        selectedTasks={selection.size}
        selectedImages={selectedImages}
        onDownload={() => zip.send({ type: 'START', items: zipItemsOf(selectedRecords) })}
        onClearSelection={() => setSelection(new Map())}
      />
      <PagedSection
        actor={actor}
        titleId="history-title"
        title={title}
        loadingText={<Trans>Loading your generations…</Trans>}
        failedText={t`Your generations could not be loaded.`}
        pagerLabel={t`Generation pages`}
        empty={
          <div className={styles.empty}>
            {isFiltered(query) ? (
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
        {(busy) =>
          query.view === 'gallery' ? (
            <HistoryGallery
              records={records}
              busy={busy}
              now={now}
              selected={new Set(selection.keys())}
              onSelect={select}
              onOpen={(position) => lightbox.send({ type: 'OPEN', item: position })}
            />
          ) : (
            <DataTable caption={title} columns={columns} rows={records} rowKey={(record) => record.id} busy={busy} />
          )
        }
      </PagedSection>
      <RecordDetails actor={details} />
      <Lightbox actor={lightbox} images={images} now={now} />
    </>
  );
}
