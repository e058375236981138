/**
 * How a page starts in the browser, as public/theme-boot.js decided before first paint and wrote on <html>:
 * - `hydrate`: the prerendered HTML is this page in this language; React adopts it (hydrateRoot).
 * - `translate`: this page, but the visitor reads another language: the HTML stays hidden (theme-boot's CSS, for
 *   a few seconds at most) and the app renders it afresh in that language.
 * - `render`: the HTML is another page (a host's fallback file) or depends on the query string: hidden, and
 *   rendered afresh.
 * - absent: the HTML was not prerendered (the dev server): rendered afresh.
 * Once the first page is on screen the app writes `ready`, which shows a hidden root and tells theme-boot.js to
 * replay the clicks it held while the page was hydrating.
 *
 * When the app's code is fetched, theme-boot.js writes as `data-start`:
 * - `on-action`: a first visit (a page to hydrate, no session, no `?demo` or `?inspect`). The page is read as it
 *   is, and the code waits for the visitor's first action; theme-boot then writes `wanted` and sends WANTED_EVENT.
 * - absent: once the page has painted (src/entry.ts), or at once for a page that stays hidden until rendered.
 * - `failed`: the code could not be fetched (src/prerender/startFailure.ts): held clicks no longer show progress.
 */
import type { Messages } from '@lingui/core';

export type BootMode = 'hydrate' | 'translate' | 'render' | 'ready';

export const READY_EVENT = 'app:ready';
export const HYDRATED_EVENT = 'app:hydrated';
export const MESSAGES_ELEMENT_ID = 'prerendered-messages';
export const WANTED_EVENT = 'app:wanted';

/** Whether this page's code waits for the visitor's first action (`data-start`, above). */
export function startsOnAction(): boolean {
  const start = document.documentElement.dataset.start;
  return start === 'on-action' || start === 'wanted';
}

/** Resolves when theme-boot.js says the app is wanted: at the visitor's first action (at once if it has happened). */
export function whenAppWanted(): Promise<void> {
  if (document.documentElement.dataset.start !== 'on-action') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener(WANTED_EVENT, () => resolve(), { once: true }));
}

/** Whether the app started at the visitor's first action, which has therefore happened. */
export function startedAtFirstAction(): boolean {
  return document.documentElement.dataset.start === 'wanted';
}

export function bootMode(): BootMode | null {
  const mode = document.documentElement.dataset.boot;
  return mode === 'hydrate' || mode === 'translate' || mode === 'render' || mode === 'ready' ? mode : null;
}

/** The English messages the page was prerendered with, or null if it carries none (or they are unreadable). */
export function prerenderedMessages(): Messages | null {
  const text = document.getElementById(MESSAGES_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Messages) : null;
  } catch {
    return null;
  }
}

/**
 * The first page's markup is React's now (hydrated, or rendered): theme-boot.js hands React what was typed into
 * its fields meanwhile. Sent from a layout effect of that commit, before any later render could set a field
 * back to the value it was prerendered with.
 */
export function markPageHydrated(): void {
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

/** The first page is on screen (hydrated or rendered): show it, and let held clicks through. Once. */
export function markPageReady(): void {
  const root = document.documentElement;
  if (root.dataset.boot === 'ready') return;
  root.dataset.boot = 'ready';
  document.dispatchEvent(new Event(READY_EVENT));
}
