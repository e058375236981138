import { CACHED_USER_KEY } from '../../services/sessionKeys';
import { DARK_QUERY, THEME_KEY } from '../../services/theme';
import { LOCALE_KEY } from '../../i18n/locales';
import { ACTION_WATCH_TAKEN_EVENT, WANTED_EVENT } from '../boot';

/** The visitor's actions that start the app (see startAtIdleOrFirstAction). */
const ACTIONS = ['keydown', 'scroll', 'wheel', 'touchstart', 'pointerdown', 'focusin', 'click', 'input', 'pointerover'];
/** What another tab changes that this one shows: the theme, the language, the account (a sign-in or sign-out). */
const SHOWN_KEYS: (string | null)[] = [THEME_KEY, LOCALE_KEY, CACHED_USER_KEY];
/** What a pointer over starts the app for: a control or a field, not text. */
const CONTROLS = 'button, label, input, textarea, select, summary, [role="button"]';

/**
 * A first visit is a page to read: a page shown as it is (so in English, and without a query string it reads),
 * signed out, not asking for the app's own tools (?demo, ?inspect). A campaign's link (utm_source, ...) is one
 * too: the page script keeps its source. The app's code is fetched once the browser is idle after the largest
 * paint (src/entry.ts), so it does not compete with what the visitor waits to see, or at the visitor's first
 * action if that comes sooner (WANTED_EVENT). An action is a key, a scroll, a touch or press, focus, a click or
 * input with neither (a screen reader's, autofill), a pointer over a control or field, or another tab changing
 * what the app shows (a sign-in, the theme, the language): the app takes over and follows.
 */
export function startAtIdleOrFirstAction(root: HTMLElement): void {
  const toolsAsked = /[?&](?:demo|inspect)(?:[=&]|$)/.test(location.search);
  const firstVisit = root.dataset.boot === 'hydrate' && !root.dataset.session && !toolsAsked;
  if (!firstVisit) return;
  root.dataset.start = 'idle';
  const scheme = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const stopWatching = () => {
    ACTIONS.forEach((type) => window.removeEventListener(type, wanted, true));
    window.removeEventListener('storage', wanted);
    if (scheme && scheme.removeEventListener) scheme.removeEventListener('change', wanted);
    document.removeEventListener(ACTION_WATCH_TAKEN_EVENT, stopWatching);
  };
  const wanted = (event: Event) => {
    if (event.type === 'storage' && (event as StorageEvent).key !== null && SHOWN_KEYS.indexOf((event as StorageEvent).key) === -1) return;
    if (event.type === 'pointerover') {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !target.closest(CONTROLS)) return;
    }
    stopWatching();
    // The app may have started already (at idle), and even failed to: that is not undone.
    if (root.dataset.start === 'idle') root.dataset.start = 'wanted';
    document.dispatchEvent(new Event(WANTED_EVENT));
  };
  ACTIONS.forEach((type) => window.addEventListener(type, wanted, { capture: true, passive: true }));
  window.addEventListener('storage', wanted);
  if (scheme && scheme.addEventListener) scheme.addEventListener('change', wanted);
  // Started at idle, the app watches for the first action itself (src/services/firstAction.ts): from then on this
  // watch would only add work to that action (a listener, and a change of <html> that restyles the page's controls).
  document.addEventListener(ACTION_WATCH_TAKEN_EVENT, stopWatching);
}
