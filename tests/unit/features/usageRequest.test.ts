import { describe, expect, it } from 'vitest';
import { usageRequest } from '../../../src/actors/usageChart';

const now = new Date('2026-11-22T15:30:00Z');

describe('the usage chart question', () => {
  it('asks for whole UTC days up to the end of today for a preset range', () => {
    expect(usageRequest({ range: { kind: 'preset', days: 7 }, granularity: 'hour', splitByApiKey: true }, now)).toEqual({
      startTime: '2026-11-16T00:00:00.000Z',
      endTime: '2026-11-23T00:00:00.000Z',
      granularity: 'hour',
      splitByApiKey: true,
    });
    expect(usageRequest({ range: { kind: 'preset', days: 30 }, granularity: 'day', splitByApiKey: false }, now).startTime).toBe(
      '2026-10-24T00:00:00.000Z',
    );
  });
  it('includes both ends of a custom range', () => {
    expect(
      usageRequest({ range: { kind: 'custom', from: '2026-11-01', to: '2026-11-03' }, granularity: 'day', splitByApiKey: false }, now),
    ).toMatchObject({
      startTime: '2026-11-01T00:00:00.000Z',
      endTime: '2026-11-04T00:00:00.000Z',
    });
  });
});
