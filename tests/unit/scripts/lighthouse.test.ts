import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { THRESHOLDS, judge, median, scoresOf } from '../../../scripts/lighthouse.mjs';

const run = (performance: number, accessibility = 100) => ({ performance, accessibility, lcpMs: 1000, tbtMs: 0 });

describe('the Lighthouse gate', () => {
  it('holds the thresholds the issue sets', () => {
    expect(THRESHOLDS).toEqual({ performance: 95, accessibility: 100 });
  });

  it('reads whole-number scores and the two timings from a report', () => {
    const report = { categories: { performance: { score: 0.964 }, accessibility: { score: 1 } }, audits: { 'largest-contentful-paint': { numericValue: 1151.4 }, 'total-blocking-time': { numericValue: 12.2 } } };
    expect(scoresOf(report)).toEqual({ performance: 96, accessibility: 100, lcpMs: 1151, tbtMs: 12 });
    expect(scoresOf({})).toEqual({ performance: 0, accessibility: 0, lcpMs: 0, tbtMs: 0 });
  });

  it('judges by the median, so one noisy run neither fails nor saves a page', () => {
    expect(median([97])).toBe(97);
    expect(median([90, 97, 96])).toBe(96);
    expect(judge([run(97)]).passed).toBe(true);
    expect(judge([run(94)]).passed).toBe(false);
    expect(judge([run(94), run(97), run(96)])).toEqual({ performance: 96, accessibility: 100, passed: true });
    expect(judge([run(97), run(90), run(91)])).toMatchObject({ performance: 91, passed: false });
    // Accessibility must be perfect.
    expect(judge([run(99, 98)])).toMatchObject({ accessibility: 98, passed: false });
  });
});
