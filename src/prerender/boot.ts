/**
 * How a page starts in the browser, as theme-boot.js (src/prerender/themeBoot/) decided before first paint and wrote on <html>:
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
 * - `idle`: a first visit (a page to hydrate, no session, no `?demo` or `?inspect`). The page is read as it is,
 *   and the code waits until the browser is idle after the largest paint (src/entry.ts), so that it does not
 *   compete with what the visitor is waiting to see; or, if that comes sooner, until the visitor's first action,
 *   at which theme-boot writes `wanted` and sends WANTED_EVENT.
 * - absent: once the page has painted (src/entry.ts), or at once for a page that stays hidden until rendered.
 * - `failed`: the code could not be fetched (src/prerender/startFailure.ts): held clicks no longer show progress.
 * At the start, every file of it is requested at once (START_FILES_ELEMENT_ID, written by the build), and then
 * evaluated step by step.
 */
import type { Messages } from '@lingui/core';

export type BootMode = 'hydrate' | 'translate' | 'render' | 'ready';

export const READY_EVENT = 'app:ready';
export const HYDRATED_EVENT = 'app:hydrated';
export const MESSAGES_ELEMENT_ID = 'prerendered-messages';
/** The files the app's start needs (a JSON array of paths), written into each prerendered page by the build. */
export const START_FILES_ELEMENT_ID = 'start-files';
/**
 * On a prerendered copy of the sign-in dialog (outside #root), which of its views it is; on the controls that open
 * the app's dialog, the view they open. Before the app has started, theme-boot.js opens the copy (themeBoot/).
 */
export const PRERENDERED_DIALOG_ATTRIBUTE = 'data-prerendered-dialog';
export const OPENS_DIALOG_ATTRIBUTE = 'data-opens-dialog';

/** Whether the visitor opened a prerendered copy of the sign-in dialog before the app came (it is open now). */
export function prerenderedDialogOpen(): boolean {
  return document.querySelector(`dialog[${PRERENDERED_DIALOG_ATTRIBUTE}][open]`) !== null;
}

/**
 * Where focus goes back to when the app's dialog that took the place of a prerendered copy closes: the control that
 * opened the copy (the focus was in the copy when the app's dialog opened), else `element` itself.
 */
export function focusReturnTarget(element: HTMLElement): HTMLElement {
  const copy = element.closest(`dialog[${PRERENDERED_DIALOG_ATTRIBUTE}]`);
  const view = copy?.getAttribute(PRERENDERED_DIALOG_ATTRIBUTE);
  return (view ? document.querySelector<HTMLElement>(`#root [${OPENS_DIALOG_ATTRIBUTE}="${CSS.escape(view)}"]`) : null) ?? element;
}
export const WANTED_EVENT = 'app:wanted';
/** Sent by the app once it watches for the visitor's first action itself: theme-boot stops watching (and writing). */
export const ACTION_WATCH_TAKEN_EVENT = 'app:action-watch-taken';
/** Written on <html> by the build (prerender-plugin.ts): the page's own address, ... */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** ... the addresses the 404 file is not the page of (the app's own pages), space-separated, ... */
export const PRERENDERED_NOT_AT_ATTRIBUTE = 'data-prerendered-not-at';
/** ... and, present, that the page reads its query string. */
export const PRERENDERED_READS_QUERY_ATTRIBUTE = 'data-prerendered-reads-query';

/** Whether this page's code waits for the browser to be idle, or for the visitor's first action (`data-start`, above). */
export function startsWhenIdle(): boolean {
  const start = document.documentElement.dataset.start;
  return start === 'idle' || start === 'wanted';
}

/** Resolves at the visitor's first action, as theme-boot.js reports it (at once if it has happened). */
export function whenAppWanted(): Promise<void> {
  if (document.documentElement.dataset.start !== 'idle') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener(WANTED_EVENT, () => resolve(), { once: true }));
}

/** Whether the visitor has acted on a first visit (theme-boot.js watched for it), which has therefore happened. */
export function visitorHasActed(): boolean {
  return document.documentElement.dataset.start === 'wanted';
}

/** A file of the build on this site (`/assets/name.hash.js`): nothing else is asked for ahead of time. */
const BUILT_FILE = /^\/assets\/[\w.-]+\.(?:js|css)$/;

/** The paths of the files the app's start needs, as the build listed them for this page (none in the dev server). */
export function startFiles(): string[] {
  const text = document.getElementById(START_FILES_ELEMENT_ID)?.textContent;
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.filter((file): file is string => typeof file === 'string' && BUILT_FILE.test(file)) : [];
  } catch {
    return [];
  }
}

/** Resolves once the first page is on screen (markPageReady), at once if it is. */
export function whenPageReady(): Promise<void> {
  if (document.documentElement.dataset.boot === 'ready') return Promise.resolve();
  return new Promise((resolve) => document.addEventListener(READY_EVENT, () => resolve(), { once: true }));
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
 * The first page's markup is React's now (hydrated, or rendered): theme-boot.js hands React what was typed,
 * chosen or ticked in its fields meanwhile. Sent from an effect of that commit that runs after the page's own
 * (its actors have started), and before any later render could set a field back to the value it was prerendered
 * with.
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

/** The longest the start waits for a frame (none comes while the tab is hidden). */
const FRAME_WAIT_MS = 100;

/**
 * Resolves in a task after the next frame, or after FRAME_WAIT_MS if none comes. The start waits so between its
 * steps: a tap made during one step (a dialog opened by theme-boot) is painted before the next step runs, where a
 * plain task would let the next step run first and push the tap's frame behind it.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}
