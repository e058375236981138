#!/usr/bin/env node
// npm run lighthouse — Lighthouse on the built app (demo mode): the public pages as a phone gets them, beside a bare
// Vite + React page built and measured in the same run, and the dashboard signed in on the desktop preset.
//
//   node scripts/lighthouse.mjs [--dist DIR] [--port N] [--bare-port N] [--out DIR]
//
// Why this runner and not Lighthouse CI (@lhci/cli 0.15.1): lhci pins its own Lighthouse (12.6.1, installed twice
// under it: 296 more packages in our lockfile, 165 MB installed on its own) instead of the project's 13.5.0 that the
// dashboard's custom audit is written for. Its assertions are absolute values per URL over a fixed number of runs,
// and its median averages the two middle runs of an even count: it cannot judge one page's largest paint against
// another page measured in the same run, nor stop at one run that passes. Its one start-server command serves one
// origin, and the signed-in profile still needs Playwright, so it would replace little of this file.
//
// Public pages, mobile: `/`, `/get-started` and `/playground/flux` with Lighthouse's default settings (a phone,
// simulated slow 4G, 4x CPU slowdown), as an anonymous first visit (a fresh profile, storage reset). A page passes
// with accessibility 100, a largest contentful paint (LCP) at most 1.1 times that of the bare page, and a longest
// task from its first paint on no longer than the bare page's whole main-thread work (MOBILE_GATE says why these and
// not the performance score, which is printed): the bare page is Vite's react-ts template in scripts/lighthouse-bare/
// (a heading, a paragraph, a counter; the repository's React; no images, no web fonts), built into a temporary
// directory and served by `vite preview` on its own port in the same run, under the same profile, measured three
// times (its medians are the yardsticks). Ratios, not times or scores: a busy or slow machine slows both pages. The
// public pages are no longer measured with the desktop preset: the mobile runs load the same pages over a slower
// network on a 4x slower CPU, so what would fail on a desk fails there first, and the browser tests check their
// desktop layout with axe.
//
// The dashboard, desktop: as its user sees it, signed in, with data. Before measuring it, the script prepares a
// Chromium profile (playwright-core): it signs up through the UI as the browser tests do, fills 90 days of sample
// usage from the demo controls and checks that the overview shows; Lighthouse then opens /dashboard in that profile
// (`--user-data-dir`, `--disable-storage-reset`), so the session cookie and the demo database are kept. The
// profile's HTTP cache is emptied before every run, so the dashboard is measured with a cold cache like the other
// pages (its demo service worker is installed, as it is for a returning user). A custom audit
// (`signed-in-dashboard`, in each dashboard report) records what the page showed once loaded: the heading
// "Overview", the usage chart, the account menu and no open dialog. If it did not, the script stops at once: a
// score of the login modal over an empty frame is not a score of the dashboard. It is judged beside the bare page
// measured three times with the desktop preset right before it (DESKTOP_GATE says why and how): main-thread work
// at most 30 times the bare page's, CLS at most 0.1, accessibility 100. Its performance score is printed, not
// judged: a busy machine alone took it from 98 to 62.
//
// The verdict per page, on the median of an odd number of runs, never an average: one run that meets every
// threshold passes the page. Not the median of three always: what a busy machine adds to a run is time, so it
// lowers a score and raises a ratio's page side but never makes a slow page fast; a run that passes shows the
// page can, and a page that cannot fails its three runs. Three runs of every page would add a minute. A first run under a threshold is followed by two more, and the page is judged
// on the median of the three, per category and for the LCP: one noisy run on a busy machine does not fail CI, but
// a page passes only if two runs out of three meet the threshold (90, 100, 100 passes; 90, 100, 94 does not).
// Three that fail are followed by three more, which decide alone (measure(), below, says why).
// Every report is checked to have been made with the profile it is judged by. A run Lighthouse fails to record or
// reports as invalid (invalidRunReason: NO_NAVSTART and other runtime errors, a page that did not load, timed out,
// was redirected or interrupted, no performance score) is started again, up to three attempts. Reports go to
// reports/lighthouse/ (or --out), one file per run, and summary.json (the bare page's runs and medians on each
// profile, and each page's verdict with its ratios).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BARE_ROOT, CHROME_ARGS, CHROME_PATH, ROOT, buildBare, median, startPreview } from './performance-common.mjs';

export { median };

const LIGHTHOUSE_CLI = join(ROOT, 'node_modules', 'lighthouse', 'cli', 'index.js');
/**
 * The two categories judged, and nothing gathered that no score or gate reads, which made each run take 12 s where
 * Lighthouse's own timing counted 6 (measured 2026-11-27, alternating, five runs each: 12.0 to 12.3 s against 7.8 to
 * 8.2 s, the scores alike). Left out: the screenshot of the whole page (the report's pictures of elements, 1.1 s);
 * the back/forward cache check, which leaves the page and comes back (0.3 s); and the image-size diagnostic
 * (unsized-images), whose gatherer starts a 5 s budget timer it never clears, so that the CLI process stays up for
 * it some 4 s after writing its report. The three are diagnostics of weight 0 in the performance score.
 */
const SCORE_ONLY_FLAGS = ['--only-categories=performance,accessibility', '--disable-full-page-screenshot', '--skip-audits=bf-cache,unsized-images'];
/** A run takes 7 to 30 s; one that hangs (a Chrome that never answers) is stopped here and counts as a failed attempt. */
const RUN_TIMEOUT_MS = 120_000;
/** In this order: the mobile pages first, right after the bare page they are compared with. */
const PAGES = [
  { name: 'landing-mobile', path: '/', view: 'anonymous', profile: 'mobile' },
  { name: 'get-started-mobile', path: '/get-started', view: 'anonymous', profile: 'mobile' },
  { name: 'playground-mobile', path: '/playground/flux', view: 'anonymous', profile: 'mobile' },
  { name: 'dashboard', path: '/dashboard', view: 'signed in, 90 days of usage', profile: 'desktop' },
];
/** The desktop preset's thresholds (the dashboard): no score, see DESKTOP_GATE. */
export const THRESHOLDS = { accessibility: 100 };
/**
 * The dashboard's gate beside the bare page measured three times with the desktop preset right before it. Its
 * score is 98 on a calm machine and fell to 77, 86 and 94 on a busy one (62, 68 in single runs at a load of 14 to
 * 18 on two cores): Lighthouse's simulation takes the CPU time of the page's tasks as the host measured them, so
 * load alone lengthens its blocking time and its paints. Calibrating Lighthouse's CPU multiplier by its benchmark
 * index, measured on the bare page in the same run, did not take that back (86 at a load of 14): the short
 * benchmark does not see the contention a second of script meets. What does hold is CPU time against CPU time:
 * the dashboard's main-thread work (Lighthouse's mainthread-work-breakdown: script, style, layout, paint) over the
 * bare page's, medians of three, both measured on the same host minutes apart. Measured on today's build
 * (2026-11-27, two runs at a load of 14 to 18): 11.6 (1931 / 167 ms) and 20.4 (2896 / 142 ms). So at most 30: a
 * dashboard whose start costs half as much CPU again as the worst measured today fails, load alone does not.
 * Its layout shift (not a time) stays at most Lighthouse's "good" 0.1, and its accessibility at 100.
 */
export const DESKTOP_GATE = { maxMainThreadRatio: 30, maxCls: 0.1 };
/**
 * Lighthouse's default profile, a phone: what a first visitor of a public page gets. Its accessibility is judged as
 * a number (load does not change it); its speed only against the bare page measured in the same run (MOBILE_GATE).
 */
export const MOBILE_THRESHOLDS = { accessibility: 100 };
/** A public page's median LCP on mobile may be at most this many times the bare page's median LCP. */
export const MAX_LCP_RATIO = 1.1;
/**
 * How fast a public page answers on a phone, judged as ratios to the bare page measured in the same run, never as
 * Lighthouse's performance score. The score is printed: 93 to 100 on an idle machine here, and on the clean-clone CI of
 * 2026-11-29 /get-started scored 85, 95, 95 then 93, 85, 92 while the bare page measured that minute was as fast as on
 * a calm one (its main-thread work 353 ms, 361 ms calm): the difference was Total Blocking Time alone (350 ms against
 * 107), whose few tasks over 50 ms a busy host lengthens. With one core of this 2-core machine kept busy, the same
 * build scored 94, 82, 95 on /get-started and 100, 80, 99 on /.
 *
 * - Largest paint: at most MAX_LCP_RATIO times the bare page's (medians).
 * - Longest task: the page's longest main-thread task from its first paint on (what keeps a visitor's tap waiting;
 *   the tasks before it parse and lay out the prerendered markup, which the largest paint answers for) at most
 *   `maxLongestTaskRatio` times the bare page's whole main-thread work (its entire start, every task summed): no
 *   single step of the start may cost more than a bare React page costs altogether. Read from Lighthouse's
 *   main-thread-tasks as the host ran them (tasks over 5 ms), times the profile's CPU slowdown as Lighthouse's own
 *   mainthread-work-breakdown counts it. A sum, not the bare page's own longest task, as the yardstick: that one task
 *   (10 to 22 ms on this host) halved or doubled from run to run, while the sum moves less. Measured 2026-11-29
 *   (medians of three, page's longest task / bare page's work, profile ms): calm, 80 / 334, 164 / 334 and 96 / 334
 *   (0.24, 0.49 and 0.29 on /get-started, / and /playground/flux); one core busy, 112 / 455, 128 / 455, 112 / 455
 *   (0.25 to 0.28); clean-clone CI runs 0.41 to 0.66, with one trio of / at 1.15 (its next trio passed). So at most 1.
 *   It is a floor, not the aim: the start's steps after the paint take 250 to 450 ms together, about the bare page's
 *   whole work, so a start that ran them as one task again would fail only some runs. The aim is tasks no longer
 *   than the bare page's own longest, which today's start does not reach.
 * - Main-thread work: all of it, at most `maxMainThreadRatio` times the bare page's (medians), CPU time against CPU
 *   time as on the desktop preset: what the longest task does not see, a start that grows in many steps. Measured
 *   2026-11-29: 4.4 to 8.4 on calm runs, up to 10.9 on a clean-clone CI run whose bare page ran faster than on a calm
 *   machine (2032 to 2767 / 253 ms). So at most 12: a start that costs half as much again as today's worst fails.
 *
 * - The start's scripts: every script of the page's own origin that the run fetched (nobody acts in it, so this is
 *   what the start fetches by itself), compressed as check:size compresses them, at most `maxStartScriptRatio` times
 *   the bare page's (React and React DOM, 66.5 KiB). Bytes do not depend on load: the ratio follows what the app
 *   adds to React. Measured 2026-11-29: 152 KiB on /, 156 KiB on /get-started and /playground/flux (2.29 to 2.35;
 *   188 to 193 KiB before the catalogue, the sign-in forms and the demo panel waited for the visitor). So at most
 *   2.4, a ratchet; the aim is TARGET_START_SCRIPT_RATIO.
 *
 * A report whose task list, first paint or requests are missing is not judged as a page without long tasks or
 * scripts: it fails.
 */
export const MOBILE_GATE = { maxLcpRatio: MAX_LCP_RATIO, maxLongestTaskRatio: 1, maxMainThreadRatio: 12, maxStartScriptRatio: 2.4 };
/**
 * The start's scripts these pages aim for, as a ratio to the bare page's: 120 KiB, half of what the start fetched
 * before 2026-11-29. Printed beside the gate, not judged: today's start does not reach it.
 */
export const TARGET_START_SCRIPT_RATIO = 1.8;
/**
 * The score these pages aim for on a calm machine, named in the printed verdict, never judged: measured 93 to 100 on
 * an idle 2-core machine (2026-11-29), so the start's work still has to earn it.
 */
export const TARGET_MOBILE_PERFORMANCE = 98;
/** Runs of a page whose first run falls short: the median of this many decides. Odd, so a median is a run. */
export const RUNS_WHEN_SHORT = 3;
/** Runs of the bare page per profile, always: its medians are the yardsticks, so one lucky or unlucky run must not set them. */
export const BARE_RUNS = 3;
/**
 * What each profile must have been measured with. Mobile is Lighthouse's default (a phone, simulated slow 4G:
 * 150 ms round trip, 1.6 Mbit/s; 4x CPU slowdown), which a report made with another config would not show.
 */
export const PROFILES = {
  mobile: { formFactor: 'mobile', throttlingMethod: 'simulate', rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
  desktop: { formFactor: 'desktop' },
};
const CHROME_FLAGS = ['--headless=new', ...CHROME_ARGS].join(' ');
/** The custom audit that records what the dashboard showed (see signedInDashboardConfig). */
export const SIGNED_IN_AUDIT = 'signed-in-dashboard';

function parseArgs(argv) {
  const options = { dist: join(ROOT, 'dist'), port: 4175, barePort: undefined, out: join(ROOT, 'reports', 'lighthouse') };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--dist') options.dist = resolve(argv[++i] ?? '');
    else if (argv[i] === '--port') options.port = Number(argv[++i]);
    else if (argv[i] === '--bare-port') options.barePort = Number(argv[++i]);
    else if (argv[i] === '--out') options.out = resolve(argv[++i] ?? '');
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  return { ...options, barePort: options.barePort ?? options.port + 1 };
}

/**
 * The longest task on the page's main thread from its first contentful paint on (as the host saw it), in the
 * profile's milliseconds: Lighthouse's main-thread-tasks lists every top-level task over 5 ms as the host ran it, and
 * under simulated throttling its mainthread-work-breakdown counts them times the CPU slowdown, as this does. A tap
 * that comes during one waits for its end. null when the report has no task list or no first paint: nothing says
 * the page had no long task.
 */
export function longestTaskAfterPaintOf(report) {
  const firstPaint = report.audits?.metrics?.details?.items?.[0]?.observedFirstContentfulPaint;
  const items = report.audits?.['main-thread-tasks']?.details?.items;
  if (typeof firstPaint !== 'number' || !Array.isArray(items) || items.length === 0) return null;
  const simulated = report.configSettings?.throttlingMethod === 'simulate';
  const slowdown = simulated ? (report.configSettings?.throttling?.cpuSlowdownMultiplier ?? 1) : 1;
  const durations = items
    .filter((item) => Number(item?.startTime) >= firstPaint)
    .map((item) => Number(item?.duration))
    .filter((duration) => Number.isFinite(duration));
  return Math.round(Math.max(0, ...durations) * slowdown);
}

/**
 * The compressed size of each script the report's page fetched from its own origin, summed: `compressedSizeOf(path)`
 * gives a file's. null when the report lists no requests: nothing says the page fetched no script.
 */
export function startScriptBytesOf(report, compressedSizeOf) {
  const items = report.audits?.['network-requests']?.details?.items;
  const pageUrl = report.finalDisplayedUrl ?? report.requestedUrl;
  if (!Array.isArray(items) || items.length === 0 || typeof pageUrl !== 'string') return null;
  const origin = new URL(pageUrl).origin;
  const scripts = new Set();
  for (const item of items) {
    if (item?.resourceType !== 'Script' || typeof item.url !== 'string') continue;
    const url = new URL(item.url);
    if (url.origin === origin) scripts.add(url.pathname);
  }
  let total = 0;
  for (const path of scripts) total += compressedSizeOf(path);
  return total;
}

/** A file of the build at `dist` by its path on the server, gzipped as scripts/check-size.mjs does; remembered. */
export function compressedSizes(dist) {
  const sizes = new Map();
  return (path) => {
    if (!sizes.has(path)) sizes.set(path, gzipSync(readFileSync(join(dist, decodeURIComponent(path)))).length);
    return sizes.get(path);
  };
}

/** The scores of one report, as whole numbers. */
export function scoresOf(report) {
  const score = (category) => Math.round((report.categories?.[category]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: Math.round(report.audits?.['largest-contentful-paint']?.numericValue ?? 0),
    tbtMs: Math.round(report.audits?.['total-blocking-time']?.numericValue ?? 0),
    mainThreadMs: Math.round(report.audits?.['mainthread-work-breakdown']?.numericValue ?? 0),
    longestTaskAfterPaintMs: longestTaskAfterPaintOf(report),
    cls: Math.round((report.audits?.['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
  };
}

/**
 * The run warnings by which Lighthouse says the page it measured is not the page asked for: it did not load
 * (an error status), it was redirected, it timed out before it finished loading, or another navigation
 * interrupted it. Such a report's numbers measure something else.
 */
const INVALID_RUN_WARNINGS = [
  /unable to reliably load the page/i,
  /not be loading as expected/i,
  /loaded too slowly to finish within the time limit/i,
  /navigation (was )?detected|interrupted/i,
];

/**
 * Why a Lighthouse report cannot be judged, or null if it can: a runtime error (NO_NAVSTART, NO_FCP, a page that
 * failed to load...), a run warning that the page did not load as asked (INVALID_RUN_WARNINGS), or no
 * performance score (a metric Lighthouse could not compute). Such a run is measured again, never judged.
 */
export function invalidRunReason(report) {
  if (report.runtimeError?.code) return `Lighthouse's runtime error ${report.runtimeError.code}: ${report.runtimeError.message ?? ''}`.trim();
  const warning = (report.runWarnings ?? []).find((text) => INVALID_RUN_WARNINGS.some((pattern) => pattern.test(String(text))));
  if (warning) return `Lighthouse warned: ${warning}`;
  if (report.categories?.performance?.score === null || report.categories?.performance?.score === undefined)
    return 'the report has no performance score (a metric could not be computed)';
  return null;
}

/** A page's LCP over the bare page's, to three decimals: the number printed is the number judged. */
export function lcpRatio(lcpMs, bareLcpMs) {
  if (!(bareLcpMs > 0)) throw new Error(`The bare page's LCP must be a positive time, got ${bareLcpMs}`);
  return Math.round((lcpMs / bareLcpMs) * 1000) / 1000;
}

/** A page's longest task over the bare page's main-thread work, to three decimals. */
export function longestTaskRatio(longestTaskMs, bareMainThreadMs) {
  if (!(bareMainThreadMs > 0)) throw new Error(`The bare page's main-thread work must be a positive time, got ${bareMainThreadMs}`);
  return Math.round((longestTaskMs / bareMainThreadMs) * 1000) / 1000;
}

/** A page's start scripts over the bare page's, to three decimals. */
export function startScriptRatio(bytes, bareBytes) {
  if (!(bareBytes > 0)) throw new Error(`The bare page's scripts must have a positive size, got ${bareBytes}`);
  return Math.round((bytes / bareBytes) * 1000) / 1000;
}

/** A page's main-thread work over the bare page's, to three decimals. */
export function mainThreadRatio(mainThreadMs, bareMainThreadMs) {
  if (!(bareMainThreadMs > 0)) throw new Error(`The bare page's main-thread work must be a positive time, got ${bareMainThreadMs}`);
  return Math.round((mainThreadMs / bareMainThreadMs) * 1000) / 1000;
}

/**
 * The gate of a page. `bare`: the bare page's medians on the page's profile. On mobile: accessibility and the bare
 * page's LCP and main-thread work (MOBILE_GATE); on the desktop preset: accessibility, CLS and the bare page's
 * main-thread work (DESKTOP_GATE).
 */
export function gateOf(profile, bare) {
  if (profile === 'desktop')
    return { ...THRESHOLDS, maxCls: DESKTOP_GATE.maxCls, bareMainThreadMs: bare.mainThreadMs, maxMainThreadRatio: DESKTOP_GATE.maxMainThreadRatio };
  if (profile === 'mobile')
    return {
      ...MOBILE_THRESHOLDS,
      bareLcpMs: bare.lcpMs,
      maxLcpRatio: MOBILE_GATE.maxLcpRatio,
      bareMainThreadMs: bare.mainThreadMs,
      maxLongestTaskRatio: MOBILE_GATE.maxLongestTaskRatio,
      maxMainThreadRatio: MOBILE_GATE.maxMainThreadRatio,
      bareStartScriptBytes: bare.startScriptBytes,
      maxStartScriptRatio: MOBILE_GATE.maxStartScriptRatio,
    };
  throw new Error(`No gate for the profile "${profile}"`);
}

/**
 * Whether a page's runs (one, or three) pass the gate (THRESHOLDS unless given): the median of each category
 * meets its threshold and, where the gate has the bare page's LCP or main-thread work, the page's median LCP,
 * main-thread work or longest task is within its ratio of it. `shortfalls` says what fell short, in words.
 */
export function judge(runs, gate = THRESHOLDS) {
  if (runs.length !== 1 && runs.length !== RUNS_WHEN_SHORT) throw new Error(`A page is judged on 1 or ${RUNS_WHEN_SHORT} runs, not ${runs.length}`);
  const performance = median(runs.map((run) => run.performance));
  const accessibility = median(runs.map((run) => run.accessibility));
  const lcpMs = median(runs.map((run) => run.lcpMs));
  const shortfalls = [];
  if (accessibility < gate.accessibility) shortfalls.push(`accessibility ${accessibility} < ${gate.accessibility}`);
  const verdict = { performance, accessibility, lcpMs };
  if (gate.maxCls !== undefined) {
    verdict.cls = median(runs.map((run) => run.cls ?? 0));
    if (verdict.cls > gate.maxCls) shortfalls.push(`CLS ${verdict.cls} > ${gate.maxCls}`);
  }
  if (gate.bareMainThreadMs !== undefined) {
    verdict.mainThreadMs = median(runs.map((run) => run.mainThreadMs ?? 0));
    verdict.mainThreadRatio = mainThreadRatio(verdict.mainThreadMs, gate.bareMainThreadMs);
    if (verdict.mainThreadRatio > gate.maxMainThreadRatio)
      shortfalls.push(
        `main-thread work ${verdict.mainThreadMs} ms = ${verdict.mainThreadRatio} x the bare page's ${gate.bareMainThreadMs} ms > ${gate.maxMainThreadRatio} x`,
      );
  }
  if (gate.maxLongestTaskRatio !== undefined) {
    const unread = runs.filter((run) => typeof run.longestTaskAfterPaintMs !== 'number').length;
    if (unread) shortfalls.push(`${unread} of ${runs.length} reports listed no main-thread tasks or first paint: no longest task to judge`);
    else {
      verdict.longestTaskMs = median(runs.map((run) => run.longestTaskAfterPaintMs));
      verdict.longestTaskRatio = longestTaskRatio(verdict.longestTaskMs, gate.bareMainThreadMs);
      if (verdict.longestTaskRatio > gate.maxLongestTaskRatio)
        shortfalls.push(
          `longest task after the first paint ${verdict.longestTaskMs} ms = ${verdict.longestTaskRatio} x the bare page's main-thread work ${gate.bareMainThreadMs} ms > ${gate.maxLongestTaskRatio} x`,
        );
    }
  }
  if (gate.maxStartScriptRatio !== undefined) {
    const unread = runs.filter((run) => typeof run.startScriptBytes !== 'number').length;
    if (unread) shortfalls.push(`${unread} of ${runs.length} reports listed no requests: no start scripts to judge`);
    else {
      verdict.startScriptBytes = median(runs.map((run) => run.startScriptBytes));
      verdict.startScriptRatio = startScriptRatio(verdict.startScriptBytes, gate.bareStartScriptBytes);
      if (verdict.startScriptRatio > gate.maxStartScriptRatio)
        shortfalls.push(
          `start scripts ${kib(verdict.startScriptBytes)} = ${verdict.startScriptRatio} x the bare page's ${kib(gate.bareStartScriptBytes)} > ${gate.maxStartScriptRatio} x`,
        );
    }
  }
  if (gate.bareLcpMs !== undefined) {
    verdict.lcpRatio = lcpRatio(lcpMs, gate.bareLcpMs);
    if (verdict.lcpRatio > gate.maxLcpRatio)
      shortfalls.push(`LCP ${lcpMs} ms = ${verdict.lcpRatio} x the bare page's ${gate.bareLcpMs} ms > ${gate.maxLcpRatio} x`);
  }
  return { ...verdict, shortfalls, passed: shortfalls.length === 0 };
}

function kib(bytes) {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * Measures one page: `runOnce(n)` runs Lighthouse for the n-th time (from 1) and returns its scores. One run
 * that passes the gate decides; otherwise two more, and the median of the three. Three that fail are followed by
 * three more, which decide alone (`earlierRuns` keeps the first three): a busy minute on the machine can sink three
 * runs in a row (the clean-clone CI of 2026-11-27 measured /get-started at 97, 95 and 94, its script taking 40 to 90 %
 * longer than in runs before and after, and 100 in each of those), while a page that cannot meet the gate fails
 * both trios.
 */
export function measure(runOnce, gate = THRESHOLDS) {
  const runs = [runOnce(1)];
  if (!judge(runs, gate).passed) while (runs.length < RUNS_WHEN_SHORT) runs.push(runOnce(runs.length + 1));
  const first = { runs, ...judge(runs, gate) };
  if (first.passed || runs.length < RUNS_WHEN_SHORT) return first;
  const again = [];
  while (again.length < RUNS_WHEN_SHORT) again.push(runOnce(runs.length + again.length + 1));
  return { runs: again, earlierRuns: runs, ...judge(again, gate) };
}

/**
 * Measures the bare page: always BARE_RUNS runs, and their median LCP and main-thread work. A run with no largest
 * paint or no main-thread work stops the gate.
 */
export function measureBare(runOnce) {
  const runs = [];
  while (runs.length < BARE_RUNS) runs.push(runOnce(runs.length + 1));
  const unpainted = runs.findIndex((run) => !(run.lcpMs > 0));
  if (unpainted >= 0)
    throw new Error(`The bare page's run ${unpainted + 1} recorded no largest contentful paint, so there is nothing to compare the pages with.`);
  const idle = runs.findIndex((run) => !(run.mainThreadMs > 0));
  if (idle >= 0) throw new Error(`The bare page's run ${idle + 1} recorded no main-thread work, so there is nothing to compare the pages with.`);
  const scriptless = runs.findIndex((run) => !(run.startScriptBytes > 0));
  if (scriptless >= 0) throw new Error(`The bare page's run ${scriptless + 1} recorded no script, so there is nothing to compare the pages with.`);
  return {
    runs,
    lcpMs: median(runs.map((run) => run.lcpMs)),
    mainThreadMs: median(runs.map((run) => run.mainThreadMs)),
    startScriptBytes: median(runs.map((run) => run.startScriptBytes)),
  };
}

/** What in a report's settings differs from the profile it is judged by (PROFILES), each as a sentence. */
export function profileProblems(report, profile) {
  const expected = PROFILES[profile];
  if (!expected) throw new Error(`No profile "${profile}"`);
  const settings = report.configSettings ?? {};
  const seen = { formFactor: settings.formFactor, throttlingMethod: settings.throttlingMethod, ...settings.throttling };
  return Object.entries(expected)
    .filter(([key, value]) => seen[key] !== value)
    .map(([key, value]) => `${key} was ${JSON.stringify(seen[key])}, not ${JSON.stringify(value)}`);
}

/** Throws unless a report was made with the profile it is judged by. */
export function assertProfile(report, profile, where) {
  const problems = profileProblems(report, profile);
  if (problems.length) throw new Error(`${where}: not measured with the ${profile} profile: ${problems.join('; ')}.`);
}

// ---------------------------------------------------------------------------------------------------
// The signed-in dashboard: the profile, and the audit that says what was on screen
// ---------------------------------------------------------------------------------------------------

/**
 * What the page shows once loaded, read in the page by the DashboardView gatherer (serialized, so it is
 * self-contained). Waits up to `waitMs` for the overview, after Lighthouse has stopped measuring.
 */
async function readDashboardView(waitMs) {
  const nameOf = (element) => {
    const labelledBy = element.getAttribute('aria-labelledby');
    const label = labelledBy ? document.getElementById(labelledBy)?.textContent : element.getAttribute('aria-label');
    return (label ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 80);
  };
  const read = () => {
    const dialog = document.querySelector('dialog[open]');
    return {
      path: location.pathname,
      heading: document.querySelector('h1')?.textContent?.trim() ?? '',
      usageChart: document.querySelector('canvas[role="img"][aria-label^="Bar chart"]')?.getAttribute('aria-label') ?? '',
      accountMenu: document.querySelector('button[aria-label^="Account menu for "]')?.getAttribute('aria-label') ?? '',
      openDialog: dialog ? nameOf(dialog) || 'a dialog' : '',
    };
  };
  const started = Date.now();
  const deadline = started + waitMs;
  let view = read();
  while ((view.heading !== 'Overview' || !view.usageChart || !view.accountMenu || view.openDialog) && Date.now() < deadline) {
    await new Promise((done) => setTimeout(done, 100));
    view = read();
  }
  // How long after Lighthouse's measurement the page was read (what it shows may still be loading then).
  return { ...view, readAfterMs: Date.now() - started };
}

/** What is wrong with the dashboard a report saw, if anything: each problem as a sentence. */
export function dashboardViewProblems(view) {
  if (!view) return ['nothing was read from the page'];
  const problems = [];
  if (view.path !== '/dashboard') problems.push(`the page ended on ${view.path}, not /dashboard`);
  if (view.heading !== 'Overview') problems.push(`the heading was "${view.heading}", not "Overview"`);
  if (!view.usageChart) problems.push('no usage chart was drawn');
  if (!view.accountMenu) problems.push('no account menu: the visitor was signed out');
  if (view.openDialog) problems.push(`a dialog was open over the page: "${view.openDialog}"`);
  return problems;
}

/** The Lighthouse config of the dashboard runs: the desktop preset, plus the signed-in-dashboard audit. */
export async function signedInDashboardConfig() {
  const { Audit, Gatherer, desktopConfig } = await import('lighthouse');
  class DashboardView extends Gatherer {
    meta = { supportedModes: ['navigation'] };
    getArtifact(context) {
      return context.driver.executionContext.evaluate(readDashboardView, { args: [10_000], useIsolation: true });
    }
  }
  class SignedInDashboard extends Audit {
    static get meta() {
      return {
        id: SIGNED_IN_AUDIT,
        title: 'The dashboard was measured signed in, with its overview and usage chart',
        failureTitle: 'The dashboard was not measured signed in with its overview',
        description:
          'Set by scripts/lighthouse.mjs: the page must show the heading "Overview", the usage chart and the account menu, with no dialog open.',
        scoreDisplayMode: Audit.SCORING_MODES.BINARY,
        requiredArtifacts: ['DashboardView'],
      };
    }
    static audit(artifacts) {
      const view = artifacts.DashboardView;
      const problems = dashboardViewProblems(view);
      const headings = [
        { key: 'what', valueType: 'text', label: 'What' },
        { key: 'seen', valueType: 'text', label: 'Seen' },
      ];
      const rows = Object.entries(view ?? {}).map(([what, seen]) => ({ what, seen: String(seen) }));
      return { score: problems.length ? 0 : 1, explanation: problems.join('; ') || undefined, details: Audit.makeTableDetails(headings, rows) };
    }
  }
  return {
    extends: 'lighthouse:default',
    settings: { ...desktopConfig.settings, onlyCategories: ['performance', 'accessibility'], onlyAudits: [SIGNED_IN_AUDIT] },
    artifacts: [{ id: 'DashboardView', gatherer: { implementation: DashboardView } }],
    audits: [{ implementation: SignedInDashboard }],
  };
}

/** Throws unless a dashboard report shows that the signed-in overview rendered. */
export function assertSignedInDashboard(report, where) {
  const audit = report.audits?.[SIGNED_IN_AUDIT];
  if (!audit) throw new Error(`${where}: the report has no "${SIGNED_IN_AUDIT}" audit, so nothing says the dashboard was signed in.`);
  if (audit.score !== 1) {
    const problems = dashboardViewProblems(
      audit.details?.items ? Object.fromEntries(audit.details.items.map((row) => [row.what, row.seen])) : undefined,
    );
    throw new Error(
      `${where}: the dashboard did not render signed in: ${audit.explanation ?? problems.join('; ')}. Its score would not be the dashboard's.`,
    );
  }
  if (report.configSettings?.formFactor !== 'desktop')
    throw new Error(`${where}: measured as ${report.configSettings?.formFactor}, not with the desktop preset.`);
}

/**
 * A Chromium profile of a signed-in account with 90 days of usage, made through the UI: sign up (as
 * tests/e2e/journeys.ts does), fill the usage from the demo controls, see the overview, close.
 */
async function prepareSignedInProfile(origin, profileDir) {
  const { chromium } = await import('playwright-core');
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROME_PATH,
    headless: true,
    args: CHROME_ARGS,
    viewport: { width: 1350, height: 940 },
  });
  const step = async (what, action) => {
    try {
      await action();
    } catch (error) {
      throw new Error(`Preparing the signed-in dashboard: ${what} failed.\n${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(20_000);
    const email = `lighthouse.${Date.now().toString(36)}@example.com`;
    const dialog = page.getByRole('dialog', { name: 'Create your account' });
    await step('opening the app', async () => {
      await page.goto(`${origin}/`);
      // Once the app has taken over (as the browser tests' openApp): a tap before then opens the build's copy of the
      // dialog, which the app's own then replaces, and this prepares a profile, it does not test that.
      if ((await page.locator('html').getAttribute('data-start')) === 'idle') await page.keyboard.press('Shift');
      await page.locator('html[data-boot="ready"]').waitFor({ state: 'attached' });
      await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
    });
    await step('signing up', async () => {
      await dialog.getByLabel('E-mail', { exact: true }).fill(email);
      await dialog.getByRole('button', { name: 'Send code' }).click();
      const toast = page.getByText(/Demo mailbox: your code is \d{6}/).last();
      const code = /(\d{6})/.exec((await toast.textContent()) ?? '')?.[1] ?? '';
      await dialog.getByLabel('Verification code').fill(code);
      await dialog.getByLabel('Password', { exact: true }).fill('correct-horse-9');
      await dialog.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('button', { name: `Account menu for ${email}` }).waitFor();
    });
    await step('filling 90 days of sample usage', async () => {
      await page.keyboard.press('Alt+Shift+KeyD');
      const controls = page.getByRole('complementary', { name: 'Demo controls' }).or(page.getByRole('region', { name: 'Demo controls' }));
      await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
      await controls.getByText(/^Added \d+ usage records/).waitFor();
    });
    await step('showing the overview with its chart', async () => {
      await page.goto(`${origin}/dashboard`);
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.getByRole('img', { name: /^Bar chart/ }).waitFor();
    });
    return email;
  } finally {
    await context.close();
  }
}

/** Empties a profile's HTTP and code caches (the browser is closed), so each run loads the page cold. */
function emptyCaches(profileDir) {
  for (const cache of ['Cache', 'Code Cache', 'GPUCache']) rmSync(join(profileDir, 'Default', cache), { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------------
// Running Lighthouse
// ---------------------------------------------------------------------------------------------------

/**
 * Lighthouse's own failures to record a page (no report, or a report invalidRunReason refuses: NO_NAVSTART, a page
 * that did not load, no performance score) say "run again": up to this many times.
 */
const MAX_ATTEMPTS = 3;

function runLighthouse(url, outputPath, options) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return runLighthouseOnce(url, outputPath, options);
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS) throw error;
      console.warn(
        `lighthouse: attempt ${attempt} on ${url} did not produce a report; trying again.\n${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

/**
 * One Lighthouse run; returns the report. `signedIn`: the prepared profile and the config with the custom audit.
 * `profile`: 'mobile' is Lighthouse's default config, 'desktop' its desktop preset.
 */
function runLighthouseOnce(url, outputPath, { signedIn, profile = 'desktop' } = {}) {
  const args = signedIn
    ? [`--config-path=${signedIn.configPath}`, `--chrome-flags=${CHROME_FLAGS} --user-data-dir=${signedIn.profileDir}`, '--disable-storage-reset']
    : [...(profile === 'desktop' ? ['--preset=desktop'] : []), `--chrome-flags=${CHROME_FLAGS}`];
  if (signedIn) emptyCaches(signedIn.profileDir);
  // Lighthouse's own CLI, not npx: a stop reaches it. SIGINT, as on Ctrl+C, is what makes it close its Chrome.
  const result = spawnSync(
    process.execPath,
    [LIGHTHOUSE_CLI, url, '--quiet', ...args, ...SCORE_ONLY_FLAGS, '--output=json', `--output-path=${outputPath}`],
    {
      cwd: ROOT,
      env: { ...process.env, CHROME_PATH },
      encoding: 'utf8',
      timeout: RUN_TIMEOUT_MS,
      killSignal: 'SIGINT',
    },
  );
  if (result.error) throw new Error(`Lighthouse did not finish ${url} within ${RUN_TIMEOUT_MS / 1000} s (${result.error.message}).`);
  if (result.status !== 0) throw new Error(`Lighthouse failed on ${url}:\n${result.stderr}`);
  const report = JSON.parse(readFileSync(outputPath, 'utf8'));
  const invalid = invalidRunReason(report);
  if (invalid) throw new Error(`Lighthouse's report of ${url} is not a measurement of the page: ${invalid}`);
  return report;
}

/** A report's scores, after checking it was made with the profile it is judged by. */
function runScores(url, file, { profile, signedIn, compressedSizeOf }) {
  const report = runLighthouse(url, file, { signedIn, profile });
  assertProfile(report, profile, file);
  if (signedIn) assertSignedInDashboard(report, file);
  return { ...scoresOf(report), startScriptBytes: startScriptBytesOf(report, compressedSizeOf) };
}

async function main() {
  const started = Date.now();
  const { dist, port, barePort, out } = parseArgs(process.argv.slice(2));
  mkdirSync(out, { recursive: true });
  const origin = `http://localhost:${port}`;
  const bareOrigin = `http://localhost:${barePort}`;
  const work = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  const servers = [];
  // Stopped from outside (Ctrl+C, a cancelled CI job): the preview servers go too. A signal that comes during a
  // run is handled once that run returns (at most RUN_TIMEOUT_MS).
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      for (const server of servers) server.kill();
      rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  }
  const results = [];
  const bare = {};
  try {
    const bareDist = join(work, 'bare');
    buildBare(bareDist);
    servers.push(await startPreview(bareDist, barePort, { root: BARE_ROOT, flag: '--bare-port' }));
    servers.push(await startPreview(dist, port));
    const appSizes = compressedSizes(dist);
    const bareSizes = compressedSizes(bareDist);
    for (const page of PAGES) {
      // The bare page on each profile, measured right before the first page judged against it.
      if (!bare[page.profile]) {
        bare[page.profile] = measureBare((n) =>
          runScores(`${bareOrigin}/`, join(out, `bare-${page.profile}-${n}.json`), { profile: page.profile, compressedSizeOf: bareSizes }),
        );
        console.log(
          `lighthouse: the bare Vite + React page (${page.profile}, median of ${BARE_RUNS}): largest paint at ${bare[page.profile].lcpMs} ms, main-thread work ${bare[page.profile].mainThreadMs} ms.`,
        );
      }
      const gate = gateOf(page.profile, bare[page.profile]);
      let signedIn;
      if (page.name === 'dashboard') {
        signedIn = { profileDir: join(work, 'profile'), configPath: join(work, 'signed-in.config.mjs') };
        const email = await prepareSignedInProfile(origin, signedIn.profileDir);
        writeFileSync(
          signedIn.configPath,
          `import { signedInDashboardConfig } from ${JSON.stringify(import.meta.url)};\nexport default await signedInDashboardConfig();\n`,
        );
        console.log(`lighthouse: ${page.path} is measured signed in as ${email}, with 90 days of sample usage.`);
      }
      const verdict = measure(
        (n) =>
          runScores(`${origin}${page.path}`, join(out, `${page.name}-${n}.json`), { profile: page.profile, signedIn, compressedSizeOf: appSizes }),
        gate,
      );
      results.push({ ...page, ...verdict });
    }
  } finally {
    for (const server of servers) server.kill();
    rmSync(work, { recursive: true, force: true });
  }

  console.log(
    `\nLighthouse (demo mode), median of 1 or ${RUNS_WHEN_SHORT} runs:` +
      `\n  mobile (default: simulated slow 4G, 4x CPU): accessibility ≥ ${MOBILE_THRESHOLDS.accessibility}, LCP ≤ ${MOBILE_GATE.maxLcpRatio} x the bare page's ${bare.mobile.lcpMs} ms (median of ${BARE_RUNS}: ${bare.mobile.runs.map((run) => run.lcpMs).join(', ')} ms), longest task after the first paint ≤ ${MOBILE_GATE.maxLongestTaskRatio} x and main-thread work ≤ ${MOBILE_GATE.maxMainThreadRatio} x the bare page's main-thread work ${bare.mobile.mainThreadMs} ms (median of ${BARE_RUNS}: ${bare.mobile.runs.map((run) => run.mainThreadMs).join(', ')} ms), start scripts ≤ ${MOBILE_GATE.maxStartScriptRatio} x the bare page's ${kib(bare.mobile.startScriptBytes)} (the aim is ${TARGET_START_SCRIPT_RATIO} x, ${kib(bare.mobile.startScriptBytes * TARGET_START_SCRIPT_RATIO)}); the performance score is printed, not judged (the aim is ${TARGET_MOBILE_PERFORMANCE} on a calm machine)` +
      `\n  desktop preset: accessibility ≥ ${THRESHOLDS.accessibility}, CLS ≤ ${DESKTOP_GATE.maxCls}, main-thread work ≤ ${DESKTOP_GATE.maxMainThreadRatio} x the bare page's ${bare.desktop.mainThreadMs} ms (median of ${BARE_RUNS}: ${bare.desktop.runs.map((run) => run.mainThreadMs).join(', ')} ms)`,
  );
  console.table(
    Object.fromEntries(
      results.map((r) => [
        `${r.path} (${r.profile})`,
        {
          view: r.view,
          performance: r.performance,
          accessibility: r.accessibility,
          runs: [...(r.earlierRuns ? [r.earlierRuns, r.runs] : [r.runs])]
            .map((trio) => trio.map((run) => `${run.performance}/${run.accessibility}`).join(', '))
            .join(' then '),
          'LCP ms': r.lcpMs,
          'LCP / bare': r.lcpRatio ?? '',
          'TBT ms': median(r.runs.map((run) => run.tbtMs)),
          'longest task ms': r.longestTaskMs ?? '',
          'longest / bare work': r.longestTaskRatio ?? '',
          'main thread / bare': r.mainThreadRatio ?? '',
          'start JS KiB': r.startScriptBytes === undefined ? '' : Number((r.startScriptBytes / 1024).toFixed(1)),
          'start JS / bare': r.startScriptRatio ?? '',
          result: r.passed ? 'ok' : 'FAILED',
        },
      ]),
    ),
  );
  const tookS = Math.round((Date.now() - started) / 1000);
  const summary = {
    bare: { page: 'scripts/lighthouse-bare', ...bare },
    mobileGate: MOBILE_GATE,
    desktopGate: DESKTOP_GATE,
    pages: results,
    tookS,
  };
  writeFileSync(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  const failed = results.filter((r) => !r.passed);
  console.log(`lighthouse: took ${tookS} s.`);
  if (failed.length) {
    console.error(
      `lighthouse: FAILED on ${failed.map((r) => `${r.path} (${r.profile}: ${r.shortfalls.join('; ')})`).join(', ')} (reports in ${out})`,
    );
    process.exit(1);
  }
  console.log('lighthouse: every page meets the thresholds.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
