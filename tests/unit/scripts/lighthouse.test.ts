import { describe, expect, it } from 'vitest';
import {
  BARE_RUNS,
  DESKTOP_GATE,
  TARGET_MOBILE_PERFORMANCE,
  TARGET_START_SCRIPT_RATIO,
  MAX_LCP_RATIO,
  MOBILE_GATE,
  MOBILE_THRESHOLDS,
  PROFILES,
  RUNS_WHEN_SHORT,
  SIGNED_IN_AUDIT,
  THRESHOLDS,
  assertProfile,
  assertSignedInDashboard,
  dashboardViewProblems,
  gateOf,
  invalidRunReason,
  judge,
  lcpRatio,
  longestTaskAfterPaintOf,
  longestTaskRatio,
  mainThreadRatio,
  measure,
  measureBare,
  median,
  profileProblems,
  scoresOf,
  startScriptBytesOf,
  startScriptRatio,
  // @ts-expect-error -- a plain .mjs script without type declarations
} from '../../../scripts/lighthouse.mjs';

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  mainThreadMs: number;
  longestTaskAfterPaintMs: number | null;
  cls: number;
  startScriptBytes?: number | null;
}
const run = (performance: number, accessibility = 100, lcpMs = 1000, mainThreadMs = 100, cls = 0, longestTaskAfterPaintMs = 100): Run => ({
  performance,
  accessibility,
  lcpMs,
  tbtMs: 0,
  mainThreadMs,
  longestTaskAfterPaintMs,
  cls,
  startScriptBytes: 100_000,
});
/** A phone run of a public page: its longest task after the first paint, its accessibility and largest paint. */
const phone = (longestTaskAfterPaintMs: number, accessibility = 100, lcpMs = 1000): Run =>
  run(90, accessibility, lcpMs, 1000, 0, longestTaskAfterPaintMs);
/** A bare page's mobile run: its largest paint and main-thread work. */
const bareRun = (lcpMs: number, mainThreadMs = 300): Run => ({ ...run(100, 100, lcpMs, mainThreadMs), longestTaskAfterPaintMs: 0 });
/** A desktop run of the dashboard: its main-thread work, layout shift and score. */
const desk = (mainThreadMs: number, cls = 0, performance = 80): Run => run(performance, 100, 1000, mainThreadMs, cls);

interface Verdict {
  runs: Run[];
  earlierRuns?: Run[];
  performance: number;
  accessibility: number;
  lcpMs: number;
  lcpRatio?: number;
  longestTaskMs?: number;
  longestTaskRatio?: number;
  shortfalls: string[];
  passed: boolean;
}

/** A runOnce that returns these runs in order, and fails the test if asked for one more. */
const runsOf =
  (scores: Run[]) =>
  (n: number): Run => {
    const next = scores[n - 1];
    if (!next) throw new Error(`run ${n} was not expected`);
    return next;
  };

/** The mobile gate against a bare page that paints at `lcpMs` and whose main-thread work takes `mainThreadMs` in all. */
const phoneGate = (lcpMs = 1000, mainThreadMs = 200, startScriptBytes = 68_000) => gateOf('mobile', { lcpMs, mainThreadMs, startScriptBytes });

/** Measures a page whose runs score these, in order, on mobile against a bare page that paints at 1000 ms after 200 ms of main-thread work. */
function measureRuns(...scores: Run[]): Verdict {
  return measure(runsOf(scores), phoneGate());
}

/** The same on mobile, against a bare page whose median LCP is `bareLcpMs`. */
function measureMobile(bareLcpMs: number, ...scores: Run[]): Verdict {
  return measure(runsOf(scores), phoneGate(bareLcpMs));
}

/** The settings part of a report made with Lighthouse's default (mobile) config, as Lighthouse 13 writes it. */
const mobileSettings = {
  formFactor: 'mobile',
  throttlingMethod: 'simulate',
  throttling: {
    rttMs: 150,
    throughputKbps: 1638.4,
    requestLatencyMs: 562.5,
    downloadThroughputKbps: 1474.56,
    uploadThroughputKbps: 675,
    cpuSlowdownMultiplier: 4,
  },
};
const desktopSettings = {
  formFactor: 'desktop',
  throttlingMethod: 'simulate',
  throttling: { rttMs: 40, throughputKbps: 10240, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0, cpuSlowdownMultiplier: 1 },
};

const signedInView = {
  path: '/dashboard',
  heading: 'Overview',
  usageChart: 'Bar chart of credits used per day, the last 30 days.',
  accountMenu: 'Account menu for a@example.com',
  openDialog: '',
  readAfterMs: 3,
};
const reportSeeing = (view: Record<string, unknown>, score: number, formFactor = 'desktop') => ({
  configSettings: { formFactor },
  audits: {
    [SIGNED_IN_AUDIT]: {
      score,
      explanation: score ? undefined : dashboardViewProblems(view).join('; '),
      details: { items: Object.entries(view).map(([what, seen]) => ({ what, seen: String(seen) })) },
    },
  },
});

describe('the Lighthouse gate', () => {
  it('holds the thresholds the issue sets', () => {
    // The desktop preset judges no score: a busy machine alone took the dashboard's from 98 to 62.
    expect(THRESHOLDS).toEqual({ accessibility: 100 });
    expect(DESKTOP_GATE).toEqual({ maxMainThreadRatio: 30, maxCls: 0.1 });
    expect(RUNS_WHEN_SHORT).toBe(3);
  });

  it('reads whole-number scores, the timings and the layout shift from a report', () => {
    const report = {
      configSettings: { throttlingMethod: 'simulate', throttling: { cpuSlowdownMultiplier: 4 } },
      categories: { performance: { score: 0.964 }, accessibility: { score: 1 } },
      audits: {
        'largest-contentful-paint': { numericValue: 1151.4 },
        'total-blocking-time': { numericValue: 12.2 },
        'mainthread-work-breakdown': { numericValue: 1027.6 },
        'cumulative-layout-shift': { numericValue: 0.01234 },
        metrics: { details: { items: [{ observedFirstContentfulPaint: 250 }] } },
        // Tasks as the host ran them: the profile's CPU slowdown (above) makes them four times as long.
        'main-thread-tasks': {
          details: {
            items: [
              { startTime: 120, duration: 40.12 },
              { startTime: 300, duration: 17.66 },
              { startTime: 250, duration: 20.55 },
            ],
          },
        },
      },
    };
    expect(scoresOf(report)).toEqual({
      performance: 96,
      accessibility: 100,
      lcpMs: 1151,
      tbtMs: 12,
      mainThreadMs: 1028,
      longestTaskAfterPaintMs: 82,
      cls: 0.012,
    });
    // No task list, no first paint: nothing to judge a longest task by.
    expect(scoresOf({})).toEqual({
      performance: 0,
      accessibility: 0,
      lcpMs: 0,
      tbtMs: 0,
      mainThreadMs: 0,
      longestTaskAfterPaintMs: null,
      cls: 0,
    });
  });

  it("finds the longest task from the first paint on, in the profile's time", () => {
    const tasks = (...items: { startTime: number; duration: number }[]) => ({
      configSettings: { throttlingMethod: 'simulate', throttling: { cpuSlowdownMultiplier: 4 } },
      audits: { metrics: { details: { items: [{ observedFirstContentfulPaint: 200 }] } }, 'main-thread-tasks': { details: { items } } },
    });
    // The prerendered page's parse and layout come before its first paint; a visitor's tap comes after. Tasks under
    // 50 ms of the profile's time count too (Lighthouse's long-task list leaves them out).
    expect(longestTaskAfterPaintOf(tasks({ startTime: 60, duration: 58 }, { startTime: 900, duration: 36 }, { startTime: 950, duration: 6 }))).toBe(
      144,
    );
    // A task that starts at the paint counts; one that started before it (the paint's own layout) does not.
    expect(longestTaskAfterPaintOf(tasks({ startTime: 200, duration: 10 }, { startTime: 150, duration: 70 }))).toBe(40);
    // One with no number is none; none after the paint is 0.
    expect(longestTaskAfterPaintOf(tasks({ startTime: 200, duration: 12 }, { startTime: 300, duration: Number.NaN }))).toBe(48);
    expect(longestTaskAfterPaintOf(tasks({ startTime: 60, duration: 58 }))).toBe(0);
    // Applied or no throttling: the host's time is the profile's.
    const devtools = {
      ...tasks({ startTime: 300, duration: 20.4 }),
      configSettings: { throttlingMethod: 'devtools', throttling: { cpuSlowdownMultiplier: 4 } },
    };
    expect(longestTaskAfterPaintOf(devtools)).toBe(20);
    // A report without its task list or its first paint says nothing about long tasks: null, never 0.
    expect(longestTaskAfterPaintOf(tasks())).toBeNull();
    expect(longestTaskAfterPaintOf({ audits: { 'main-thread-tasks': { details: { items: [{ startTime: 300, duration: 20 }] } } } })).toBeNull();
  });

  it('measures again a run Lighthouse reports as invalid, whatever its numbers', () => {
    const valid = { categories: { performance: { score: 0.99 } }, runWarnings: [] };
    expect(invalidRunReason(valid)).toBeNull();
    // A warning that says nothing about the page's loading leaves the run valid.
    expect(invalidRunReason({ ...valid, runWarnings: ['The tested device appears to have a slower CPU than  Lighthouse expects.'] })).toBeNull();
    expect(invalidRunReason({ ...valid, runtimeError: { code: 'NO_NAVSTART', message: 'Your page did not start a navigation.' } })).toBe(
      "Lighthouse's runtime error NO_NAVSTART: Your page did not start a navigation.",
    );
    expect(invalidRunReason({ ...valid, runtimeError: { code: 'NO_FCP' } })).toMatch(/NO_FCP/);
    for (const warning of [
      'Lighthouse was unable to reliably load the page you requested. Make sure you are testing the correct URL and that the server is properly responding to all requests. (Status code: 500)',
      'The page loaded too slowly to finish within the time limit. Results may be incomplete.',
      'The page may not be loading as expected because your test URL (http://a/) was redirected to http://b/. Try testing the second URL directly.',
      'A navigation was detected during the run. The page was interrupted.',
    ])
      expect(invalidRunReason({ ...valid, runWarnings: [warning] })).toBe(`Lighthouse warned: ${warning}`);
    // A score Lighthouse could not compute is no score of 0 to judge.
    expect(invalidRunReason({ categories: { performance: { score: null } } })).toMatch(/no performance score/);
    expect(invalidRunReason({})).toMatch(/no performance score/);
  });

  it('takes the median of an odd number of runs and never averages two', () => {
    expect(median([97])).toBe(97);
    expect(median([90, 97, 96])).toBe(96);
    expect(() => median([90, 100])).toThrow(/odd number/);
    expect(() => median([])).toThrow(/odd number/);
    expect(() => judge([run(90), run(100)])).toThrow(/1 or 3 runs/);
  });

  it('judges by the median, so one noisy run neither fails nor saves a page', () => {
    const gate = phoneGate();
    expect(judge([phone(200)], gate).passed).toBe(true);
    expect(judge([phone(201)], gate).passed).toBe(false);
    expect(judge([phone(201), phone(90), phone(140)], gate)).toEqual({
      performance: 90,
      accessibility: 100,
      lcpMs: 1000,
      lcpRatio: 1,
      mainThreadMs: 1000,
      mainThreadRatio: 5,
      longestTaskMs: 140,
      longestTaskRatio: 0.7,
      startScriptBytes: 100_000,
      startScriptRatio: 1.471,
      shortfalls: [],
      passed: true,
    });
    expect(judge([phone(90), phone(400), phone(210)], gate)).toMatchObject({ longestTaskMs: 210, passed: false });
    // Accessibility must be perfect.
    expect(judge([phone(90, 98)], gate)).toMatchObject({ accessibility: 98, shortfalls: ['accessibility 98 < 100'], passed: false });
  });

  it('measures once when the run passes, else three times and takes the median of the three', () => {
    expect(measureRuns(phone(120))).toMatchObject({ runs: [phone(120)], longestTaskMs: 120, passed: true });
    // A first run over the limit and a second under it: a third run decides.
    expect(measureRuns(phone(300), phone(80), phone(140))).toMatchObject({ longestTaskMs: 140, passed: true });
    expect(measureRuns(phone(300), phone(80), phone(140)).earlierRuns).toBeUndefined();
  });

  it('measures three more times when three fail, and judges on those alone', () => {
    // A busy minute: three runs sink, three later ones pass.
    const busyMinute = measureRuns(phone(400), phone(180), phone(783), phone(90), phone(110), phone(100));
    expect(busyMinute).toMatchObject({ longestTaskMs: 100, passed: true, earlierRuns: [phone(400), phone(180), phone(783)] });
    expect(busyMinute.runs).toEqual([phone(90), phone(110), phone(100)]);
    // A page that cannot: both trios fail.
    expect(measureRuns(phone(260), phone(100), phone(220), phone(230), phone(100), phone(215))).toMatchObject({ longestTaskMs: 215, passed: false });
    // Two out of three must pass in the deciding trio too, even if one run was perfect.
    expect(measureRuns(phone(60, 96), phone(60, 100), phone(60, 98), phone(60, 100), phone(60, 97), phone(60, 98))).toMatchObject({
      accessibility: 98,
      passed: false,
    });
    // Never more than six runs.
    expect(() => measureRuns(phone(800), phone(810), phone(820), phone(830), phone(840), phone(850))).not.toThrow();
  });

  it('accepts a dashboard report only if the signed-in overview was on screen', () => {
    expect(dashboardViewProblems(signedInView)).toEqual([]);
    expect(() => assertSignedInDashboard(reportSeeing(signedInView, 1), 'dashboard-1.json')).not.toThrow();

    // A signed-out visit: the page's heading is there, under the login modal, with no data and no account.
    const signedOut = { ...signedInView, usageChart: '', accountMenu: '', openDialog: 'Sign in' };
    expect(dashboardViewProblems(signedOut)).toEqual([
      'no usage chart was drawn',
      'no account menu: the visitor was signed out',
      'a dialog was open over the page: "Sign in"',
    ]);
    expect(() => assertSignedInDashboard(reportSeeing(signedOut, 0), 'dashboard-1.json')).toThrow(
      /dashboard-1\.json: the dashboard did not render signed in: no usage chart/,
    );
    expect(dashboardViewProblems({ ...signedInView, path: '/', heading: 'Page not found' })).toEqual([
      'the page ended on /, not /dashboard',
      'the heading was "Page not found", not "Overview"',
    ]);
    expect(dashboardViewProblems(undefined)).toEqual(['nothing was read from the page']);

    // No audit at all (the config was not used), or the mobile preset: not the measurement the gate asks for.
    expect(() => assertSignedInDashboard({ audits: {} }, 'dashboard-1.json')).toThrow(/has no "signed-in-dashboard" audit/);
    expect(() => assertSignedInDashboard(reportSeeing(signedInView, 1, 'mobile'), 'dashboard-1.json')).toThrow(/not with the desktop preset/);
  });

  it("holds the mobile gate: accessibility 100, and at most 1.1 times the bare page's LCP and a longest task no longer than its whole main-thread work, over 3 runs of it", () => {
    expect(MOBILE_THRESHOLDS).toEqual({ accessibility: 100 });
    expect(MOBILE_GATE).toEqual({ maxLcpRatio: 1.1, maxLongestTaskRatio: 1, maxMainThreadRatio: 12, maxStartScriptRatio: 2.4 });
    expect(TARGET_START_SCRIPT_RATIO).toBe(1.8);
    expect(MAX_LCP_RATIO).toBe(1.1);
    expect(TARGET_MOBILE_PERFORMANCE).toBe(98);
    expect(BARE_RUNS).toBe(3);
    expect(gateOf('mobile', { lcpMs: 1500, mainThreadMs: 334, startScriptBytes: 68_068 })).toEqual({
      accessibility: 100,
      bareLcpMs: 1500,
      maxLcpRatio: 1.1,
      bareMainThreadMs: 334,
      maxLongestTaskRatio: 1,
      maxMainThreadRatio: 12,
      bareStartScriptBytes: 68_068,
      maxStartScriptRatio: 2.4,
    });
    // The dashboard, on the desktop preset: the bare page's main-thread work, no LCP comparison and no score.
    expect(gateOf('desktop', { lcpMs: 400, mainThreadMs: 120 })).toEqual({
      accessibility: 100,
      maxCls: 0.1,
      bareMainThreadMs: 120,
      maxMainThreadRatio: 30,
    });
    expect(() => gateOf('tablet', { lcpMs: 1500, mainThreadMs: 100 })).toThrow(/No gate/);
  });

  it("compares a page's LCP with the bare page's as a ratio, to three decimals", () => {
    expect(lcpRatio(1650, 1500)).toBe(1.1);
    expect(lcpRatio(3000, 1500)).toBe(2);
    expect(lcpRatio(1000, 1500)).toBe(0.667);
    expect(lcpRatio(1652, 1500)).toBe(1.101);
    // No yardstick, no verdict: a bare page that never painted must not make every ratio infinite or zero.
    expect(() => lcpRatio(1000, 0)).toThrow(/positive time/);
    expect(() => lcpRatio(1000, Number.NaN)).toThrow(/positive time/);
  });

  it("compares a page's longest task with the bare page's main-thread work as a ratio, to three decimals", () => {
    expect(longestTaskRatio(334, 334)).toBe(1);
    expect(longestTaskRatio(164, 334)).toBe(0.491);
    expect(() => longestTaskRatio(100, 0)).toThrow(/positive time/);
  });

  it("passes a mobile page only with accessibility 100, an LCP within 1.1 times and a longest task within the bare page's whole work", () => {
    const gate = phoneGate(1500, 244);
    expect(judge([phone(244, 100, 1650)], gate)).toEqual({
      performance: 90,
      accessibility: 100,
      lcpMs: 1650,
      lcpRatio: 1.1,
      mainThreadMs: 1000,
      mainThreadRatio: 4.098,
      longestTaskMs: 244,
      longestTaskRatio: 1,
      startScriptBytes: 100_000,
      startScriptRatio: 1.471,
      shortfalls: [],
      passed: true,
    });
    // A task longer than the bare page's whole start fails, whatever the score: the score is not judged.
    expect(judge([{ ...phone(245, 100, 1200), performance: 100 }], gate)).toMatchObject({
      shortfalls: ["longest task after the first paint 245 ms = 1.004 x the bare page's main-thread work 244 ms > 1 x"],
      passed: false,
    });
    expect(judge([{ ...phone(90, 100, 1200), performance: 80 }], gate)).toMatchObject({ performance: 80, passed: true });
    // A largest paint 1.101 times the bare page's still fails: the ratio is a gate of its own.
    expect(judge([phone(90, 100, 1652)], gate)).toMatchObject({
      lcpRatio: 1.101,
      shortfalls: ["LCP 1652 ms = 1.101 x the bare page's 1500 ms > 1.1 x"],
      passed: false,
    });
    expect(judge([phone(90, 96, 1500)], gate)).toMatchObject({ shortfalls: ['accessibility 96 < 100'], passed: false });
    // The median LCP of three runs, not the first, nor the mean: 5000, 1400, 1600 is 1600 ms (mean 2667).
    expect(judge([phone(90, 100, 5000), phone(90, 100, 1400), phone(90, 100, 1600)], gate)).toMatchObject({
      lcpMs: 1600,
      lcpRatio: 1.067,
      passed: true,
    });
    expect(judge([phone(90, 100, 1000), phone(90, 100, 1700), phone(90, 100, 1800)], gate)).toMatchObject({ lcpMs: 1700, passed: false });
  });

  it('passes on a busy machine what it passes on a calm one, and fails a step longer than the bare page altogether', () => {
    // Measured 2026-11-29 (profile ms), /: calm, longest tasks 132, 164 and 192 against the bare page's work of 334.
    expect(judge([phone(132), phone(164), phone(192)], phoneGate(1400, 334))).toMatchObject({ longestTaskRatio: 0.491, passed: true });
    // One core busy: 68, 784 and 128 against the bare page's 455: its work lengthens too.
    expect(judge([phone(68), phone(784), phone(128)], phoneGate(1400, 455))).toMatchObject({ longestTaskRatio: 0.281, passed: true });
    // A step of 400 ms fails against a calm bare page's 334 ms, not against a busy one's 455: a floor, not the aim.
    expect(judge([phone(400), phone(380), phone(420)], phoneGate(1400, 334))).toMatchObject({ longestTaskRatio: 1.198, passed: false });
    expect(judge([phone(400), phone(380), phone(420)], phoneGate(1400, 455))).toMatchObject({ longestTaskRatio: 0.879, passed: true });
  });

  it("fails a mobile page whose reports list no tasks, and one whose work outgrows 12 times the bare page's", () => {
    const unread = { ...phone(100), longestTaskAfterPaintMs: null };
    expect(judge([phone(100), unread, phone(100)], phoneGate())).toMatchObject({
      shortfalls: ['1 of 3 reports listed no main-thread tasks or first paint: no longest task to judge'],
      passed: false,
    });
    const working = (mainThreadMs: number): Run => ({ ...phone(100), mainThreadMs });
    expect(judge([working(2400)], phoneGate(1000, 200))).toMatchObject({ mainThreadRatio: 12, passed: true });
    expect(judge([working(2401)], phoneGate(1000, 200))).toMatchObject({
      shortfalls: ["main-thread work 2401 ms = 12.005 x the bare page's 200 ms > 12 x"],
      passed: false,
    });
  });

  it("judges the scripts a page's start fetched against the bare page's, and fails a report without requests", () => {
    const fetching = (startScriptBytes: number | null): Run => ({ ...phone(100), startScriptBytes });
    // Measured 2026-11-29: 156.3 KiB on /get-started against the bare page's 66.5 KiB.
    expect(judge([fetching(160_051)], phoneGate(1000, 200, 68_068))).toMatchObject({ startScriptRatio: 2.351, passed: true });
    // Before the catalogue and the sign-in forms waited for the visitor: 193.1 KiB.
    expect(judge([fetching(197_734)], phoneGate(1000, 200, 68_068))).toMatchObject({
      shortfalls: ["start scripts 193.1 KiB = 2.905 x the bare page's 66.5 KiB > 2.4 x"],
      passed: false,
    });
    // The median of three, not the largest.
    expect(judge([fetching(200_000), fetching(150_000), fetching(140_000)], phoneGate(1000, 200, 68_068))).toMatchObject({
      startScriptBytes: 150_000,
      passed: true,
    });
    expect(judge([fetching(150_000), fetching(null), fetching(150_000)], phoneGate())).toMatchObject({
      shortfalls: ['1 of 3 reports listed no requests: no start scripts to judge'],
      passed: false,
    });
    expect(startScriptRatio(120 * 1024, 68_068)).toBe(1.805);
    expect(() => startScriptRatio(1, 0)).toThrow(/positive size/);
  });

  it("counts each script of the page's own origin once, compressed, and nothing else", () => {
    const sizes: Record<string, number> = { '/assets/index-a.js': 1000, '/theme-boot.js': 200, '/assets/react-b.js': 60_000 };
    const report = {
      finalDisplayedUrl: 'http://localhost:4175/get-started',
      audits: {
        'network-requests': {
          details: {
            items: [
              { url: 'http://localhost:4175/get-started', resourceType: 'Document' },
              { url: 'http://localhost:4175/theme-boot.js', resourceType: 'Script' },
              { url: 'http://localhost:4175/assets/index-a.js', resourceType: 'Script' },
              { url: 'http://localhost:4175/assets/react-b.js', resourceType: 'Script' },
              // The same file asked for twice (a preload, then the import) is fetched once.
              { url: 'http://localhost:4175/assets/react-b.js', resourceType: 'Script' },
              { url: 'http://localhost:4175/assets/views.css', resourceType: 'Stylesheet' },
              { url: 'https://challenges.cloudflare.com/turnstile/v0/api.js', resourceType: 'Script' },
            ],
          },
        },
      },
    };
    expect(startScriptBytesOf(report, (path: string) => sizes[path])).toBe(61_200);
    expect(startScriptBytesOf({ finalDisplayedUrl: 'http://localhost:4175/', audits: {} }, () => 1)).toBeNull();
  });

  it('measures a mobile page again when its first run paints too late, and judges the median of three', () => {
    // One run within every limit decides.
    expect(measureMobile(1500, phone(90, 100, 1600))).toMatchObject({ runs: [phone(90, 100, 1600)], lcpRatio: 1.067, passed: true });
    // A first run with short tasks that paints late is not enough to pass, nor to fail: two more runs decide.
    expect(measureMobile(1500, phone(60, 100, 2000), phone(60, 100, 1500), phone(60, 100, 1550))).toMatchObject({ lcpMs: 1550, passed: true });
    const late = [phone(60, 100, 2000), phone(60, 100, 1900), phone(60, 100, 1500)];
    expect(measureMobile(1500, ...late, ...late)).toMatchObject({ lcpMs: 1900, passed: false });
    // A start in one task of 400 ms against a bare page's 200 ms of work fails, whatever the paint.
    const oneTaskStart = [phone(420, 100, 1400), phone(380, 100, 1400), phone(400, 100, 1400)];
    expect(measureMobile(1500, ...oneTaskStart, ...oneTaskStart)).toMatchObject({ longestTaskMs: 400, passed: false });
  });

  it('measures the bare page three times and keeps the median LCP and main-thread work, and stops on a run that never painted', () => {
    const runs = [bareRun(1500, 320), bareRun(2400, 300), bareRun(1450, 280)];
    expect(measureBare(runsOf(runs))).toEqual({ runs, lcpMs: 1500, mainThreadMs: 300, startScriptBytes: 100_000 });
    // Three runs even when the first would do: one lucky run must not set the yardstick.
    let asked = 0;
    measureBare((n: number) => {
      asked = n;
      return run(100, 100, 1500);
    });
    expect(asked).toBe(3);
    expect(() => measureBare(runsOf([run(100, 100, 1500), run(0, 0, 0), run(100, 100, 1450)]))).toThrow(
      /bare page's run 2 recorded no largest contentful paint/,
    );
  });

  it('judges a report only by the profile it was made with', () => {
    expect(PROFILES.mobile).toEqual({
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      rttMs: 150,
      throughputKbps: 1638.4,
      cpuSlowdownMultiplier: 4,
    });
    expect(profileProblems({ configSettings: mobileSettings }, 'mobile')).toEqual([]);
    expect(profileProblems({ configSettings: desktopSettings }, 'desktop')).toEqual([]);
    // The desktop preset's report is no phone's: no 4x CPU, no slow 4G.
    expect(profileProblems({ configSettings: desktopSettings }, 'mobile')).toEqual([
      'formFactor was "desktop", not "mobile"',
      'rttMs was 40, not 150',
      'throughputKbps was 10240, not 1638.4',
      'cpuSlowdownMultiplier was 1, not 4',
    ]);
    // Applied throttling (devtools) is another measurement than the simulated one the gate is set for.
    expect(profileProblems({ configSettings: { ...mobileSettings, throttlingMethod: 'devtools' } }, 'mobile')).toEqual([
      'throttlingMethod was "devtools", not "simulate"',
    ]);
    expect(profileProblems({ configSettings: mobileSettings }, 'desktop')).toEqual(['formFactor was "mobile", not "desktop"']);
    expect(() => assertProfile({ configSettings: mobileSettings }, 'mobile', 'landing-mobile-1.json')).not.toThrow();
    expect(() => assertProfile({}, 'mobile', 'landing-mobile-1.json')).toThrow(
      /landing-mobile-1\.json: not measured with the mobile profile: formFactor was undefined/,
    );
  });
});

describe("the dashboard's gate on the desktop preset", () => {
  const gate = gateOf('desktop', { lcpMs: 400, mainThreadMs: 150 });

  it("compares the dashboard's main-thread work with the bare page's, as a ratio to three decimals", () => {
    expect(mainThreadRatio(900, 150)).toBe(6);
    expect(mainThreadRatio(1000, 300)).toBe(3.333);
    expect(() => mainThreadRatio(900, 0)).toThrow(/positive time/);
  });

  it('passes on a busy machine what it passes on a calm one: both sides of the ratio slow down together', () => {
    const calm = judge([desk(150 * 12, 0, 98)], gate);
    // Twice as slow: the dashboard's score fell to 62, the bare page's work doubled with its own.
    const busy = judge([desk(300 * 12, 0, 62)], gateOf('desktop', { lcpMs: 400, mainThreadMs: 300 }));
    expect(calm).toMatchObject({ mainThreadRatio: 12, passed: true });
    expect(busy).toMatchObject({ mainThreadRatio: 12, performance: 62, passed: true });
  });

  it('fails a dashboard whose code costs more than the limit, or that shifts its layout, or is not accessible', () => {
    expect(judge([desk(150 * 30)], gate)).toMatchObject({ passed: true });
    expect(judge([desk(150 * 30 + 3)], gate)).toMatchObject({
      shortfalls: ["main-thread work 4503 ms = 30.02 x the bare page's 150 ms > 30 x"],
      passed: false,
    });
    expect(judge([desk(300, 0.25)], gate)).toMatchObject({ cls: 0.25, shortfalls: ['CLS 0.25 > 0.1'], passed: false });
    expect(judge([run(100, 96, 1000, 300)], gate)).toMatchObject({ shortfalls: ['accessibility 96 < 100'], passed: false });
    // On the median of three: one run that met a slow moment does not fail the page.
    expect(measure(runsOf([desk(150 * 60), desk(3000), desk(3100)]), gate)).toMatchObject({ mainThreadMs: 3100, passed: true });
  });

  it("measures the bare page's main-thread work too, and stops on a run that recorded none", () => {
    expect(measureBare(runsOf([run(100, 100, 400, 160), run(100, 100, 420, 150), run(100, 100, 390, 900)]))).toMatchObject({
      lcpMs: 400,
      mainThreadMs: 160,
    });
    expect(() => measureBare(runsOf([run(100, 100, 400, 160), run(100, 100, 420, 0), run(100, 100, 390, 150)]))).toThrow(
      /bare page's run 2 recorded no main-thread work/,
    );
  });
});
