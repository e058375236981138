import { describe, expect, it } from 'vitest';
import {
  BARE_RUNS,
  DESKTOP_GATE,
  MAX_LCP_RATIO,
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
  mainThreadRatio,
  measure,
  measureBare,
  median,
  profileProblems,
  scoresOf,
  // @ts-expect-error -- a plain .mjs script without type declarations
} from '../../../scripts/lighthouse.mjs';

interface Run {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  mainThreadMs: number;
  cls: number;
}
const run = (performance: number, accessibility = 100, lcpMs = 1000, mainThreadMs = 100, cls = 0): Run => ({
  performance,
  accessibility,
  lcpMs,
  tbtMs: 0,
  mainThreadMs,
  cls,
});
/** A desktop run of the dashboard: its main-thread work, layout shift and score. */
const desk = (mainThreadMs: number, cls = 0, performance = 80): Run => run(performance, 100, 1000, mainThreadMs, cls);

interface Verdict {
  runs: Run[];
  earlierRuns?: Run[];
  performance: number;
  accessibility: number;
  lcpMs: number;
  lcpRatio?: number;
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

/** Measures a page whose runs score these, in order, against the mobile thresholds and a bare page that paints at 1000 ms. */
function measureRuns(...scores: Run[]): Verdict {
  return measure(runsOf(scores), gateOf('mobile', { lcpMs: 1000, mainThreadMs: 100 }));
}

/** The same on mobile, against a bare page whose median LCP is `bareLcpMs`. */
function measureMobile(bareLcpMs: number, ...scores: Run[]): Verdict {
  return measure(runsOf(scores), gateOf('mobile', { lcpMs: bareLcpMs, mainThreadMs: 100 }));
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
      categories: { performance: { score: 0.964 }, accessibility: { score: 1 } },
      audits: {
        'largest-contentful-paint': { numericValue: 1151.4 },
        'total-blocking-time': { numericValue: 12.2 },
        'mainthread-work-breakdown': { numericValue: 1027.6 },
        'cumulative-layout-shift': { numericValue: 0.01234 },
      },
    };
    expect(scoresOf(report)).toEqual({ performance: 96, accessibility: 100, lcpMs: 1151, tbtMs: 12, mainThreadMs: 1028, cls: 0.012 });
    expect(scoresOf({})).toEqual({ performance: 0, accessibility: 0, lcpMs: 0, tbtMs: 0, mainThreadMs: 0, cls: 0 });
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
    const gate = gateOf('mobile', { lcpMs: 1000, mainThreadMs: 100 });
    expect(judge([run(98)], gate).passed).toBe(true);
    expect(judge([run(97)], gate).passed).toBe(false);
    expect(judge([run(97), run(99), run(98)], gate)).toEqual({
      performance: 98,
      accessibility: 100,
      lcpMs: 1000,
      lcpRatio: 1,
      shortfalls: [],
      passed: true,
    });
    expect(judge([run(99), run(90), run(91)], gate)).toMatchObject({ performance: 91, passed: false });
    // Accessibility must be perfect.
    expect(judge([run(99, 98)], gate)).toMatchObject({ accessibility: 98, shortfalls: ['accessibility 98 < 100'], passed: false });
  });

  it('measures once when the run passes, else three times and takes the median of the three', () => {
    expect(measureRuns(run(98))).toMatchObject({ runs: [run(98)], performance: 98, passed: true });
    // 90 and 100 averaged to 95 used to pass: now a third run decides.
    expect(measureRuns(run(90), run(100), run(98))).toMatchObject({ performance: 98, passed: true });
    expect(measureRuns(run(90), run(100), run(98)).earlierRuns).toBeUndefined();
  });

  it('measures three more times when three fail, and judges on those alone', () => {
    // A busy minute: three runs sink, three later ones pass.
    const busyMinute = measureRuns(run(97), run(95), run(94), run(100), run(99), run(100));
    expect(busyMinute).toMatchObject({ performance: 100, passed: true, earlierRuns: [run(97), run(95), run(94)] });
    expect(busyMinute.runs).toEqual([run(100), run(99), run(100)]);
    // A page that cannot: both trios fail.
    expect(measureRuns(run(90), run(100), run(97), run(96), run(100), run(97))).toMatchObject({ performance: 97, passed: false });
    // Two out of three must pass in the deciding trio too, even if one run was perfect.
    expect(measureRuns(run(100, 96), run(100, 100), run(100, 98), run(100, 100), run(100, 97), run(100, 98))).toMatchObject({
      accessibility: 98,
      passed: false,
    });
    // Never more than six runs.
    expect(() => measureRuns(run(80), run(81), run(82), run(83), run(84), run(85))).not.toThrow();
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

  it("holds the mobile gate the issue sets: 98, 100, and at most 1.1 times the bare page's LCP over 3 runs of it", () => {
    expect(MOBILE_THRESHOLDS).toEqual({ performance: 98, accessibility: 100 });
    expect(MAX_LCP_RATIO).toBe(1.1);
    expect(BARE_RUNS).toBe(3);
    expect(gateOf('mobile', { lcpMs: 1500, mainThreadMs: 100 })).toEqual({
      performance: 98,
      accessibility: 100,
      bareLcpMs: 1500,
      maxLcpRatio: 1.1,
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

  it("passes a mobile page only with performance 98, accessibility 100 and an LCP within 1.1 times the bare page's", () => {
    const gate = gateOf('mobile', { lcpMs: 1500, mainThreadMs: 100 });
    expect(judge([run(98, 100, 1650)], gate)).toEqual({
      performance: 98,
      accessibility: 100,
      lcpMs: 1650,
      lcpRatio: 1.1,
      shortfalls: [],
      passed: true,
    });
    // 97 passes the desktop preset, not the phone.
    expect(judge([run(97, 100, 1200)], gate)).toMatchObject({ shortfalls: ['performance 97 < 98'], passed: false });
    expect(judge([run(97, 100, 1200)], { ...MOBILE_THRESHOLDS, performance: 95 })).toMatchObject({ passed: true });
    // A perfect score with a largest paint 1.101 times the bare page's still fails: the ratio is a gate of its own.
    expect(judge([run(100, 100, 1652)], gate)).toMatchObject({
      lcpRatio: 1.101,
      shortfalls: ["LCP 1652 ms = 1.101 x the bare page's 1500 ms > 1.1 x"],
      passed: false,
    });
    expect(judge([run(100, 96, 1500)], gate)).toMatchObject({ shortfalls: ['accessibility 96 < 100'], passed: false });
    // The median LCP of three runs, not the first, nor the mean: 5000, 1400, 1600 is 1600 ms (mean 2667).
    expect(judge([run(99, 100, 5000), run(99, 100, 1400), run(99, 100, 1600)], gate)).toMatchObject({ lcpMs: 1600, lcpRatio: 1.067, passed: true });
    expect(judge([run(99, 100, 1000), run(99, 100, 1700), run(99, 100, 1800)], gate)).toMatchObject({ lcpMs: 1700, passed: false });
  });

  it('measures a mobile page again when its first run paints too late, and judges the median of three', () => {
    // One run within every limit decides.
    expect(measureMobile(1500, run(99, 100, 1600))).toMatchObject({ runs: [run(99, 100, 1600)], lcpRatio: 1.067, passed: true });
    // A first run that scores 100 but paints late is not enough to pass, nor to fail: two more runs decide.
    expect(measureMobile(1500, run(100, 100, 2000), run(99, 100, 1500), run(99, 100, 1550))).toMatchObject({ lcpMs: 1550, passed: true });
    const late = [run(100, 100, 2000), run(99, 100, 1900), run(99, 100, 1500)];
    expect(measureMobile(1500, ...late, ...late)).toMatchObject({ lcpMs: 1900, passed: false });
    // Today's pages, before prerendering: 76 on a phone fails whatever the ratio.
    const unprerendered = [run(76, 100, 1400), run(78, 100, 1400), run(75, 100, 1400)];
    expect(measureMobile(1500, ...unprerendered, ...unprerendered)).toMatchObject({ performance: 76, passed: false });
  });

  it('measures the bare page three times and keeps the median LCP, and stops on a run that never painted', () => {
    expect(measureBare(runsOf([run(100, 100, 1500), run(100, 100, 2400), run(100, 100, 1450)]))).toEqual({
      runs: [run(100, 100, 1500), run(100, 100, 2400), run(100, 100, 1450)],
      lcpMs: 1500,
      mainThreadMs: 100,
    });
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
