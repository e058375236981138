/**
 * The page's script tag. A prerendered page that is shown as it is (`data-boot="hydrate"`) is readable as it
 * arrives, so its code (src/main.tsx, which hydrates it) waits, so that on a slow connection it does not compete
 * with the markup, styles and images the visitor is waiting for: on a first visit (`data-start="idle"`,
 * src/prerender/boot.ts) until the browser is idle after the largest paint, or the visitor's first action if that
 * comes sooner, so the app is ready before the visitor reaches for it; otherwise until the page has painted.
 * Clicks on the page meanwhile are held and replayed, and what is typed or chosen is handed over
 * (theme-boot.js (src/prerender/themeBoot/)). A page that stays hidden until the app renders it, or was not prerendered (the dev
 * server), starts at once.
 */
import './styles/global.css';
import { afterNextFrame, startFiles, startsWhenIdle, whenAppWanted } from './prerender/boot';
import { showStartFailure } from './prerender/startFailure';
import { captureReferral } from './services/referral';

/** Should the paint go unreported (a page hidden in the background), the code is fetched after this long. */
const FIRST_PAINT_WAIT_MS = 2000;
/** The longest the start waits for a largest paint once the page has loaded (a browser that reports none). */
const LARGEST_PAINT_WAIT_MS = 1000;
/** The longest the start waits for the browser to be idle (a page that keeps it busy: an animation). */
const IDLE_WAIT_MS = 1500;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the browser reports the first contentful paint (or after FIRST_PAINT_WAIT_MS). */
function firstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    const supported = typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('paint');
    const observer = supported
      ? new PerformanceObserver((list) => {
          if (list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) done();
        })
      : null;
    observer?.observe({ type: 'paint', buffered: true });
    if (supported) setTimeout(done, FIRST_PAINT_WAIT_MS);
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}

function loaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve();
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
}

/**
 * Resolves when the browser is idle after the page's largest paint: once the page has loaded (its images are in,
 * so the largest paint has happened) and reported a largest paint, at the next idle moment. Browsers without
 * largest-paint entries (Safari, older Firefox) go on a short while after the load; those without
 * requestIdleCallback (Safari) after a frame and a task.
 */
async function idleAfterLargestPaint(): Promise<void> {
  const reportsLargestPaint =
    typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes.includes('largest-contentful-paint');
  const largestPaint = reportsLargestPaint
    ? new Promise<void>((resolve) => {
        const observer = new PerformanceObserver(() => {
          observer.disconnect();
          resolve();
        });
        observer.observe({ type: 'largest-contentful-paint', buffered: true });
      })
    : Promise.resolve();
  await loaded();
  await Promise.race([largestPaint, new Promise((resolve) => setTimeout(resolve, LARGEST_PAINT_WAIT_MS))]);
  await new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Links added per task: asking for a file costs a phone's CPU a few milliseconds in the browser's loader (measured
 * 2026-11-29 with the CPU slowed 4 times: 31 links in one task took 50 to 106 ms, half of it in the loader).
 */
const START_FILES_PER_TASK = 4;

/**
 * Asks for every file of the start (the build lists them for each page: React DOM, the actors, the views,
 * src/main.tsx, the page's own chunk, the mode's services, the catalogue), so that they arrive in one round of
 * requests instead of each step's after the previous one ran: no ask waits for an arrival. They are evaluated
 * later, in order. A few links per task, so that asking is not itself a long task.
 */
async function requestStartFiles(): Promise<void> {
  const files = startFiles().filter((file) => !document.querySelector(`link[href="${CSS.escape(file)}"]`));
  for (let first = 0; first < files.length; first += START_FILES_PER_TASK) {
    if (first > 0) await nextTask();
    for (const file of files.slice(first, first + START_FILES_PER_TASK)) {
      const link = document.createElement('link');
      // A chunk's styles, which its import waits for, are fetched without being applied before the chunk is.
      if (file.endsWith('.css')) {
        link.rel = 'preload';
        link.as = 'style';
      } else link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
  }
}

// React DOM, then the app's actors, then its views, each evaluated in a task of its own: together they are one
// long task on a phone's CPU, during which the page cannot answer a tap. Each after a frame: a tap answered
// meanwhile is painted first.
async function start(): Promise<void> {
  if (startsWhenIdle()) {
    // Where the visitor came from is known now: a plain link followed before the start would lose it.
    captureReferral();
    await Promise.race([whenAppWanted(), idleAfterLargestPaint()]);
  } else if (document.documentElement.dataset.boot === 'hydrate') await firstContentfulPaint();
  await requestStartFiles();
  await import('react-dom/client');
  await afterNextFrame();
  await import('./actors/app');
  await afterNextFrame();
  await import('./main');
}

void start().catch(showStartFailure);
