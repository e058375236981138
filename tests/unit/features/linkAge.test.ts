import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, linkAge } from '../../../src/features/history/linkAge';

const made = '2026-11-01T12:00:00.000Z';
const at = (ms: number) => Date.parse(made) + ms;

describe('link age', () => {
  it('counts minutes, then hours, then days', () => {
    expect(linkAge(made, at(5 * 60_000 + 59_000))).toMatchObject({ amount: 5, unit: 'minute', state: 'fresh' });
    expect(linkAge(made, at(3 * 3_600_000))).toMatchObject({ amount: 3, unit: 'hour', state: 'fresh' });
    expect(linkAge(made, at(3 * DAY_MS + 1))).toMatchObject({ amount: 3, unit: 'day', state: 'fresh' });
  });

  it('warns in the last two of the 14 days files are kept, and says they may be gone from then on', () => {
    expect(linkAge(made, at(12 * DAY_MS - 1))?.state).toBe('fresh');
    expect(linkAge(made, at(12 * DAY_MS))?.state).toBe('expiresSoon');
    expect(linkAge(made, at(14 * DAY_MS - 1))?.state).toBe('expiresSoon');
    expect(linkAge(made, at(14 * DAY_MS))).toMatchObject({ state: 'mayHaveExpired', amount: 14, unit: 'day' });
    expect(linkAge(made, at(90 * DAY_MS))).toMatchObject({ state: 'mayHaveExpired', amount: 90 });
  });

  it('reads a time from a clock ahead of ours as brand new, and an unreadable time as none', () => {
    expect(linkAge(made, at(-60_000))).toMatchObject({ ageMs: 0, amount: 0, unit: 'minute', state: 'fresh' });
    expect(linkAge('', at(0))).toBeNull();
    expect(linkAge('yesterday', at(0))).toBeNull();
    expect(linkAge(made, Number.NaN)).toBeNull();
  });

  it('never runs backwards: an older link is never fresher', () => {
    const order = { fresh: 0, expiresSoon: 1, mayHaveExpired: 2 } as const;
    fc.assert(
      fc.property(fc.integer({ min: -DAY_MS, max: 400 * DAY_MS }), fc.integer({ min: 0, max: 400 * DAY_MS }), (age, more) => {
        const younger = linkAge(made, at(age));
        const older = linkAge(made, at(age + more));
        expect(younger).not.toBeNull();
        expect(older).not.toBeNull();
        if (younger && older) {
          expect(older.ageMs).toBeGreaterThanOrEqual(younger.ageMs);
          expect(order[older.state]).toBeGreaterThanOrEqual(order[younger.state]);
        }
      }),
    );
  });
});
