import { describe, expect, it } from 'vitest';
import {
  BARE_CALM_TAP_MS,
  GATES,
  MAX_RETRIES,
  RUNS,
  WIDE_MARGIN_RUNS,
  TAP_LATE_MS,
  judgeFirstTap,
  loadFactor,
  measureEarlyTapsAgain,
  measureRestTapsAgain,
  median,
  runProblem,
  scaledLimit,
  withRetries,
  // @ts-expect-error -- a plain .mjs script without type declarations
} from '../../../scripts/first-tap.mjs';

interface Run {
  error?: string;
  inputSeen?: boolean;
  lateMs?: number;
  answeredMs?: number | null;
}
const answered = (answeredMs: number, lateMs = 12): Run => ({ inputSeen: true, lateMs, answeredMs });
const five = (ms: number): number[] => [ms, ms, ms, ms, ms];

describe('the first-tap gate', () => {
  it('holds the gates the issue sets, on medians of an odd number of runs', () => {
    expect(GATES).toEqual({ restTapMaxRatio: 3, earlyTapMaxRatio: 3, keystrokeMaxMs: 150 });
    expect(RUNS).toBeGreaterThanOrEqual(5);
    expect(RUNS % 2).toBe(1);
    expect(WIDE_MARGIN_RUNS).toBeGreaterThanOrEqual(5);
    expect(WIDE_MARGIN_RUNS % 2).toBe(1);
    expect(MAX_RETRIES).toBe(2);
    expect(BARE_CALM_TAP_MS).toBeGreaterThan(0);
    expect(median([300, 90, 3100, 95, 100])).toBe(100);
    expect(() => median([1, 2])).toThrow(/odd number/);
  });

  it("scales an absolute limit by how much slower than a calm machine the bare page's tap was, never below 1", () => {
    expect(loadFactor(50, 50)).toBe(1);
    expect(loadFactor(150, 50)).toBe(3);
    expect(loadFactor(77, 70)).toBe(1.1);
    // A faster run than the calm one does not tighten the limits.
    expect(loadFactor(20, 50)).toBe(1);
    expect(() => loadFactor(0, 50)).toThrow(/positive time/);
    expect(() => loadFactor(50, 0)).toThrow(/positive time/);
    expect(scaledLimit(1500, 1)).toBe(1500);
    expect(scaledLimit(1500, 2.345)).toBe(3518);
    expect(scaledLimit(150, 1.1)).toBe(165);
  });

  it('counts a run only if the page loaded, received the tap at its moment and painted an answer', () => {
    expect(runProblem(answered(320))).toBeNull();
    expect(runProblem({ inputSeen: true, answeredMs: 90 })).toBeNull(); // a keystroke has no moment after load
    expect(runProblem({ error: 'the run failed: net::ERR_CONNECTION_REFUSED' })).toBe('the run failed: net::ERR_CONNECTION_REFUSED');
    expect(runProblem({ inputSeen: false })).toMatch(/never reached the page/);
    expect(runProblem(answered(320, TAP_LATE_MS + 1))).toMatch(/off its moment/);
    expect(runProblem(answered(320, -TAP_LATE_MS - 1))).toMatch(/off its moment/);
    expect(runProblem(answered(320, TAP_LATE_MS))).toBeNull();
    expect(runProblem({ inputSeen: true, lateMs: 5, answeredMs: null })).toMatch(/nothing was painted .* the app did not start/);
  });

  it('tries an invalid run again at most twice, and keeps every invalid one with its reason', async () => {
    const attemptsOf = (runs: Run[]) => {
      let n = 0;
      return { attempt: () => Promise.resolve(runs[n++]), count: () => n };
    };
    const first = attemptsOf([answered(300)]);
    expect(await withRetries(first.attempt)).toEqual({ run: answered(300), invalid: [] });
    expect(first.count()).toBe(1);

    const third = attemptsOf([{ error: 'the run failed: timeout' }, { inputSeen: false }, answered(310)]);
    const tried = await withRetries(third.attempt);
    expect(tried.run).toEqual(answered(310));
    expect(tried.invalid.map((run: { problem: string }) => run.problem)).toEqual([
      'the run failed: timeout',
      'the tap or keystroke never reached the page',
    ]);

    const never = attemptsOf([{ inputSeen: false }, { inputSeen: false }, { inputSeen: false }, answered(1)]);
    const gaveUp = await withRetries(never.attempt);
    expect(gaveUp.run).toBeNull();
    expect(gaveUp.invalid).toHaveLength(3);
    expect(never.count()).toBe(3);
  });

  it('passes the app when every median is within its gate', () => {
    const verdict = judgeFirstTap({ bareRest: five(60), restTap: [170, 180, 900, 150, 175], earlyTap: five(150), keystroke: five(90) }, 60);
    expect(verdict).toMatchObject({ bareMs: 60, factor: 1, passed: true });
    expect(verdict.gates.map((gate: { limitMs: number }) => gate.limitMs)).toEqual([180, 180, 150]);
    // One millisecond over three times the bare page's tap fails.
    const over = judgeFirstTap({ bareRest: five(60), restTap: five(181), earlyTap: five(150), keystroke: five(90) }, 60);
    expect(over.gates[0]).toMatchObject({ passed: false, shortfall: "181 ms > 3 x the bare page's 60 ms = 180 ms, by 1 ms" });
  });

  it('fails the app that starts at its first action, naming the gate and by how much', () => {
    // What the app measured as shipped: 3.1 s to the dialog at 8 s after load, against a bare tap of 60 ms.
    const verdict = judgeFirstTap({ bareRest: five(60), restTap: five(3100), earlyTap: five(150), keystroke: five(90) }, 60);
    expect(verdict.passed).toBe(false);
    expect(verdict.gates.filter((gate: { passed: boolean }) => !gate.passed)).toEqual([
      {
        name: '"Sign in" tapped 8 s after load',
        ms: 3100,
        limitMs: 180,
        passed: false,
        shortfall: "3100 ms > 3 x the bare page's 60 ms = 180 ms, by 2920 ms",
      },
    ]);
  });

  // Each tap gate is measured again only when it failed its ratio on valid runs: its own tap over the limit, with
  // every other measurement fine. Another gate failing, or runs that stayed invalid, are no reason.
  it.each([
    { tap: '1 s', gate: 'earlyTap', other: 'restTap', again: measureEarlyTapsAgain },
    { tap: '8 s', gate: 'restTap', other: 'earlyTap', again: measureRestTapsAgain },
  ] as const)('measures the $tap tap again only when it failed its ratio on valid runs', ({ gate, other, again }) => {
    const runs = (taps: Partial<Record<'bareRest' | 'restTap' | 'earlyTap', (number | null)[]>>) =>
      judgeFirstTap({ bareRest: five(60), restTap: five(120), earlyTap: five(120), keystroke: five(90), ...taps }, 60);
    expect(again(runs({ [gate]: five(181) }))).toBe(true);
    expect(again(runs({ [gate]: five(180) }))).toBe(false);
    expect(again(runs({ [other]: five(2800) }))).toBe(false);
    expect(again(runs({ [gate]: [170, null, 170, 170, 170] }))).toBe(false);
    expect(again(runs({ bareRest: [60, null, 60, 60, 60], [gate]: five(900) }))).toBe(false);
  });

  it('raises the absolute limit with a busy machine, and holds the taps to the bare page measured beside them', () => {
    // Everything twice as slow, the bare page too: the 1 s tap's 340 ms and the keystroke's 280 ms pass.
    const busy = judgeFirstTap({ bareRest: five(120), restTap: five(340), earlyTap: five(340), keystroke: five(280) }, 60);
    expect(busy).toMatchObject({ factor: 2, passed: true });
    expect(busy.gates.map((gate: { limitMs: number }) => gate.limitMs)).toEqual([360, 360, 300]);
    // The same app on a calm machine at those times fails both; a 1 s tap that waits for the app fails by far.
    const calm = judgeFirstTap({ bareRest: five(60), restTap: five(170), earlyTap: five(340), keystroke: five(280) }, 60);
    expect(calm.gates.map((gate: { shortfall: string }) => gate.shortfall)).toEqual([
      '',
      "340 ms > 3 x the bare page's 60 ms = 180 ms, by 160 ms",
      '280 ms > 150 ms x 1 = 150 ms, by 130 ms',
    ]);
    const waitingForTheApp = judgeFirstTap({ bareRest: five(40), restTap: five(96), earlyTap: five(930), keystroke: five(40) }, 60);
    expect(waitingForTheApp.gates[1]).toMatchObject({ passed: false, shortfall: "930 ms > 3 x the bare page's 40 ms = 120 ms, by 810 ms" });
  });

  it('fails a gate whose measurement stayed invalid, and every gate when the bare page did', () => {
    const verdict = judgeFirstTap({ bareRest: five(60), restTap: five(170), earlyTap: [150, null, 130, 120, 110], keystroke: five(90) }, 60);
    expect(verdict.passed).toBe(false);
    expect(verdict.gates[1]).toMatchObject({ passed: false, shortfall: '1 of 5 runs stayed invalid' });
    const noBare = judgeFirstTap({ bareRest: [60, null, 60, 60, 60], restTap: five(170), earlyTap: five(150), keystroke: five(90) }, 60);
    expect(noBare).toMatchObject({ passed: false, gates: [{ name: 'bare page', passed: false }] });
  });
});
