/**
 * History's list: the records call, plus the prompt search and the date range the call does not take.
 *
 * `usageRecordPage` filters by status and model only (docs/api.md). A search or a date range is applied here, in
 * the browser: the account's records are read newest first, up to SCAN_PAGES pages of SCAN_PAGE_SIZE (the
 * call's largest page), with the status and model filters the server does take, stopping at the first record
 * older than the range; the matches are then paged like the server's own answer.
 */
import type { ApiResult } from './client';
import type { Page, UsageRecord, UsageRecordPageRequest } from './contract';
import { usageRecordPage } from './dashboard';

export const SCAN_PAGE_SIZE = 100;
const SCAN_PAGES = 30;

export interface HistoryPageRequest extends UsageRecordPageRequest {
  /** Words the prompt must contain, any case. */
  prompt?: string;
  /** The range, as instants: from included, to excluded (the start of the day after the last one). */
  fromMs?: number;
  toMs?: number;
}

/** Whether a record is one the search and range ask for. */
function matchesHistorySearch(record: UsageRecord, { prompt, fromMs, toMs }: Pick<HistoryPageRequest, 'prompt' | 'fromMs' | 'toMs'>): boolean {
  if (prompt && !record.prompt.toLocaleLowerCase().includes(prompt.toLocaleLowerCase())) return false;
  const time = Date.parse(record.createTime);
  if (fromMs !== undefined && !(time >= fromMs)) return false;
  if (toMs !== undefined && !(time < toMs)) return false;
  return true;
}

export async function historyRecordPage(request: HistoryPageRequest): Promise<ApiResult<Page<UsageRecord>>> {
  const { prompt, fromMs, toMs, ...serverRequest } = request;
  if (!prompt && fromMs === undefined && toMs === undefined) return usageRecordPage(serverRequest);

  const matches: UsageRecord[] = [];
  let last: Extract<ApiResult<Page<UsageRecord>>, { code: 200 }> | undefined;
  for (let pageNum = 1; pageNum <= SCAN_PAGES; pageNum += 1) {
    const answer = await usageRecordPage({ ...serverRequest, pageNum, pageSize: SCAN_PAGE_SIZE });
    if (answer.code !== 200) return answer;
    last = answer;
    const { records, total } = answer.data;
    matches.push(...records.filter((record) => matchesHistorySearch(record, { prompt, fromMs, toMs })));
    const oldest = records.at(-1);
    // Newest first: once a page reaches past the range's start, no later page can match.
    const pastRange = oldest !== undefined && fromMs !== undefined && Date.parse(oldest.createTime) < fromMs;
    if (pastRange || records.length < SCAN_PAGE_SIZE || pageNum * SCAN_PAGE_SIZE >= total) break;
  }
  const start = (request.pageNum - 1) * request.pageSize;
  return {
    code: 200,
    msg: last?.msg ?? 'success',
    data: { records: matches.slice(start, start + request.pageSize), total: matches.length, pageNum: request.pageNum, pageSize: request.pageSize },
  };
}
