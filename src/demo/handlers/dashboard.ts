/** Demo handlers for the dashboard: usage over time (time-record) and the paged list of usage records. */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { GENERATION_MODELS } from '../../domain/generationOptions';
import { TaskStatusSchema, type ResponseInputOf, type TimeRecordRequest, type UsageRecordPageRequest } from '../../api/contract';
import { accountForToken, findApiKey, type Account, type DbData, type UsageRecordRow } from '../db';
import type { DemoEnvironment } from '../environment';
import { settleDueTasks } from '../generation/tasks';
import { BAD_REQUEST_CODE, fail, ok, route } from './route';
import { sessionExpired } from './user';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MAX_DAY_RANGE_DAYS = 400;
const MAX_HOUR_RANGE_DAYS = 31;
export const MAX_PAGE_SIZE = 100;

const Time = v.pipe(
  v.string(),
  v.check(
    (text) => !Number.isNaN(Date.parse(text)),
    () => t`Times must be ISO 8601 dates.`,
  ),
);
const TimeRecordInput: v.GenericSchema<unknown, TimeRecordRequest> = v.object({
  startTime: Time,
  endTime: Time,
  granularity: v.picklist(['day', 'hour']),
  splitByApiKey: v.optional(v.boolean(), false),
});
const UsagePageInput: v.GenericSchema<unknown, UsageRecordPageRequest> = v.object({
  pageNum: v.pipe(
    v.number(),
    v.integer(() => t`The page number must be a whole number.`),
    v.minValue(1, () => t`The page number starts at 1.`),
  ),
  pageSize: v.pipe(
    v.number(),
    v.integer(() => t`The page size must be between 1 and ${MAX_PAGE_SIZE}.`),
    v.minValue(1, () => t`The page size must be between 1 and ${MAX_PAGE_SIZE}.`),
    v.maxValue(MAX_PAGE_SIZE, () => t`The page size must be between 1 and ${MAX_PAGE_SIZE}.`),
  ),
  status: v.optional(TaskStatusSchema),
  model: v.optional(v.picklist(GENERATION_MODELS)),
});

type UsagePoint = ResponseInputOf<'timeRecord'>[number];
type UsageRecordOut = ResponseInputOf<'usageRecordPage'>['records'][number];

function usageOf(data: DbData, account: Account): UsageRecordRow[] {
  return data.usageRecords.filter((record) => record.accountId === account.id);
}

/** The key's name now if it still exists (renames show everywhere), else the name it had. */
function keyName(account: Account, record: UsageRecordRow): string | null {
  return findApiKey(account, record.apiKeyId)?.name ?? record.apiKeyName;
}

function toRecord(account: Account, row: UsageRecordRow): UsageRecordOut {
  const { accountId: _accountId, apiKeyId: _apiKeyId, ...record } = row;
  return { ...record, apiKeyName: keyName(account, row) };
}

/** Buckets (UTC days or hours) overlapping [start, end): every one answers, empty or not, so charts stay continuous. */
function bucketStarts(start: number, end: number, size: number): number[] {
  const starts: number[] = [];
  for (let bucket = Math.floor(start / size) * size; bucket < end; bucket += size) starts.push(bucket);
  return starts;
}

function timeRecord(account: Account, records: UsageRecordRow[], input: TimeRecordRequest, start: number, end: number): UsagePoint[] {
  const size = input.granularity === 'day' ? DAY_MS : HOUR_MS;
  const inRange = records.filter((record) => {
    const time = Date.parse(record.createTime);
    return time >= start && time < end;
  });
  // Split: one series per current key (primary first), then any deleted key that still has usage in range.
  const series: (string | null)[] = input.splitByApiKey
    ? [...new Set([...account.apiKeys.map((key) => key.name), ...inRange.map((record) => keyName(account, record))])]
    : [null];
  const points = new Map<string, UsagePoint>();
  const slot = (bucket: number, name: string | null) => `${bucket}\u0000${name ?? ''}`;
  for (const bucket of bucketStarts(start, end, size)) {
    for (const name of series) points.set(slot(bucket, name), { time: new Date(bucket).toISOString(), apiKeyName: name, credits: 0, requests: 0 });
  }
  for (const record of inRange) {
    const bucket = Math.floor(Date.parse(record.createTime) / size) * size;
    const point = points.get(slot(bucket, input.splitByApiKey ? keyName(account, record) : null));
    if (!point) continue;
    point.credits += record.credits - record.refundedCredits;
    point.requests += 1;
  }
  return [...points.values()];
}

/** Tasks that finished since the last look are settled first, so records and charts are current. */
function settleAccountTasks(env: DemoEnvironment, data: DbData, account: Account, request: Request): void {
  if (settleDueTasks(data, new URL(request.url).origin, Date.now(), account.id)) env.db.save();
}

export function dashboardHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'timeRecord', TimeRecordInput, ({ input, token, request }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      settleAccountTasks(env, data, account, request);
      const start = Date.parse(input.startTime);
      const end = Date.parse(input.endTime);
      if (end <= start) return fail(BAD_REQUEST_CODE, t`The end time must be after the start time.`);
      const maxDays = input.granularity === 'day' ? MAX_DAY_RANGE_DAYS : MAX_HOUR_RANGE_DAYS;
      if (end - start > maxDays * DAY_MS) {
        return input.granularity === 'day'
          ? fail(BAD_REQUEST_CODE, t`Daily usage covers at most ${MAX_DAY_RANGE_DAYS} days.`)
          : fail(BAD_REQUEST_CODE, t`Hourly usage covers at most ${MAX_HOUR_RANGE_DAYS} days.`);
      }
      return ok(timeRecord(account, usageOf(data, account), input, start, end));
    }),

    route(env, 'usageRecordPage', UsagePageInput, ({ input, token, request }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      settleAccountTasks(env, data, account, request);
      const matching = usageOf(data, account)
        .filter(
          (record) => (input.status === undefined || record.status === input.status) && (input.model === undefined || record.model === input.model),
        )
        .sort((a, b) => b.createTime.localeCompare(a.createTime));
      const from = (input.pageNum - 1) * input.pageSize;
      const records = matching.slice(from, from + input.pageSize).map((row) => toRecord(account, row));
      return ok({ records, total: matching.length, pageNum: input.pageNum, pageSize: input.pageSize });
    }),
  ];
}
