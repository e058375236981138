import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { okData, refusal, rejection, type CallFailure } from './callErrors';
import { notProvidedActor } from './notProvided';

/** The preset ranges: the last N days, today included. */
export const PRESET_RANGE_DAYS = [7, 30, 90] as const;
type PresetRangeDays = (typeof PRESET_RANGE_DAYS)[number];
/** Hourly buckets are offered for short ranges only: past a week the bars are too thin to read. */
export const MAX_HOURLY_RANGE_DAYS = 7;
/** A custom range covers at most a year of daily buckets. */
export const MAX_CUSTOM_RANGE_DAYS = 366;

/** Calendar days as `YYYY-MM-DD` (UTC), both ends included. */
export type UsageRange = { kind: 'preset'; days: PresetRangeDays } | { kind: 'custom'; from: string; to: string };
export type UsageGranularity = 'day' | 'hour';
export type UsageMetric = 'credits' | 'requests';

/** What the chart asks the server for; the metric is not part of it (both come in every answer). */
export interface UsageQuery {
  range: UsageRange;
  granularity: UsageGranularity;
  splitByApiKey: boolean;
}

/** One bucket as the server answers it; the view narrows the series by key name. */
export interface UsageBucket {
  time: string;
  apiKeyName: string | null;
  credits: number;
  requests: number;
}

export type UsageResponse = ResultEnvelope<UsageBucket[]>;

export interface UsageChartContext {
  query: UsageQuery;
  metric: UsageMetric;
  points: UsageBucket[];
  error: string | null;
}

export type UsageChartEvent =
  | { type: 'RANGE_CHOSEN'; range: UsageRange }
  | { type: 'GRANULARITY_CHOSEN'; granularity: UsageGranularity }
  | { type: 'METRIC_CHOSEN'; metric: UsageMetric }
  | { type: 'SPLIT_BY_KEY_CHOSEN'; split: boolean }
  | { type: 'RETRY' }
  // What the invoked fetch reports; listed so the model test and the fuzz send it with types.
  | DoneActorEvent<UsageResponse, 'fetchUsage'>
  | ErrorActorEvent<unknown, 'fetchUsage'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** Days a range covers, both ends included; NaN for a range that is no range. */
export function rangeDays(range: UsageRange): number {
  if (range.kind === 'preset') return range.days;
  if (!DATE_PATTERN.test(range.from) || !DATE_PATTERN.test(range.to)) return Number.NaN;
  return (Date.parse(`${range.to}T00:00:00Z`) - Date.parse(`${range.from}T00:00:00Z`)) / DAY_MS + 1;
}

export function allowsHourly(range: UsageRange): boolean {
  return rangeDays(range) <= MAX_HOURLY_RANGE_DAYS;
}

export const usageChartMachine = setup({
  types: {} as { context: UsageChartContext; events: UsageChartEvent },
  actors: {
    fetchUsage: notProvidedActor<UsageResponse, UsageQuery>('fetchUsage'),
  },
  actions: {
    // A range too long for hourly buckets falls back to daily ones rather than being refused.
    setRange: assign({
      query: ({ context, event }) => {
        if (event.type !== 'RANGE_CHOSEN') return context.query;
        return { ...context.query, range: event.range, granularity: allowsHourly(event.range) ? context.query.granularity : 'day' };
      },
    }),
    setGranularity: assign({
      query: ({ context, event }) => (event.type === 'GRANULARITY_CHOSEN' ? { ...context.query, granularity: event.granularity } : context.query),
    }),
    setSplit: assign({
      query: ({ context, event }) => (event.type === 'SPLIT_BY_KEY_CHOSEN' ? { ...context.query, splitByApiKey: event.split } : context.query),
    }),
    setMetric: assign({ metric: ({ context, event }) => (event.type === 'METRIC_CHOSEN' ? event.metric : context.metric) }),
    showPoints: assign((_, { points }: { points: UsageBucket[] }) => ({ points, error: null })),
    clearError: assign({ error: null }),
    // Why the call failed (a refused answer or a rejected call), for the view to word.
    setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
  },
  guards: {
    isOk: (_, { code }: { code: number | string }) => code === 200,
    hasUsage: (_, answer: UsageResponse) => answer.code === 200 && answer.data.some((point) => point.requests > 0),
    isNewValidRange: ({ context, event }) => {
      if (event.type !== 'RANGE_CHOSEN') return false;
      const days = rangeDays(event.range);
      const same = JSON.stringify(event.range) === JSON.stringify(context.query.range);
      return !same && days >= 1 && days <= MAX_CUSTOM_RANGE_DAYS;
    },
    isOtherAllowedGranularity: ({ context, event }) =>
      event.type === 'GRANULARITY_CHOSEN' &&
      event.granularity !== context.query.granularity &&
      (event.granularity === 'day' || allowsHourly(context.query.range)),
    isOtherSplit: ({ context, event }) => event.type === 'SPLIT_BY_KEY_CHOSEN' && event.split !== context.query.splitByApiKey,
  },
}).createMachine({
  id: 'usageChart',
  context: {
    query: { range: { kind: 'preset', days: 30 }, granularity: 'day', splitByApiKey: false },
    metric: 'credits',
    points: [],
    error: null,
  },
  initial: 'loading',
  // A new question replaces the one being asked: loading is entered anew and the older answer is dropped.
  on: {
    RANGE_CHOSEN: { guard: 'isNewValidRange', target: '.loading', actions: 'setRange' },
    GRANULARITY_CHOSEN: { guard: 'isOtherAllowedGranularity', target: '.loading', actions: 'setGranularity' },
    SPLIT_BY_KEY_CHOSEN: { guard: 'isOtherSplit', target: '.loading', actions: 'setSplit' },
    // Both numbers come in every answer: switching the metric asks nothing.
    METRIC_CHOSEN: { actions: 'setMetric' },
  },
  states: {
    // The previous chart stays visible (dimmed) while the next one loads.
    loading: {
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'fetchUsage',
        src: 'fetchUsage',
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: { type: 'hasUsage', params: ({ event }) => event.output },
            target: 'showing',
            actions: { type: 'showPoints', params: ({ event }) => ({ points: okData(event.output) }) },
          },
          {
            guard: { type: 'isOk', params: ({ event }) => ({ code: event.output.code }) },
            target: 'noUsage',
            actions: { type: 'showPoints', params: ({ event }) => ({ points: okData(event.output) }) },
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
    },
    showing: {},
    /** The range had no requests at all: the view says so instead of drawing a flat line. */
    noUsage: {},
    failed: {
      tags: 'failed',
      on: { RETRY: 'loading' },
    },
  },
});
