#!/usr/bin/env node
// npm run first-tap — how soon the built app (demo mode) answers a visitor's first tap and keystroke on a phone,
// beside a bare Vite + React page measured in the same run.
//
//   node scripts/first-tap.mjs [--dist DIR] [--port N] [--bare-port N] [--out DIR] [--runs N] [--bare-only]
//
// --bare-only measures the bare page alone and judges nothing: how BARE_CALM_TAP_MS is measured.
//
// The profile: Lighthouse's mobile one, applied to a real Chromium through the DevTools protocol (not simulated
// afterwards as Lighthouse does): a 412 x 823 touch screen at 1.75 device pixels with Lighthouse's mobile user
// agent, 150 ms of latency, 1.6 Mbit/s down and 750 kbit/s up, the CPU slowed 4 times. Every page load is a new
// browser context (an empty cache, no cookie, no storage: a first visit), in one browser for the whole run.
//
// What is measured, the app and the bare page taking turns: the 8 s tap and the bare page's seven times each (--runs),
// the 1 s tap and the keystroke five times (or --runs, if fewer):
//   - `/`, "Sign in" tapped 8 s after the load event (the visitor read first): the time until the sign-in dialog
//     is painted. Gate: the median is at most 3 times the bare page's (its counter button tapped at rest, until
//     its new text is painted).
//   - `/`, "Sign in" tapped 1 s after the load event, before the app has started: the time until the dialog is
//     painted (the build's copy of it, which the page opens on its own: src/prerender/themeBoot/prerenderedDialog.ts).
//     Gate: the median is at most 3 times the bare page's tap. The run then waits for the app to take over (its
//     `data-boot="ready"`): a dialog that opened while the app never came would be no answer.
//   - `/playground/flux`: once the app has started, the prompt field is tapped and one character typed: the time
//     until the character is painted. Gate: the median is at most 150 ms, scaled.
//   - the bare page (scripts/lighthouse-bare): its counter tapped at rest, 4 s after the load event, as the first
//     input on a freshly loaded page, as the app's "Sign in" is. A second tap on a page already tapped once would
//     be a cheaper yardstick than the app's first: the first input pays for compiling and warming the page's event
//     code. On a calm machine (2026-11-27, medians of 7 to 9 runs) the bare page's first tap was painted after
//     48 to 55 ms, 4 s after load as 8 s after (48 and 54 ms in one run, alternating), and a second tap on the
//     same page after 32 to 34 ms. The bare page does nothing after its load, so waiting the app's 8 s would only
//     lengthen the run.
//
// How "painted" is timed, in the page (installInstruments below): the tap is sent through the DevTools protocol
// stamped with the moment it is sent (tapOn()), and that is its `pointerup` event's timeStamp in the page, however
// late a busy page receives it; a keystroke's is its `keydown`'s, stamped the same way (pressKey()). A MutationObserver (an `input`
// listener for a field) sees the dialog, the counter's text or the character arrive in the DOM; the next animation
// frame then renders it, and a message posted from that frame's requestAnimationFrame callback runs once the frame
// has been painted. From the tap to that moment is what the visitor waits before seeing the answer: the time the
// code takes to load, the page to hydrate, the held click to be replayed and the dialog to render, and the frame.
//
// Scaling the absolute limit: 150 ms holds on the profile of a calm machine, but the profile's CPU is 4
// times the host's, so a machine busy with other work slows every page alike. The bare page's median tap at rest,
// measured in the same run, says by how much: the limit is multiplied by
// max(1, bare median / BARE_CALM_TAP_MS), the bare page's median on a calm machine (below, with its date). A busy
// machine raises the limit with the bare page; a fast one never lowers it. The taps' gates are ratios already and
// are not scaled.
//
// An 8 s tap over its ratio on valid runs is measured again, the bare page's taps with it, and the new set decides
// alone (measureRestTapsAgain): a busy minute can sink one set; an app that cannot meet the ratio fails both.
// A run where a page did not load, the tap came late, or the app did not start (no dialog, no `data-boot="ready"`
// within RUN_TIMEOUT_MS) is invalid: it is reported with its reason and retried, at most MAX_RETRIES times; a
// measurement still invalid then fails the gate, so no run is ever dropped unseen. Prints a table (each median
// and every run) and writes reports/first-tap/summary.json (or --out); exits non-zero naming each gate that failed
// and by how much.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BARE_ROOT, CHROME_ARGS, CHROME_PATH, ROOT, buildBare, median, startPreview } from './performance-common.mjs';

export { median };

/** Lighthouse 13's mobile profile (its core/config/constants.js: screenEmulationMetrics, userAgents, mobileSlow4G). */
export const MOBILE_PROFILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
};
/**
 * The limits. The 8 s tap: at most 3 times the bare page's first tap. Measured 2026-11-27 in medians of five: 2.1
 * to 2.7 times on a calm machine (109 to 128 ms against 47 to 53 ms), 1.1 and 1.7 times with other browser tests
 * running beside it (286 against 255 ms, 329 against 194 ms): the two first taps slow alike. The app as it was
 * before, started by the tap, took over 3 s to the dialog. The 1 s tap: at most 3 times too. Measured 2026-11-29
 * with the dialog's copy: 89 ms against the bare page's 40 (2.2 times; 840 to 1112 ms before, when the dialog
 * waited for the app).
 */
export const GATES = { restTapMaxRatio: 3, earlyTapMaxRatio: 3, keystrokeMaxMs: 150 };
export const REST_TAP_GATE_NAME = '"Sign in" tapped 8 s after load';
/** When the taps come, after the load event. */
export const REST_TAP_AFTER_MS = 8000;
export const EARLY_TAP_AFTER_MS = 1000;
export const BARE_REST_TAP_AFTER_MS = 4000;
/**
 * The bare page's median tap at rest on a calm machine (load average under 1), its first tap on a fresh load,
 * stamped as tapOn sends it. 2026-11-27 on the 2-core machine: medians 49 ms (5 runs), 54 ms (7 runs) and 55 ms (9
 * runs). The highest is taken: a value above the true one only scales the limits less (stricter). Measure it again
 * with `node scripts/first-tap.mjs --bare-only --runs 7` when the machine is at rest.
 */
export const BARE_CALM_TAP_MS = 55;
/**
 * Measurements of each kind; odd, so that the median is a run. Seven, not five: on a calm machine the 8 s tap's
 * ratio measured 2.1 to 2.7 times in medians of five, and seven narrow that spread under the 3 times it is held to.
 */
export const RUNS = 7;
/**
 * Measurements of the 1 s tap and the keystroke, whose medians stay far under their limits (clean-clone runs of
 * 2026-11-27: 740 to 942 ms of 1500, 48 to 55 ms of 150): five, the fewest the gates ask for, which saves some 17 s.
 */
export const WIDE_MARGIN_RUNS = 5;
/** An invalid run is tried again this many times at most. */
export const MAX_RETRIES = 2;
/** A tap the runner sent later than this after its moment measures another moment: the run is invalid. */
export const TAP_LATE_MS = 300;
/** How long a page may take to load, and the answer to a tap or a keystroke to be painted, before the run is invalid. */
export const RUN_TIMEOUT_MS = 30_000;

function parseArgs(argv) {
  const options = { dist: join(ROOT, 'dist'), port: 4179, barePort: undefined, out: join(ROOT, 'reports', 'first-tap'), runs: RUNS, bareOnly: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--dist') options.dist = resolve(argv[++i] ?? '');
    else if (argv[i] === '--port') options.port = Number(argv[++i]);
    else if (argv[i] === '--bare-port') options.barePort = Number(argv[++i]);
    else if (argv[i] === '--out') options.out = resolve(argv[++i] ?? '');
    else if (argv[i] === '--runs') options.runs = Number(argv[++i]);
    else if (argv[i] === '--bare-only') options.bareOnly = true;
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  if (!(options.runs >= 1 && options.runs % 2 === 1)) throw new Error(`--runs must be odd, so that the median is a run; got ${options.runs}`);
  return { ...options, barePort: options.barePort ?? options.port + 1 };
}

// ---------------------------------------------------------------------------------------------------
// The verdict (pure)
// ---------------------------------------------------------------------------------------------------

/** How much slower than a calm machine this run's machine is, by the bare page's tap: never below 1. */
export function loadFactor(bareTapMs, calmTapMs = BARE_CALM_TAP_MS) {
  if (!(calmTapMs > 0)) throw new Error(`The bare page's calm-machine tap must be a positive time, got ${calmTapMs}`);
  if (!(bareTapMs > 0)) throw new Error(`The bare page's tap must be a positive time, got ${bareTapMs}`);
  return Math.max(1, Math.round((bareTapMs / calmTapMs) * 1000) / 1000);
}

/** An absolute limit on the profile, raised by the load factor of the run (see the header). */
export function scaledLimit(limitMs, factor) {
  return Math.round(limitMs * factor);
}

/**
 * Why a run cannot be counted, or null if it can. `run`: `error` (the page did not load, the app did not start
 * or the runner failed), `inputSeen` (the page received the tap or keystroke), `lateMs` (for a tap due at a
 * moment after load: how far from it the page received it) and `answeredMs` (from the input to the paint).
 */
export function runProblem(run) {
  if (run.error) return run.error;
  if (!run.inputSeen) return 'the tap or keystroke never reached the page';
  if (run.lateMs !== undefined && Math.abs(run.lateMs) > TAP_LATE_MS)
    return `the tap came ${run.lateMs} ms off its moment (more than ${TAP_LATE_MS} ms): another moment was measured`;
  if (typeof run.answeredMs !== 'number' || !(run.answeredMs >= 0))
    return `nothing was painted within ${RUN_TIMEOUT_MS / 1000} s of the input: the app did not start`;
  return null;
}

/**
 * Tries `attempt()` until it returns a valid run, at most 1 + MAX_RETRIES times. Returns the valid run (or null)
 * and every invalid one with its reason.
 */
export async function withRetries(attempt, maxRetries = MAX_RETRIES) {
  const invalid = [];
  for (let n = 0; n <= maxRetries; n += 1) {
    const run = await attempt();
    const problem = runProblem(run);
    if (!problem) return { run, invalid };
    invalid.push({ ...run, problem });
  }
  return { run: null, invalid };
}

/**
 * Whether the 8 s tap is measured again, as a new set of pairs (the bare page's tap and the app's, taking turns)
 * that decides alone: when its gate failed on valid runs. A busy minute can sink a set (a clean-clone CI run of
 * 2026-11-27 measured the app's taps at 79 to 182 ms in one set, 137 ms the median against the bare page's 47),
 * while an app that cannot meet the ratio fails both sets. Not when runs stayed invalid: that is a failure already.
 */
export function measureRestTapsAgain(verdict) {
  const restGate = verdict.gates[0];
  return restGate?.name === REST_TAP_GATE_NAME && restGate.ms !== undefined && !restGate.passed;
}

export const EARLY_TAP_GATE_NAME = '"Sign in" tapped 1 s after load';

/**
 * Whether the 1 s tap is measured again, as a new set that decides alone (against the same bare page's taps): when its
 * gate failed on valid runs. Its runs are bimodal: a tap that lands inside one of the start's long tasks waits for
 * its end (clean-clone CI runs of 2026-11-29: 107 to 224 ms in one set, 114 to 355 ms in another, against a bare
 * page's 47 and 60), so one set's median can fall either side; an app that cannot meet the ratio fails both sets.
 */
export function measureEarlyTapsAgain(verdict) {
  const earlyGate = verdict.gates.find((gate) => gate.name === EARLY_TAP_GATE_NAME);
  return earlyGate?.ms !== undefined && !earlyGate.passed;
}

/**
 * The verdict of a run's measurements (each an array of milliseconds, null where a measurement stayed invalid):
 * every gate with its measured median, its limit and whether it passed. A gate with an invalid measurement fails.
 */
export function judgeFirstTap({ bareRest, restTap, earlyTap, keystroke }, calmTapMs = BARE_CALM_TAP_MS) {
  const complete = (values) => values.length > 0 && values.every((value) => value !== null);
  const invalidCount = (values) => values.filter((value) => value === null).length;
  if (!complete(bareRest))
    return {
      factor: null,
      gates: [
        { name: 'bare page', passed: false, shortfall: `${invalidCount(bareRest)} of the bare page's runs stayed invalid: nothing to compare with` },
      ],
      passed: false,
    };
  const bareMs = median(bareRest);
  const factor = loadFactor(bareMs, calmTapMs);
  const gate = (name, values, limitMs, limitText) => {
    if (!complete(values)) return { name, limitMs, passed: false, shortfall: `${invalidCount(values)} of ${values.length} runs stayed invalid` };
    const ms = median(values);
    const passed = ms <= limitMs;
    return { name, ms, limitMs, passed, shortfall: passed ? '' : `${ms} ms > ${limitText} = ${limitMs} ms, by ${ms - limitMs} ms` };
  };
  const restGate = gate(
    REST_TAP_GATE_NAME,
    restTap,
    Math.round(GATES.restTapMaxRatio * bareMs),
    `${GATES.restTapMaxRatio} x the bare page's ${bareMs} ms`,
  );
  const gates = [
    restGate,
    gate(EARLY_TAP_GATE_NAME, earlyTap, Math.round(GATES.earlyTapMaxRatio * bareMs), `${GATES.earlyTapMaxRatio} x the bare page's ${bareMs} ms`),
    gate('first keystroke in the playground', keystroke, scaledLimit(GATES.keystrokeMaxMs, factor), `${GATES.keystrokeMaxMs} ms x ${factor}`),
  ];
  return { bareMs, factor, gates, passed: gates.every((g) => g.passed) };
}

// ---------------------------------------------------------------------------------------------------
// In the page
// ---------------------------------------------------------------------------------------------------

/**
 * Installed before any of the page's scripts (an init script; serialized, so self-contained). `watch`: what a
 * tap or a keystroke waits for: 'dialog' (an open <dialog> with its title), 'counter' (the tapped button's text
 * changes) or 'field' (the focused field's value changes). Reports through the `firstTapReport` binding.
 */
function installInstruments(watch) {
  const report = (what, fields) => window.firstTapReport({ what, ...fields });
  // Once the frame that renders the change has been painted: the message is handled after that frame's
  // rendering, which follows its requestAnimationFrame callbacks.
  const afterNextPaint = (done) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  let waiting = null;
  const check = () => {
    if (!waiting || !waiting.shown()) return;
    const { inputAt, kind } = waiting;
    waiting = null;
    observer.disconnect();
    afterNextPaint((paintedAt) => report('painted', { kind, inputAt, paintedAt }));
  };
  const observer = new MutationObserver(check);
  const waitFor = (kind, inputAt, shown) => {
    waiting = { kind, inputAt, shown };
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    check();
  };
  addEventListener(
    'pointerup',
    (event) => {
      if (!event.isTrusted) return;
      const target = event.target instanceof Element ? event.target : null;
      report('tap', { at: event.timeStamp, on: target ? target.tagName.toLowerCase() + (target.id ? `#${target.id}` : '') : '' });
      if (watch === 'dialog') waitFor('tap', event.timeStamp, () => Boolean(document.querySelector('dialog[open] h2')?.textContent?.trim()));
      if (watch === 'counter') {
        const button = target?.closest('button');
        const before = button?.textContent;
        if (button) waitFor('tap', event.timeStamp, () => button.textContent !== before);
      }
    },
    { capture: true, passive: true },
  );
  addEventListener(
    'keydown',
    (event) => {
      if (!event.isTrusted || watch !== 'field') return;
      const field = event.target;
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
      const before = field.value;
      report('key', { at: event.timeStamp });
      waitFor('key', event.timeStamp, () => field.value !== before);
    },
    { capture: true, passive: true },
  );
  // A cross-check, printed beside each measurement: the browser's own Event Timing of the same input (what
  // Interaction to Next Paint is made of), from the event's timestamp to the presentation of the next frame after
  // its handlers. It sees the bare page's answer, not the app's held click replayed later.
  if (PerformanceObserver.supportedEntryTypes?.includes('event'))
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if (['pointerup', 'click', 'keydown'].includes(entry.name))
          report('event', { name: entry.name, at: entry.startTime, duration: entry.duration });
    }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  // A field's value is no DOM mutation: its input event is when it changed.
  addEventListener('input', check, { capture: true, passive: true });
  // The app writes data-boot="ready" on <html> once its first page is on screen (src/prerender/boot.ts). The
  // document has no <html> yet when this runs: the document is watched.
  const readyWatch = new MutationObserver(() => {
    if (document.documentElement?.dataset.boot !== 'ready') return;
    readyWatch.disconnect();
    report('ready', { at: performance.now() });
  });
  readyWatch.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-boot'] });
}

// ---------------------------------------------------------------------------------------------------
// Driving the browser
// ---------------------------------------------------------------------------------------------------

const sleep = (ms) => new Promise((done) => setTimeout(done, Math.max(0, ms)));

/** Resolves with the first report of `what` (and `kind`) from the page, or null after `timeoutMs`. */
function nextReport(reports, match, timeoutMs = RUN_TIMEOUT_MS) {
  const found = reports.list.find(match);
  if (found) return Promise.resolve(found);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      reports.waiters.delete(waiter);
      resolve(null);
    }, timeoutMs);
    const waiter = (entry) => {
      if (!match(entry)) return;
      clearTimeout(timer);
      reports.waiters.delete(waiter);
      resolve(entry);
    };
    reports.waiters.add(waiter);
  });
}

/**
 * Opens `url` in a new context with the profile, the instruments watching for `watch`; returns the page, its
 * reports, the load event's time in the page's clock and the matching time in Node's, and the centre of the
 * element to tap, `target`: 'sign-in' (the header's button), 'counter' (the bare page's) or 'prompt' (the field) (in one call with the clock, so that a slow machine does not make a tap
 * due 1 s after load late).
 */
async function openPage(browser, url, watch, target) {
  const context = await browser.newContext({
    viewport: MOBILE_PROFILE.viewport,
    deviceScaleFactor: MOBILE_PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: MOBILE_PROFILE.userAgent,
    locale: 'en-US',
  });
  const reports = { list: [], waiters: new Set() };
  await context.exposeBinding('firstTapReport', (_source, entry) => {
    entry.seq = reports.list.length;
    reports.list.push(entry);
    for (const waiter of [...reports.waiters]) waiter(entry);
  });
  await context.addInitScript(installInstruments, watch);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: MOBILE_PROFILE.latencyMs,
    downloadThroughput: (MOBILE_PROFILE.downloadKbps * 1024) / 8,
    uploadThroughput: (MOBILE_PROFILE.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_PROFILE.cpuSlowdown });
  await page.goto(url, { waitUntil: 'load', timeout: RUN_TIMEOUT_MS });
  const clock = await page.evaluate((name) => {
    // By name, not by a function sent along: the app's Content-Security-Policy allows no eval.
    const element =
      name === 'sign-in'
        ? [...document.querySelectorAll('header button')].find((button) => button.textContent?.trim() === 'Sign in')
        : name === 'counter'
          ? document.querySelector('button')
          : document.getElementById(
              [...document.querySelectorAll('label[for]')].find((label) => label.textContent?.trim() === 'Prompt')?.htmlFor ?? '',
            );
    const box = element?.getBoundingClientRect();
    return {
      now: performance.now(),
      loadAt: performance.getEntriesByType('navigation')[0]?.loadEventStart ?? 0,
      point: box && box.width > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null,
    };
  }, target);
  const loadAtNode = Date.now() - (clock.now - clock.loadAt);
  if (!clock.point) throw new Error(`no ${target} to tap on ${url}`);
  return { context, page, cdp, reports, loadAt: clock.loadAt, loadAtNode, point: clock.point };
}

/**
 * A tap at the point, stamped with the moment it is sent: the browser hands the lift to the page only once the
 * page has acknowledged the touch, which a busy page does late, and that wait is the visitor's too. Both events
 * carry the moment the finger came down and lifted (the same instant: the runner's tap has no length), so
 * the page's event timestamps say when the visitor tapped, not when the page got round to it.
 */
async function tapOn(opened, { x, y }) {
  const timestamp = Date.now() / 1000;
  await Promise.all([
    opened.cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }], timestamp }),
    opened.cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [], timestamp }),
  ]);
}

/** A keystroke of `key` (a lower-case letter), stamped with the moment it is sent, as `tapOn` is. */
async function pressKey(opened, key) {
  const timestamp = Date.now() / 1000;
  const code = `Key${key.toUpperCase()}`;
  const windowsVirtualKeyCode = key.toUpperCase().charCodeAt(0);
  await opened.cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', key, code, text: key, unmodifiedText: key, windowsVirtualKeyCode, timestamp });
  await opened.cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', key, code, windowsVirtualKeyCode, timestamp });
}

/** The centre of an element, in CSS pixels of the viewport. */
async function centreOf(locator) {
  const box = await locator.boundingBox({ timeout: 5000 });
  if (!box) throw new Error('the element to tap is not on screen');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * The longest Event Timing duration of the input at `inputAt` (its pointerup, click or keydown, which the browser
 * reports after the frame they wait for), or null if the browser reported none of 16 ms or more. `last` is the
 * event waited for: a tap's click comes after its pointerup, and the browser may report the two a frame apart.
 */
async function eventTimingOf(reports, inputAt, last) {
  const ofInput = (entry) => entry.what === 'event' && entry.at >= inputAt - 1 && entry.at <= inputAt + 100;
  await nextReport(reports, (entry) => ofInput(entry) && entry.name === last, 1000);
  const durations = reports.list.filter(ofInput).map((entry) => Math.round(entry.duration));
  return durations.length ? Math.max(...durations) : null;
}

/** Taps the point `afterMs` after the load event; returns the tap's report and its answer's (null if none). */
async function tapAt(opened, point, afterMs) {
  const seen = opened.reports.list.length;
  await sleep(opened.loadAtNode + afterMs - Date.now());
  await tapOn(opened, point);
  const tap = await nextReport(opened.reports, (entry) => entry.what === 'tap' && entry.seq >= seen, 5000);
  if (!tap) return { inputSeen: false };
  const painted = await nextReport(opened.reports, (entry) => entry.what === 'painted' && entry.kind === 'tap' && entry.inputAt === tap.at);
  return {
    eventTimingMs: await eventTimingOf(opened.reports, tap.at, 'click'),
    inputSeen: true,
    lateMs: Math.round(tap.at - opened.loadAt - afterMs),
    answeredMs: painted ? Math.round(painted.paintedAt - tap.at) : null,
  };
}

/** Runs `measure(opened)` on a freshly opened page; a failure to load or to drive it is the run's error. */
async function onPage(browser, url, watch, target, measure) {
  let opened;
  try {
    opened = await openPage(browser, url, watch, target);
    return await measure(opened);
  } catch (error) {
    return { error: `the run failed: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]}` };
  } finally {
    await opened?.context.close().catch(() => {});
    if (!opened) await Promise.all(browser.contexts().map((context) => context.close().catch(() => {})));
  }
}

/**
 * The app's landing page, "Sign in" tapped `afterMs` after load, until the dialog is painted; then, if the app had
 * not started yet, until it has taken over.
 */
function signInTap(browser, origin, afterMs) {
  return onPage(browser, `${origin}/`, 'dialog', 'sign-in', async (opened) => {
    const run = await tapAt(opened, opened.point, afterMs);
    const isReady = (entry) => entry.what === 'ready';
    const answered = typeof run.answeredMs === 'number';
    const ready = opened.reports.list.find(isReady) ?? (answered ? await nextReport(opened.reports, isReady) : null);
    if (answered && !ready) return { error: `the app did not take over within ${RUN_TIMEOUT_MS / 1000} s of the tap` };
    return { ...run, readyAfterLoadMs: ready ? Math.round(ready.at - opened.loadAt) : null };
  });
}

/** The bare page: its counter tapped at rest, the first input on a freshly loaded page (see the header). */
function bareTap(browser, bareOrigin) {
  return onPage(browser, `${bareOrigin}/`, 'counter', 'counter', (opened) => tapAt(opened, opened.point, BARE_REST_TAP_AFTER_MS));
}

/**
 * The playground: waits for the app to start (on its own, up to REST_TAP_AFTER_MS after load; a build that
 * starts at the first action is started by tapping the field then), taps the prompt field if it has no focus,
 * and types one character as soon as it has.
 */
function playgroundKeystroke(browser, origin) {
  return onPage(browser, `${origin}/playground/flux`, 'field', 'prompt', async (opened) => {
    const { page, reports, loadAtNode, point } = opened;
    const prompt = page.getByLabel('Prompt', { exact: true });
    const isReady = (entry) => entry.what === 'ready';
    let ready = await nextReport(reports, isReady, Math.max(0, loadAtNode + REST_TAP_AFTER_MS - Date.now()));
    if (!ready) {
      await tapOn(opened, point);
      ready = await nextReport(reports, isReady);
    }
    if (!ready) return { error: `the app did not start within ${RUN_TIMEOUT_MS / 1000} s of a tap on the prompt field` };
    const focused = () => prompt.evaluate((field) => field === document.activeElement);
    if (!(await focused())) {
      const { x, y } = await centreOf(prompt);
      await tapOn(opened, { x, y });
    }
    await prompt.evaluate(
      (field) => new Promise((done) => (field === document.activeElement ? done() : field.addEventListener('focus', () => done(), { once: true }))),
    );
    await pressKey(opened, 'k');
    const key = await nextReport(reports, (entry) => entry.what === 'key', 5000);
    if (!key) return { inputSeen: false };
    const painted = await nextReport(reports, (entry) => entry.what === 'painted' && entry.kind === 'key');
    return {
      eventTimingMs: await eventTimingOf(reports, key.at, 'keydown'),
      inputSeen: true,
      answeredMs: painted ? Math.round(painted.paintedAt - key.at) : null,
      readyAfterLoadMs: Math.round(ready.at - opened.loadAt),
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------

async function main() {
  const started = Date.now();
  const { dist, port, barePort, out, runs: runCount, bareOnly } = parseArgs(process.argv.slice(2));
  mkdirSync(out, { recursive: true });
  const origin = `http://localhost:${port}`;
  const bareOrigin = `http://localhost:${barePort}`;
  const work = mkdtempSync(join(tmpdir(), 'first-tap-'));
  const servers = [];
  let browser;
  const cleanUp = async () => {
    await browser?.close().catch(() => {});
    for (const server of servers) server.kill();
    rmSync(work, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void cleanUp().then(() => process.exit(130));
    });
  }
  const measured = { bareRest: [], restTap: [], earlyTap: [], keystroke: [] };
  const ms = (name) => measured[name].map((run) => (run ? run.ms : null));
  const measuredMs = () => ({ bareRest: ms('bareRest'), restTap: ms('restTap'), earlyTap: ms('earlyTap'), keystroke: ms('keystroke') });
  const invalid = [];
  try {
    const bareDist = join(work, 'bare');
    buildBare(bareDist);
    servers.push(await startPreview(bareDist, barePort, { root: BARE_ROOT, flag: '--bare-port' }));
    if (!bareOnly) servers.push(await startPreview(dist, port));
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_ARGS });
    const keep = (name, label, { run, invalid: bad }) => {
      measured[name].push(run ? { ...run, ms: run.answeredMs } : null);
      for (const entry of bad) {
        invalid.push({ measurement: name, ...entry });
        console.warn(`first-tap: ${label}: invalid run (${entry.problem})${run ? '; tried again' : ''}.`);
      }
      const last = measured[name].at(-1);
      if (process.stdout.isTTY || process.env.CI) console.log(`first-tap: ${label}: ${last ? `${last.ms} ms` : 'INVALID'}`);
    };
    const restPair = async (round) => {
      keep('bareRest', `bare page, tap at rest, run ${round}`, await withRetries(() => bareTap(browser, bareOrigin)));
      if (bareOnly) return;
      keep('restTap', `"Sign in" 8 s after load, run ${round}`, await withRetries(() => signInTap(browser, origin, REST_TAP_AFTER_MS)));
    };
    for (let round = 1; round <= runCount; round += 1) {
      await restPair(round);
      if (bareOnly || round > WIDE_MARGIN_RUNS) continue;
      keep('earlyTap', `"Sign in" 1 s after load, run ${round}`, await withRetries(() => signInTap(browser, origin, EARLY_TAP_AFTER_MS)));
      keep('keystroke', `playground keystroke, run ${round}`, await withRetries(() => playgroundKeystroke(browser, origin)));
    }
    if (!bareOnly && measureRestTapsAgain(judgeFirstTap(measuredMs()))) {
      console.warn(
        `first-tap: "Sign in" 8 s after load is over its limit: the bare page and the app are measured ${runCount} more times each, and those decide.`,
      );
      measured.earlierBareRest = measured.bareRest;
      measured.earlierRestTap = measured.restTap;
      measured.bareRest = [];
      measured.restTap = [];
      for (let round = 1; round <= runCount; round += 1) await restPair(runCount + round);
    }
    if (!bareOnly && measureEarlyTapsAgain(judgeFirstTap(measuredMs()))) {
      const earlyRuns = Math.min(runCount, WIDE_MARGIN_RUNS);
      console.warn(`first-tap: "Sign in" 1 s after load is over its limit: it is measured ${earlyRuns} more times, and those decide.`);
      measured.earlierEarlyTap = measured.earlyTap;
      measured.earlyTap = [];
      for (let round = 1; round <= earlyRuns; round += 1)
        keep(
          'earlyTap',
          `"Sign in" 1 s after load, run ${earlyRuns + round}`,
          await withRetries(() => signInTap(browser, origin, EARLY_TAP_AFTER_MS)),
        );
    }
  } finally {
    await cleanUp();
  }

  if (bareOnly) {
    const rest = ms('bareRest');
    console.log(
      `first-tap: the bare page's tap at rest: median ${rest.includes(null) ? 'invalid' : median(rest)} ms (${rest.map((value) => value ?? 'invalid').join(', ')}).`,
    );
    return;
  }
  const verdict = judgeFirstTap(measuredMs());
  const row = (name, limit) => {
    const values = ms(name);
    const valid = values.filter((value) => value !== null);
    const ready = measured[name].map((run) => run?.readyAfterLoadMs).filter((value) => typeof value === 'number');
    return {
      'median ms': valid.length === values.length ? median(valid) : 'invalid',
      'limit ms': limit ?? '',
      runs: values.map((value) => value ?? 'invalid').join(', '),
      'app ready after load, ms': ready.join(', '),
      'Event Timing ms': measured[name].map((run) => run?.eventTimingMs ?? '-').join(', '),
    };
  };
  const [restGate, earlyGate, keyGate] = verdict.gates.length === 3 ? verdict.gates : [];
  console.log(
    `\nFirst tap on Lighthouse's mobile profile (412 x 823 touch, 4x CPU, 150 ms / 1.6 Mbit/s), medians of ${runCount} (the 1 s tap and the keystroke: ${Math.min(runCount, WIDE_MARGIN_RUNS)}):` +
      (verdict.factor
        ? `\n  load factor ${verdict.factor} (the bare page's ${verdict.bareMs} ms at rest / ${BARE_CALM_TAP_MS} ms on a calm machine, at least 1)`
        : ''),
  );
  console.table({
    ...(measured.earlierRestTap
      ? { 'earlier set: bare page, at rest': row('earlierBareRest'), 'earlier set: /: "Sign in", 8 s': row('earlierRestTap') }
      : {}),
    ...(measured.earlierEarlyTap ? { 'earlier set: /: "Sign in", 1 s': row('earlierEarlyTap') } : {}),
    'bare page: counter, 4 s after load (at rest)': row('bareRest'),
    '/: "Sign in", 8 s after load': row('restTap', restGate?.limitMs),
    '/: "Sign in", 1 s after load': row('earlyTap', earlyGate?.limitMs),
    '/playground/flux: first keystroke': row('keystroke', keyGate?.limitMs),
  });
  const tookS = Math.round((Date.now() - started) / 1000);
  const summary = { profile: MOBILE_PROFILE, gates: GATES, bareCalmTapMs: BARE_CALM_TAP_MS, ...verdict, measured, invalid, tookS };
  writeFileSync(join(out, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`first-tap: took ${tookS} s; ${invalid.length} invalid run(s) retried.`);
  const failed = verdict.gates.filter((g) => !g.passed);
  if (failed.length) {
    console.error(`first-tap: FAILED: ${failed.map((g) => `${g.name}: ${g.shortfall}`).join('; ')} (summary in ${out})`);
    process.exit(1);
  }
  console.log('first-tap: every gate holds.');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`first-tap: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
