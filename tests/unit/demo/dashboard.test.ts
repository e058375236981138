import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { DemoControls } from '../../../src/demo/DemoControls';
import { createDemoEnvironment } from '../../../src/demo/environment';
import { fillSampleUsage } from '../../../src/demo/controls';
import { createAccount, createSession, emptyData, findAccountByEmail, type Account, type UsageRecordRow } from '../../../src/demo/db';
import { creditsPerImage } from '../../../src/domain/generationOptions';
import { FAILURE_RATE, MAX_RECORDS_PER_DAY, addSampleUsage, creditsUsed, sampleUsage } from '../../../src/demo/usage';
import { isGenerationModel } from '../../../src/domain/generationOptions';
import { call, dataOf, signUp, startDemoServer } from './helpers';

const demo = startDemoServer();
const DAY_MS = 24 * 60 * 60 * 1000;

function accountOf(email: string): Account {
  const account = findAccountByEmail(demo.db.read(), email);
  if (!account) throw new Error(`no account ${email}`);
  return account;
}

/** A hand-made record, so bucket sums can be checked exactly. */
function usageRow(account: Account, createTime: string, credits: number, keyIndex = 0, extra: Partial<UsageRecordRow> = {}): UsageRecordRow {
  const key = account.apiKeys[keyIndex];
  if (!key) throw new Error('no such key');
  return {
    id: `${createTime}-${keyIndex}-${credits}`,
    taskId: `task-${createTime}`,
    createTime,
    model: 'nano-banana',
    apiKeyName: key.name,
    prompt: 'a banana',
    status: 1,
    credits,
    refundedCredits: 0,
    resultImageUrls: [],
    paramJson: '',
    errorMessage: null,
    accountId: account.id,
    apiKeyId: key.id,
    ...extra,
  };
}

async function signedUpWithUsage() {
  const signed = await signUp();
  const second = dataOf('addApiKey', await call('addApiKey', { name: 'Batch' }, signed.token));
  const account = accountOf(signed.email);
  demo.db.read().usageRecords.push(
    usageRow(account, '2026-03-01T00:30:00.000Z', 2),
    usageRow(account, '2026-03-01T10:15:00.000Z', 8, 1),
    usageRow(account, '2026-03-01T10:45:00.000Z', 4, 0, { status: 3, refundedCredits: 4, model: 'nano-banana-2', errorMessage: 'refused' }),
    usageRow(account, '2026-03-03T23:59:59.000Z', 6, 1, { model: 'nano-banana-pro' }),
    // Outside every range below.
    usageRow(account, '2026-02-20T12:00:00.000Z', 100),
  );
  demo.db.save();
  return { ...signed, second };
}

describe('time-record', () => {
  it('answers one bucket per day in range, empty days as zeros, failed tasks net of refunds', async () => {
    const { token } = await signedUpWithUsage();
    const points = dataOf(
      'timeRecord',
      await call(
        'timeRecord',
        { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-05T00:00:00Z', granularity: 'day', splitByApiKey: false },
        token,
      ),
    );
    expect(points).toEqual([
      { time: '2026-03-01T00:00:00.000Z', apiKeyName: null, credits: 10, requests: 3 },
      { time: '2026-03-02T00:00:00.000Z', apiKeyName: null, credits: 0, requests: 0 },
      { time: '2026-03-03T00:00:00.000Z', apiKeyName: null, credits: 6, requests: 1 },
      { time: '2026-03-04T00:00:00.000Z', apiKeyName: null, credits: 0, requests: 0 },
    ]);
  });

  it('answers hourly buckets, and splits by the keys’ current names', async () => {
    const { token, second } = await signedUpWithUsage();
    const hours = dataOf(
      'timeRecord',
      await call(
        'timeRecord',
        { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-02T00:00:00Z', granularity: 'hour', splitByApiKey: false },
        token,
      ),
    );
    expect(hours).toHaveLength(24);
    expect(hours[0]).toMatchObject({ time: '2026-03-01T00:00:00.000Z', credits: 2, requests: 1 });
    expect(hours[10]).toMatchObject({ time: '2026-03-01T10:00:00.000Z', credits: 8, requests: 2 });

    await call('updateApiKeyName', { id: second.id, name: 'Renamed' }, token);
    const split = dataOf(
      'timeRecord',
      await call(
        'timeRecord',
        { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-03T00:00:00Z', granularity: 'day', splitByApiKey: true },
        token,
      ),
    );
    expect(split).toEqual([
      { time: '2026-03-01T00:00:00.000Z', apiKeyName: 'Default', credits: 2, requests: 2 },
      { time: '2026-03-01T00:00:00.000Z', apiKeyName: 'Renamed', credits: 8, requests: 1 },
      { time: '2026-03-02T00:00:00.000Z', apiKeyName: 'Default', credits: 0, requests: 0 },
      { time: '2026-03-02T00:00:00.000Z', apiKeyName: 'Renamed', credits: 0, requests: 0 },
    ]);
  });

  it('counts buckets that the range only partly covers', async () => {
    const { token } = await signUp();
    const points = dataOf(
      'timeRecord',
      await call(
        'timeRecord',
        { startTime: '2026-03-01T12:00:00Z', endTime: '2026-03-03T06:00:00Z', granularity: 'day', splitByApiKey: false },
        token,
      ),
    );
    expect(points.map((point) => point.time)).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z', '2026-03-03T00:00:00.000Z']);
  });

  it('refuses bad ranges with 400001', async () => {
    const { token } = await signUp();
    const ask = (startTime: string, endTime: string, granularity: string) =>
      call('timeRecord', { startTime, endTime, granularity, splitByApiKey: false }, token);
    expect(await ask('2025-01-01T00:00:00Z', '2026-03-01T00:00:00Z', 'day')).toEqual({
      code: 400001,
      msg: 'Daily usage covers at most 400 days.',
      data: null,
    });
    expect((await ask('2025-03-01T00:00:00Z', '2026-04-05T00:00:00Z', 'day')).code).toBe(200);
    expect(await ask('2026-03-01T00:00:00Z', '2026-04-02T00:00:00Z', 'hour')).toEqual({
      code: 400001,
      msg: 'Hourly usage covers at most 31 days.',
      data: null,
    });
    expect(dataOf('timeRecord', await ask('2026-03-01T00:00:00Z', '2026-04-01T00:00:00Z', 'hour'))).toHaveLength(31 * 24);
    expect(await ask('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z', 'day')).toMatchObject({
      code: 400001,
      msg: 'The end time must be after the start time.',
    });
    expect(await ask('yesterday', '2026-03-01T00:00:00Z', 'day')).toMatchObject({ code: 400001, msg: 'Times must be ISO 8601 dates.' });
    expect((await ask('2026-03-01T00:00:00Z', '2026-03-02T00:00:00Z', 'week')).code).toBe(400001);
  });
});

describe('usage records', () => {
  it('are empty for a new account: the sign-up grant is no usage', async () => {
    const { token } = await signUp();
    expect(dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10 }, token))).toEqual({
      records: [],
      total: 0,
      pageNum: 1,
      pageSize: 10,
    });
  });

  it('page newest first, filter by status and model, and never leak the owner', async () => {
    const { token } = await signedUpWithUsage();
    const first = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 2 }, token));
    expect(first.total).toBe(5);
    expect(first.records.map((record) => record.createTime)).toEqual(['2026-03-03T23:59:59.000Z', '2026-03-01T10:45:00.000Z']);
    const last = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 3, pageSize: 2 }, token));
    expect(last.records.map((record) => record.createTime)).toEqual(['2026-02-20T12:00:00.000Z']);
    expect(dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 4, pageSize: 2 }, token)).records).toEqual([]);

    const failed = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10, status: 3 }, token));
    expect(failed.total).toBe(1);
    expect(failed.records[0]).toMatchObject({ status: 3, refundedCredits: 4, errorMessage: 'refused', model: 'nano-banana-2' });
    const max = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 10, model: 'nano-banana-pro' }, token));
    expect(max.records.map((record) => record.apiKeyName)).toEqual(['Batch']);

    const raw = await call('usageRecordPage', { pageNum: 1, pageSize: 1 }, token);
    expect(JSON.stringify(raw.data)).not.toMatch(/accountId|apiKeyId/);
  });

  it('refuses bad paging and filters', async () => {
    const { token } = await signUp();
    expect(await call('usageRecordPage', { pageNum: 0, pageSize: 10 }, token)).toMatchObject({ code: 400001, msg: 'The page number starts at 1.' });
    expect(await call('usageRecordPage', { pageNum: 1, pageSize: 101 }, token)).toMatchObject({
      code: 400001,
      msg: 'The page size must be between 1 and 100.',
    });
    expect((await call('usageRecordPage', { pageNum: 1, pageSize: 10, model: 'dall-e' }, token)).code).toBe(400001);
    expect((await call('usageRecordPage', { pageNum: 1, pageSize: 10, status: 7 }, token)).code).toBe(400001);
  });

  it('answer 401 without a session', async () => {
    expect(await call('usageRecordPage', { pageNum: 1, pageSize: 10 })).toEqual({ code: 401, msg: 'Login has expired', data: null });
    expect(
      (
        await call(
          'timeRecord',
          { startTime: '2026-03-01T00:00:00Z', endTime: '2026-03-02T00:00:00Z', granularity: 'day', splitByApiKey: false },
          'made-up',
        )
      ).code,
    ).toBe(401);
  });
});

describe('sample usage', () => {
  const NOW = Date.parse('2026-03-15T09:00:00Z');

  async function freshAccount(email = 'sample@example.com') {
    const data = emptyData();
    const account = await createAccount(data, { email, password: null, referDomain: '', utmTerm: '' }, 0);
    account.apiKeys.push({ ...account.apiKeys[0]!, id: 'second', name: 'CI', primary: false });
    return { data, account };
  }

  it('is deterministic per seed and realistic', async () => {
    const { account } = await freshAccount();
    const records = sampleUsage(account, 90, 42, NOW);
    expect(sampleUsage(account, 90, 42, NOW + 60_000)).toEqual(records);
    expect(sampleUsage(account, 90, 43, NOW)).not.toEqual(records);

    const perDay = new Map<string, number>();
    for (const record of records) perDay.set(record.createTime.slice(0, 10), (perDay.get(record.createTime.slice(0, 10)) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(MAX_RECORDS_PER_DAY);
    const times = records.map((record) => Date.parse(record.createTime));
    expect(Math.min(...times)).toBeGreaterThanOrEqual(Date.parse('2025-12-15T00:00:00Z'));
    expect(Math.max(...times)).toBeLessThan(Date.parse('2026-03-15T00:00:00Z'));

    const weekday = records.filter((record) => ![0, 6].includes(new Date(record.createTime).getUTCDay())).length / 64;
    const weekend = records.filter((record) => [0, 6].includes(new Date(record.createTime).getUTCDay())).length / 26;
    expect(weekday).toBeGreaterThan(2 * weekend);

    for (const record of records) {
      const request = JSON.parse(record.paramJson) as { numImages?: number };
      const images = request.numImages ?? 1;
      expect(images).toBeGreaterThanOrEqual(1);
      expect(images).toBeLessThanOrEqual(4);
      const { model } = record;
      if (!isGenerationModel(model)) throw new Error(`sample usage made a model the product does not offer: ${model}`);
      expect(record.credits).toBe(creditsPerImage(model, '1K') * images);
      expect(record.refundedCredits).toBe(record.status === 3 ? record.credits : 0);
      expect(record.errorMessage === null).toBe(record.status === 1);
    }
    const failedShare = records.filter((record) => record.status === 3).length / records.length;
    expect(failedShare).toBeGreaterThan(FAILURE_RATE / 4);
    expect(failedShare).toBeLessThan(FAILURE_RATE * 2.5);
    expect(new Set(records.map((record) => record.model)).size).toBe(3);
    expect(new Set(records.map((record) => record.apiKeyId))).toEqual(new Set([account.apiKeys[0]?.id, 'second']));
  });

  it('debits what it used but never takes the balance below 0', async () => {
    const { data, account } = await freshAccount();
    const result = addSampleUsage(data, account, 7, 90, NOW);
    expect(creditsUsed(sampleUsage(account, 90, 7, NOW))).toBeGreaterThan(100);
    expect(result.creditsDebited).toBe(100);
    expect(account.credits).toBe(0);
    expect(data.usageRecords).toHaveLength(result.records);

    account.credits = 1_000_000;
    const rich = addSampleUsage(data, account, 8, 3, NOW);
    expect(account.credits).toBe(1_000_000 - rich.creditsDebited);
    expect(data.ledger.filter((entry) => entry.kind === 'generation').map((entry) => entry.credits)).toEqual([-100, -rich.creditsDebited]);
  });
});

describe('the "Fill 90 days of sample usage" control', () => {
  it('fills the account of the newest session, which the usage calls then show', async () => {
    const older = await signUp();
    const newer = await signUp();
    const filled = fillSampleUsage(demo.db, 99);
    expect(filled).toMatchObject({ email: newer.email, creditsDebited: 100 });
    const page = dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 5 }, newer.token));
    expect(page.total).toBe(filled?.records);
    expect(dataOf('userInfo', await call('userInfo', {}, newer.token)).credits).toBe(0);
    expect(dataOf('usageRecordPage', await call('usageRecordPage', { pageNum: 1, pageSize: 5 }, older.token)).total).toBe(0);

    // The 90 whole days before today, plus today so far.
    const end = new Date();
    const start = new Date(Math.floor(end.getTime() / DAY_MS) * DAY_MS - 90 * DAY_MS);
    const points = dataOf(
      'timeRecord',
      await call('timeRecord', { startTime: start.toISOString(), endTime: end.toISOString(), granularity: 'day', splitByApiKey: false }, newer.token),
    );
    expect(points).toHaveLength(91);
    expect(points.reduce((sum, point) => sum + point.requests, 0)).toBe(filled?.records);
  });

  it('does nothing without a live session', async () => {
    const data = demo.db.read();
    const { token } = await signUp();
    data.sessions = data.sessions.filter((session) => session.token !== token);
    const account = await createAccount(data, { email: 'nobody.signed.in@example.com', password: null, referDomain: '', utmTerm: '' });
    createSession(data, account.id, 0);
    data.sessions = data.sessions.filter((session) => session.accountId === account.id);
    expect(fillSampleUsage(demo.db, 1)).toBeNull();
    expect(data.usageRecords.filter((record) => record.accountId === account.id)).toEqual([]);
  });
});

describe('the panel button', () => {
  it('asks to sign in first, then fills the signed-in account and says so', async () => {
    const env = createDemoEnvironment();
    render(createElement(I18nProvider, { i18n }, createElement(DemoControls, { environment: env, reload: () => undefined })));
    fireEvent.click(screen.getByRole('button', { name: 'Demo controls' }));
    const fill = screen.getByRole('button', { name: 'Fill 90 days of sample usage' });
    fireEvent.click(fill);
    expect(screen.getByText('Sign in first.')).toBeInTheDocument();

    const data = env.db.read();
    const account = await createAccount(data, { email: 'panel@example.com', password: null, referDomain: '', utmTerm: '' });
    createSession(data, account.id);
    fireEvent.click(fill);
    const added = data.usageRecords.filter((record) => record.accountId === account.id).length;
    expect(added).toBeGreaterThan(0);
    expect(screen.getByText(`Added ${added} usage records to panel@example.com (100 credits debited).`)).toBeInTheDocument();
    cleanup();
  });
});
