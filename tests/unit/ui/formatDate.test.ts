import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import * as v from 'valibot';
import { UsageRecordSchema } from '../../../src/api/contract';
import { modelName } from '../../../src/domain/generationOptions';
import { UNREADABLE_TIME, formatDate, secondsBetween } from '../../../src/ui/formatDate';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('times from the server', () => {
  it('are worded for the reader, and a value that is not a time becomes a dash instead of an exception', () => {
    expect(formatDate(i18n, '2026-11-24T13:05:00Z', { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Nov 24, 2026');
    expect(formatDate(i18n, Date.UTC(2026, 0, 2), { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Jan 2, 2026');
    for (const bad of ['not-a-date', '', '2026-13-45T99:00:00Z']) {
      expect(formatDate(i18n, bad, { dateStyle: 'medium', timeStyle: 'short' })).toBe(UNREADABLE_TIME);
    }
    // What would have been thrown: Intl refuses an invalid date.
    expect(() => i18n.date(new Date('not-a-date'), { dateStyle: 'medium' })).toThrow(RangeError);
  });

  it('give a duration in whole seconds, or none when either end is unreadable', () => {
    expect(secondsBetween('2026-11-24T13:05:00Z', '2026-11-24T13:05:03.600Z')).toBe(4);
    expect(secondsBetween('2026-11-24T13:05:03Z', '2026-11-24T13:05:00Z')).toBe(0);
    expect(secondsBetween('not-a-date', '2026-11-24T13:05:00Z')).toBeNull();
  });
});

describe('a usage record of a model this build does not know', () => {
  const record = {
    id: 7,
    taskId: 'task-7',
    createTime: '2026-11-24T13:05:00Z',
    model: 'flux-kontext-ultra',
    status: 1,
    credits: 10,
  };

  it('still passes the contract, so one new model does not fail the whole page', () => {
    const parsed = v.parse(UsageRecordSchema, record);
    expect(parsed.model).toBe('flux-kontext-ultra');
    expect(parsed.id).toBe('7');
  });

  it('shows under the API name for it; known models keep their product names', () => {
    expect(modelName('flux-kontext-ultra')).toBe('flux-kontext-ultra');
    expect(modelName('nano-banana')).toBe('Nano Banana');
  });
});
