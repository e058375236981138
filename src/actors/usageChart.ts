import { fromPromise } from 'xstate';
import { usageChartMachine, type UsageQuery } from '../../machines/usageChart.machine';
import type { TimeRecordRequest } from '../api/contract';
import { timeRecord } from '../api/dashboard';

const DAY_MS = 24 * 60 * 60 * 1000;

function startOfUtcDay(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/** The chart's question as the API takes it: whole UTC days, the last one (today) included. */
export function usageRequest(query: UsageQuery, now: Date): TimeRecordRequest {
  const { range } = query;
  const end = range.kind === 'preset' ? startOfUtcDay(now.getTime()) + DAY_MS : Date.parse(`${range.to}T00:00:00Z`) + DAY_MS;
  const start = range.kind === 'preset' ? end - range.days * DAY_MS : Date.parse(`${range.from}T00:00:00Z`);
  return {
    startTime: new Date(start).toISOString(),
    endTime: new Date(end).toISOString(),
    granularity: query.granularity,
    splitByApiKey: query.splitByApiKey,
  };
}

export const usageChartLogic = usageChartMachine.provide({
  actors: {
    fetchUsage: fromPromise(({ input }) => timeRecord(usageRequest(input, new Date()))),
  },
});
