import { describe, expect, it } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { allowsHourly, rangeDays, usageChartMachine, type UsageQuery, type UsageRange } from '../../machines/usageChart.machine';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const week: UsageRange = { kind: 'preset', days: 7 };
const quarter: UsageRange = { kind: 'preset', days: 90 };
const threeDays: UsageRange = { kind: 'custom', from: '2026-11-01', to: '2026-11-03' };
const backwards: UsageRange = { kind: 'custom', from: '2026-11-03', to: '2026-11-01' };
const tooLong: UsageRange = { kind: 'custom', from: '2024-01-01', to: '2026-01-01' };
const notDates: UsageRange = { kind: 'custom', from: 'yesterday', to: '2026-11-01' };

const busy = {
  code: 200,
  msg: 'ok',
  data: [
    { time: '2026-11-01T00:00:00.000Z', apiKeyName: null, credits: 8, requests: 2 },
    { time: '2026-11-02T00:00:00.000Z', apiKeyName: null, credits: 0, requests: 0 },
  ],
} as const;
const quiet = { code: 200, msg: 'ok', data: [{ time: '2026-11-01T00:00:00.000Z', apiKeyName: null, credits: 0, requests: 0 }] } as const;
const refused = { code: 400001, msg: 'Hourly usage covers at most 31 days.', data: null } as const;
const offline = Object.assign(new Error('Network down'), { kind: 'network' });

const names = new Map<unknown, string>([
  [week, '7d'],
  [quarter, '90d'],
  [threeDays, '3 custom days'],
  [backwards, 'backwards'],
  [tooLong, 'two years'],
  [notDates, 'not dates'],
  [busy, 'usage'],
  [quiet, 'no usage'],
  [refused, 'refused'],
]);

function label(event: AnyEventObject): string {
  const answer = names.get(event.output) ?? names.get(event.range);
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

const defaultQuery: UsageQuery = { range: { kind: 'preset', days: 30 }, granularity: 'day', splitByApiKey: false };

describe('usage ranges', () => {
  it('counts both ends of a custom range', () => {
    expect(rangeDays(threeDays)).toBe(3);
    expect(rangeDays({ kind: 'custom', from: '2026-11-01', to: '2026-11-01' })).toBe(1);
    expect(rangeDays(backwards)).toBe(-1);
    expect(rangeDays(notDates)).toBeNaN();
  });
  it('offers hourly buckets for a week at most', () => {
    expect(allowsHourly(week)).toBe(true);
    expect(allowsHourly(threeDays)).toBe(true);
    expect(allowsHourly({ kind: 'preset', days: 30 })).toBe(false);
  });
});

describeMachinePaths('usageChart machine', {
  eventLabel: label,
  machine: usageChartMachine,
  events: [
    { type: 'RANGE_CHOSEN', range: week },
    { type: 'RANGE_CHOSEN', range: quarter },
    { type: 'RANGE_CHOSEN', range: threeDays },
    { type: 'RANGE_CHOSEN', range: backwards },
    { type: 'RANGE_CHOSEN', range: tooLong },
    { type: 'RANGE_CHOSEN', range: notDates },
    { type: 'GRANULARITY_CHOSEN', granularity: 'hour' },
    { type: 'GRANULARITY_CHOSEN', granularity: 'day' },
    { type: 'SPLIT_BY_KEY_CHOSEN', split: true },
    { type: 'SPLIT_BY_KEY_CHOSEN', split: false },
    { type: 'METRIC_CHOSEN', metric: 'requests' },
    { type: 'METRIC_CHOSEN', metric: 'credits' },
    { type: 'RETRY' },
    done('fetchUsage', busy),
    done('fetchUsage', quiet),
    done('fetchUsage', refused),
    failure('fetchUsage', offline),
  ],
  // Guards read the query; the metric and the points only change what is drawn.
  serializeContext: (context) => ({ query: context.query, failed: context.error !== null }),
  maxSimplePaths: 40,
  assertState: (snapshot, { event, previous, stepInvocations }) => {
    const { context } = snapshot;
    expect(snapshot.hasTag('loading')).toBe(snapshot.matches('loading'));
    expect(snapshot.hasTag('failed')).toBe(snapshot.matches('failed'));
    // Hourly buckets only ever go out for a short range.
    if (context.query.granularity === 'hour') expect(rangeDays(context.query.range)).toBeLessThanOrEqual(7);

    if (event.type === 'xstate.init') expect(context).toEqual({ query: defaultQuery, metric: 'credits', points: [], error: null });

    // Every step that lands in loading asks once, with the query as it is now; no other step asks.
    const fetches = stepInvocations('fetchUsage');
    if (snapshot.matches('loading') && event.type === 'METRIC_CHOSEN') {
      expect(fetches).toEqual([]);
    } else if (snapshot.matches('loading')) {
      expect(fetches.map((invocation) => invocation.input)).toEqual([context.query]);
      expect(context.error).toBeNull();
      if (previous) expect(context.points).toBe(previous.context.points);
    } else {
      expect(fetches).toEqual([]);
    }

    if (event.type === 'RANGE_CHOSEN' && previous) {
      const days = rangeDays(event.range);
      const accepted = days >= 1 && days <= 366 && JSON.stringify(event.range) !== JSON.stringify(previous.context.query.range);
      expect(snapshot.matches('loading')).toBe(accepted || previous.matches('loading'));
      if (accepted) {
        expect(context.query.range).toEqual(event.range);
        expect(context.query.granularity).toBe(days <= 7 ? previous.context.query.granularity : 'day');
        expect(fetches).toHaveLength(1);
      } else {
        expect(context.query).toBe(previous.context.query);
        expect(snapshot.value).toEqual(previous.value);
      }
    }
    if (event.type === 'GRANULARITY_CHOSEN' && previous) {
      const accepted =
        event.granularity !== previous.context.query.granularity && (event.granularity === 'day' || rangeDays(previous.context.query.range) <= 7);
      expect(context.query.granularity).toBe(accepted ? event.granularity : previous.context.query.granularity);
      expect(fetches).toHaveLength(accepted ? 1 : 0);
    }
    if (event.type === 'SPLIT_BY_KEY_CHOSEN' && previous) {
      const accepted = event.split !== previous.context.query.splitByApiKey;
      expect(context.query.splitByApiKey).toBe(event.split);
      expect(fetches).toHaveLength(accepted ? 1 : 0);
    }
    if (event.type === 'METRIC_CHOSEN' && previous) {
      // Drawing the other number asks the server nothing and keeps the state.
      expect(context.metric).toBe(event.metric);
      expect(snapshot.value).toEqual(previous.value);
      expect(context.query).toBe(previous.context.query);
    } else if (previous) {
      expect(context.metric).toBe(previous.context.metric);
    }

    const answer = event.type === 'xstate.done.actor.fetchUsage' ? event.output : undefined;
    if (answer?.code === 200) {
      expect(context.points).toBe(answer.data);
      expect(snapshot.matches((answer as unknown) === busy ? 'showing' : 'noUsage')).toBe(true);
    }
    if (snapshot.matches('failed') && event.type === 'METRIC_CHOSEN') {
      expect(context.error).toBe(previous?.context.error);
    } else if (snapshot.matches('failed')) {
      expect(context.error).toBe(answer ? answer.msg : offline.message);
      // The last chart is kept for when the query is changed back.
      expect(context.points).toBe(previous?.context.points);
    }
    if (event.type === 'RETRY') expect(snapshot.matches('loading')).toBe(previous?.matches('failed') || previous?.matches('loading'));
  },
});
