/**
 * The visitor's first action on the page (a pointer press, a key press, a focus move). Work a first visit does not
 * show (a third-party lookup, the fingerprint, the demo's in-browser API) waits for it, so an anonymous visitor
 * who only reads loads and runs nothing more than the page. On a first visit whose app itself came at the first
 * action (src/prerender/boot.ts), that action has happened: a scroll, say, and then a sign-in inside Google's
 * frame, which the page never hears.
 */
import { startedAtFirstAction } from '../prerender/boot';

const EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

let acted: Promise<void> | undefined;

export function afterFirstAction(): Promise<void> {
  acted ??= startedAtFirstAction()
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const act = () => {
          for (const type of EVENTS) window.removeEventListener(type, act, true);
          resolve();
        };
        for (const type of EVENTS) window.addEventListener(type, act, { capture: true, passive: true });
      });
  return acted;
}
