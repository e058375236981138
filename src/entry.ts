/**
 * The page's script tag. A prerendered page that is shown as it is (`data-boot="hydrate"`) is readable as it
 * arrives, so its code (src/main.tsx, which hydrates it) waits: on a first visit until the visitor's first
 * action (`data-start="on-action"`, src/prerender/boot.ts), so a phone fetches and runs none of it for a
 * visitor who only reads; otherwise until the page has painted, so that on a slow connection the code does not
 * compete with the markup and styles the visitor is waiting for. Clicks on the page meanwhile are held and
 * replayed (public/theme-boot.js). A page that stays hidden until the app renders it, or was not prerendered
 * (the dev server), starts at once.
 */
import './styles/global.css';
import { startsOnAction, whenAppWanted } from './prerender/boot';
import { showStartFailure } from './prerender/startFailure';
import { captureReferral } from './services/referral';

/** Should the paint go unreported (a page hidden in the background), the code is fetched after this long. */
const FIRST_PAINT_WAIT_MS = 2000;

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

// React DOM, then the app's actors, then its views, each evaluated in a task of its own: together they are one
// long task on a phone's CPU, during which the page cannot answer a tap.
async function start(): Promise<void> {
  if (startsOnAction()) {
    // Where the visitor came from is known now: a plain link followed before any action would lose it.
    captureReferral();
    await whenAppWanted();
  } else if (document.documentElement.dataset.boot === 'hydrate') await firstContentfulPaint();
  await import('react-dom/client');
  await nextTask();
  await import('./actors/app');
  await nextTask();
  await import('./main');
}

void start().catch(showStartFailure);
