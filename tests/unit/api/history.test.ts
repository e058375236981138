import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UsageRecord, UsageRecordPageRequest } from '../../../src/api/contract';

const DAY_MS = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T12:00:00Z');

/** 250 records, one every 12 hours back from NOW, newest first; every fifth asks for a fox. */
const ALL: UsageRecord[] = Array.from({ length: 250 }, (_, index) => ({
  id: `r${index}`,
  taskId: `t${index}`,
  createTime: new Date(NOW - index * (DAY_MS / 2)).toISOString(),
  model: index % 2 === 0 ? 'nano-banana' : 'nano-banana-2',
  apiKeyName: null,
  prompt: index % 5 === 0 ? `A red Fox number ${index}` : `A cat number ${index}`,
  status: 1,
  credits: 2,
  refundedCredits: 0,
  resultImageUrls: [],
  paramJson: '',
  errorMessage: null,
}));

const calls: UsageRecordPageRequest[] = [];
const answer = vi.hoisted(() => ({ refuseFrom: Infinity }));

vi.mock('../../../src/api/dashboard', () => ({
  usageRecordPage: (request: UsageRecordPageRequest) => {
    calls.push(request);
    if (request.pageNum >= answer.refuseFrom) return Promise.resolve({ code: 500001, msg: 'Query failed', data: null });
    const matching = ALL.filter((record) => request.model === undefined || record.model === request.model);
    const from = (request.pageNum - 1) * request.pageSize;
    return Promise.resolve({
      code: 200,
      msg: 'success',
      data: { records: matching.slice(from, from + request.pageSize), total: matching.length, pageNum: request.pageNum, pageSize: request.pageSize },
    });
  },
}));

const { historyRecordPage, SCAN_PAGE_SIZE } = await import('../../../src/api/history');

beforeEach(() => {
  calls.length = 0;
  answer.refuseFrom = Infinity;
});

describe('the history list call', () => {
  it('asks the server alone when there is no search and no range', async () => {
    const page = await historyRecordPage({ pageNum: 2, pageSize: 10, model: 'nano-banana' });
    expect(calls).toEqual([{ pageNum: 2, pageSize: 10, model: 'nano-banana' }]);
    expect(page.code === 200 && page.data.records.map((record) => record.id)).toEqual(
      ALL.filter((r) => r.model === 'nano-banana')
        .slice(10, 20)
        .map((r) => r.id),
    );
  });

  it('searches every page of the records, any case, with the server filters it takes, and pages the matches', async () => {
    const page = await historyRecordPage({ pageNum: 2, pageSize: 10, prompt: 'fox' });
    // 250 records: three pages of 100 read, each with the largest page size.
    expect(calls.map((call) => [call.pageNum, call.pageSize])).toEqual([
      [1, SCAN_PAGE_SIZE],
      [2, SCAN_PAGE_SIZE],
      [3, SCAN_PAGE_SIZE],
    ]);
    const foxes = ALL.filter((record) => record.prompt.includes('Fox'));
    expect(page).toMatchObject({ code: 200, data: { total: foxes.length, pageNum: 2, pageSize: 10 } });
    expect(page.code === 200 && page.data.records.map((record) => record.id)).toEqual(foxes.slice(10, 20).map((record) => record.id));
  });

  it('keeps a range with its first instant and without its end, and stops reading once the records are older', async () => {
    const fromMs = NOW - 10 * DAY_MS;
    const toMs = NOW - 5 * DAY_MS;
    const page = await historyRecordPage({ pageNum: 1, pageSize: 50, model: 'nano-banana-2', fromMs, toMs });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ model: 'nano-banana-2' });
    const expected = ALL.filter((r) => r.model === 'nano-banana-2' && Date.parse(r.createTime) >= fromMs && Date.parse(r.createTime) < toMs);
    expect(expected.length).toBeGreaterThan(0);
    expect(page.code === 200 && page.data.records.map((record) => record.id)).toEqual(expected.map((record) => record.id));
  });

  it('hands back the server refusal as it came', async () => {
    answer.refuseFrom = 2;
    expect(await historyRecordPage({ pageNum: 1, pageSize: 10, prompt: 'cat' })).toEqual({ code: 500001, msg: 'Query failed', data: null });
  });
});
