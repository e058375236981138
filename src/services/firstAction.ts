/**
 * The visitor's first action on the page (a pointer press, a key press, a focus move), once what it brought is on
 * screen. Work a first visit does not show (a third-party lookup, the fingerprint, the demo's in-browser API, the
 * sign-in dialog's other forms) waits for it, so an anonymous visitor who only reads runs nothing more than the
 * page and its app, and the first tap's dialog or page paints before that work competes with it. On a first visit
 * theme-boot.js watches for the action from the start (src/prerender/boot.ts): a scroll before the app came, say,
 * and then a sign-in inside Google's frame, which the page never hears.
 */
import { ACTION_WATCH_TAKEN_EVENT, visitorHasActed, whenPageReady } from '../prerender/boot';

// The end of a press or key: the click it makes (which opens a dialog) has been dispatched by the next task.
const EVENTS = ['pointerup', 'keyup', 'focusin'] as const;
/** The longest the work waits for the browser to be idle once the action's result has painted. */
const IDLE_WAIT_MS = 2000;

let acted: Promise<void> | undefined;

function firstAction(): Promise<void> {
  if (visitorHasActed()) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const act = () => {
      for (const type of EVENTS) window.removeEventListener(type, act, true);
      resolve();
    };
    for (const type of EVENTS) window.addEventListener(type, act, { capture: true, passive: true });
    document.dispatchEvent(new Event(ACTION_WATCH_TAKEN_EVENT));
  });
}

/**
 * After the next paint, at the browser's next idle moment. A press's dialog opens at the click that follows it,
 * so a frame and a task later what it opened is painted; browsers without requestIdleCallback (Safari) go on then.
 */
export function afterNextPaintIdle(): Promise<void> {
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
        else resolve();
      }, 0),
    ),
  );
}

/** Resolves once the visitor has acted, the first page is on screen, and what the action showed has painted. */
export function afterFirstAction(): Promise<void> {
  acted ??= Promise.all([firstAction(), whenPageReady()])
    // The click that follows a press (which opens the dialog) comes a moment later: a task, then a paint.
    .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
    .then(afterNextPaintIdle);
  return acted;
}
