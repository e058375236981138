import { Suspense, useCallback, useMemo, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { useLocalActor } from '../../actors/useLocalActor';
import {
  allowsHourly,
  MAX_CUSTOM_RANGE_DAYS,
  MAX_HOURLY_RANGE_DAYS,
  PRESET_RANGE_DAYS,
  rangeDays,
  type UsageBucket,
  type UsageGranularity,
  type UsageMetric,
  type UsageRange,
} from '../../../machines/usageChart.machine';
import { usageChartLogic, usageRequest } from '../../actors/usageChart';
import { Button } from '../../ui/Button';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import { SegmentedControl } from '../../ui/SegmentedControl';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/formatDate';
import { formatNumber } from '../../ui/formatNumber';
import styles from './Overview.module.css';
import type { ChartSeries } from './UsageChartCanvas';

// chart.js is the heaviest thing on the dashboard: it loads after the page has shown.
const UsageChartCanvas = retryableLazy(() => import('./UsageChartCanvas'));

type UsageChartSnapshot = SnapshotFrom<typeof usageChartLogic>;

const selectPhase = (s: UsageChartSnapshot) =>
  s.matches('failed') ? 'failed' : s.matches('noUsage') ? 'noUsage' : s.matches('showing') ? 'showing' : 'loading';

/** `YYYY-MM-DD` of a UTC day. */
function isoDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

interface ChartData {
  times: string[];
  series: (ChartSeries & { requests: number[]; credits: number[] })[];
}

/** Buckets in time order, one series per key name (or one in all when not split). */
function toChartData(points: UsageBucket[], metric: UsageMetric, unsplitName: string, deletedKeyName: string): ChartData {
  const times = [...new Set(points.map((point) => point.time))].sort();
  const index = new Map(times.map((time, i) => [time, i]));
  const byName = new Map<string, { credits: number[]; requests: number[] }>();
  for (const point of points) {
    const name = point.apiKeyName ?? '';
    let row = byName.get(name);
    if (!row) {
      row = { credits: times.map(() => 0), requests: times.map(() => 0) };
      byName.set(name, row);
    }
    const at = index.get(point.time) ?? 0;
    row.credits[at] = (row.credits[at] ?? 0) + point.credits;
    row.requests[at] = (row.requests[at] ?? 0) + point.requests;
  }
  const series = [...byName.entries()].map(([name, row]) => ({
    name: byName.size === 1 && name === '' ? unsplitName : name || deletedKeyName,
    values: metric === 'credits' ? row.credits : row.requests,
    ...row,
  }));
  return { times, series };
}

/** A bucket of the chart as a row of its numbers table: its time, as shown, and its place in each series. */
interface NumbersRow {
  time: string;
  label: string;
  at: number;
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function CustomRangeForm({ range, onApply }: { range: UsageRange; onApply: (range: UsageRange) => void }) {
  const { t } = useLingui();
  // Read once when the form opens: the range shown, as dates.
  const [{ today, initialFrom, initialTo }] = useState(() => {
    const current = usageRequest({ range, granularity: 'day', splitByApiKey: false }, new Date());
    return { today: isoDay(Date.now()), initialFrom: current.startTime.slice(0, 10), initialTo: isoDay(Date.parse(current.endTime) - 1) };
  });
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [problem, setProblem] = useState<string | undefined>();

  function apply(event: FormEvent) {
    event.preventDefault();
    const chosen: UsageRange = { kind: 'custom', from, to };
    const days = rangeDays(chosen);
    if (!from || !to || Number.isNaN(days)) setProblem(t`Choose both a start and an end date.`);
    else if (days < 1) setProblem(t`The start date must be on or before the end date.`);
    else if (to > today) setProblem(t`The end date cannot be in the future.`);
    else if (days > MAX_CUSTOM_RANGE_DAYS) setProblem(t`Choose at most ${MAX_CUSTOM_RANGE_DAYS} days.`);
    else {
      setProblem(undefined);
      onApply(chosen);
    }
  }

  return (
    <form className={styles.customRange} onSubmit={apply} noValidate>
      <TextField
        type="date"
        label={t`From`}
        value={from}
        max={today}
        onChange={(event) => setFrom(event.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      <TextField
        type="date"
        label={t`To`}
        value={to}
        max={today}
        onChange={(event) => setTo(event.target.value)}
        aria-invalid={problem ? true : undefined}
      />
      <Button type="submit" size="sm">
        <Trans>Show range</Trans>
      </Button>
      {problem ? (
        <p className={styles.fieldError} role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

/** The usage chart with its controls; its flow is the usageChart machine, local to the page. */
export function UsageSection() {
  const { t, i18n } = useLingui();
  const actor = useLocalActor(usageChartLogic);
  const phase = useSelector(actor, selectPhase);
  const query = useSelector(actor, (s) => s.context.query);
  const metric = useSelector(actor, (s) => s.context.metric);
  const points = useSelector(actor, (s) => s.context.points);
  const error = useSelector(actor, (s) => s.context.error);
  const loading = phase === 'loading';

  const data = useMemo(() => toChartData(points, metric, metric === 'credits' ? t`Credits` : t`Requests`, t`Deleted key`), [points, metric, t]);
  const formatValue = useCallback((value: number) => formatNumber(i18n, value), [i18n]);
  const bucketLabel = useCallback(
    (time: string) =>
      query.granularity === 'hour'
        ? formatDate(i18n, time, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })
        : formatDate(i18n, time, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
    [i18n, query.granularity],
  );
  const labels = useMemo(() => data.times.map(bucketLabel), [data.times, bucketLabel]);
  const totalCredits = sum(data.series.flatMap((one) => one.credits));
  const totalRequests = sum(data.series.flatMap((one) => one.requests));
  const days = rangeDays(query.range);
  const rangeText =
    query.range.kind === 'preset'
      ? t`the last ${days} days`
      : t`${formatDate(i18n, `${query.range.from}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })} to ${formatDate(i18n, `${query.range.to}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' })}`;
  const hourly = query.granularity === 'hour';
  const description =
    metric === 'credits'
      ? hourly
        ? t`Bar chart of credits used per hour, ${rangeText}.`
        : t`Bar chart of credits used per day, ${rangeText}.`
      : hourly
        ? t`Bar chart of requests per hour, ${rangeText}.`
        : t`Bar chart of requests per day, ${rangeText}.`;

  // The numbers behind the chart: a row per bucket, a column per series.
  const buckets: NumbersRow[] = data.times.map((time, at) => ({ time, label: labels[at] ?? time, at }));
  const numberColumns: DataColumn<NumbersRow>[] = [
    { id: 'bucket', header: hourly ? <Trans>Hour</Trans> : <Trans>Day</Trans>, rowHeader: true, cell: (bucket) => bucket.label },
    ...data.series.map((one): DataColumn<NumbersRow> => ({
      id: one.name,
      header: one.name,
      numeric: true,
      cell: (bucket) => formatNumber(i18n, one.values[bucket.at] ?? 0),
    })),
  ];

  const rangeValue = query.range.kind === 'preset' ? String(query.range.days) : 'custom';
  const rangeOptions = [
    ...PRESET_RANGE_DAYS.map((presetDays) => ({ value: String(presetDays), label: t`${presetDays} days` })),
    ...(query.range.kind === 'custom' ? [{ value: 'custom', label: t`Custom` }] : []),
  ];
  const hourlyNote = t`Hourly for up to ${MAX_HOURLY_RANGE_DAYS} days`;

  return (
    <section className={styles.panel} aria-labelledby="usage-title">
      <div className={styles.panelHeader}>
        <h2 id="usage-title" className={styles.panelTitle}>
          <Trans>Usage</Trans>
        </h2>
        <p className={styles.totals} aria-live="polite">
          {phase === 'showing' || phase === 'noUsage' ? (
            <Trans>
              <Plural value={totalCredits} one="# credit" other="# credits" /> · <Plural value={totalRequests} one="# request" other="# requests" />{' '}
              in {rangeText}
            </Trans>
          ) : null}
        </p>
      </div>

      <div className={styles.controls}>
        <SegmentedControl
          legend={t`Period`}
          name="usage-range"
          options={rangeOptions}
          value={rangeValue}
          onChange={(value) => {
            const days = PRESET_RANGE_DAYS.find((preset) => String(preset) === value);
            if (days) actor.send({ type: 'RANGE_CHOSEN', range: { kind: 'preset', days } });
          }}
        />
        <SegmentedControl<UsageGranularity>
          legend={t`Group by`}
          name="usage-granularity"
          options={[
            { value: 'day', label: t`By day` },
            { value: 'hour', label: t`By hour`, disabled: !allowsHourly(query.range), note: hourlyNote },
          ]}
          value={query.granularity}
          onChange={(granularity) => actor.send({ type: 'GRANULARITY_CHOSEN', granularity })}
        />
        <SegmentedControl<UsageMetric>
          legend={t`Show`}
          name="usage-metric"
          options={[
            { value: 'credits', label: t`Credits` },
            { value: 'requests', label: t`Requests` },
          ]}
          value={metric}
          onChange={(chosen) => actor.send({ type: 'METRIC_CHOSEN', metric: chosen })}
        />
        <label className={styles.checkbox}>
          <input
            type="checkbox"
            checked={query.splitByApiKey}
            onChange={(event) => actor.send({ type: 'SPLIT_BY_KEY_CHOSEN', split: event.target.checked })}
          />
          <Trans>Split by API key</Trans>
        </label>
      </div>
      <details className={styles.customDetails}>
        <summary>
          <Trans>Custom range</Trans>
        </summary>
        <CustomRangeForm range={query.range} onApply={(range) => actor.send({ type: 'RANGE_CHOSEN', range })} />
      </details>

      {phase === 'failed' ? (
        <div className={styles.notice} role="alert">
          <span>{error ?? t`Usage could not be loaded.`}</span>
          <Button size="sm" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : phase === 'noUsage' ? (
        <div className={styles.noUsage}>
          <p>
            <Trans>No requests in {rangeText}.</Trans>
          </p>
          <p>
            <Trans>Calls made with your API keys show up here within a minute.</Trans>
          </p>
        </div>
      ) : (
        // While anything loads, the chart's box, the hint and the numbers' line already take their room:
        // nothing under the chart moves when the data or the chart's code arrive.
        <div className={styles.chartArea} aria-busy={loading || undefined}>
          {points.length === 0 ? (
            <p className={`${styles.notice} ${styles.chartBox}`} role="status">
              <Spinner /> <Trans>Loading usage…</Trans>
            </p>
          ) : (
            <LoadBoundary
              fallback={(_error, retry) => (
                <p className={styles.notice} role="alert">
                  <Trans>The chart could not load. Check your connection; the numbers are below.</Trans>{' '}
                  <Button size="sm" onClick={retry}>
                    <Trans>Load the chart again</Trans>
                  </Button>
                </p>
              )}
            >
              <Suspense
                fallback={
                  <p className={`${styles.notice} ${styles.chartBox}`} role="status">
                    <Spinner /> <Trans>Loading the chart…</Trans>
                  </p>
                }
              >
                <UsageChartCanvas
                  labels={labels}
                  series={data.series}
                  stacked={query.splitByApiKey}
                  description={description}
                  formatValue={formatValue}
                />
              </Suspense>
            </LoadBoundary>
          )}
          <p className={styles.hint}>
            <Trans>Times are in UTC.</Trans>
          </p>
          {points.length === 0 ? (
            // The same line, unseen and out of reach, until there are numbers to show.
            <details className={`${styles.numbers} ${styles.reserved}`} aria-hidden="true" inert>
              <summary>
                <Trans>Show the numbers</Trans>
              </summary>
            </details>
          ) : (
            <details className={styles.numbers}>
              <summary>
                <Trans>Show the numbers</Trans>
              </summary>
              <DataTable
                caption={description}
                columns={numberColumns}
                rows={buckets}
                rowKey={(bucket) => bucket.time}
                className={styles.numbersScroll}
                scrollRegionLabel={t`Numbers behind the chart`}
              />
            </details>
          )}
        </div>
      )}
    </section>
  );
}
