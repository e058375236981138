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
 */
import type { Messages } from '@lingui/core';

export type BootMode = 'hydrate' | 'translate' | 'render' | 'ready';

export const READY_EVENT = 'app:ready';
export const HYDRATED_EVENT = 'app:hydrated';
export const MESSAGES_ELEMENT_ID = 'prerendered-messages';

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
