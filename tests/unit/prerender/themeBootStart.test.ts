import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { CACHED_USER_KEY } from '../../../src/services/sessionKeys';
import { buildThemeBootScript } from '../../../theme-boot-plugin';

const BOOT_SCRIPT = await buildThemeBootScript();

type Listener = (event: { type: string; target?: unknown; key?: string | null }) => void;

/** An element as far as theme-boot.js asks: `closest` answers for the selector it is given. */
class FakeElement {
  constructor(private readonly matches: (selector: string) => boolean) {}
  closest(selector: string) {
    return this.matches(selector) ? this : null;
  }
}

interface Visit {
  path?: string;
  search?: string;
  cookie?: string;
  storedLocale?: string;
  attributes?: Record<string, string>;
}

/** Runs theme-boot.js for a visit, and returns what it wrote and the listeners it left on the window. */
function boot({ path = '/', search = '', cookie = '', storedLocale, attributes = { 'data-prerendered': path } }: Visit) {
  const dataset: Record<string, string> = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (name.startsWith('data-') && !name.startsWith('data-prerendered-')) dataset[name.slice(5)] = value;
  }
  const windowListeners = new Map<string, Listener[]>();
  const documentListeners = new Map<string, Listener[]>();
  const sent: string[] = [];
  const root = {
    dataset,
    lang: 'en',
    hasAttribute: (name: string) => name in attributes,
    getAttribute: (name: string) => attributes[name] ?? null,
  };
  const on = (listeners: Map<string, Listener[]>) => (type: string, listener: Listener) =>
    listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const off = (listeners: Map<string, Listener[]>) => (type: string, listener: Listener) =>
    listeners.set(
      type,
      (listeners.get(type) ?? []).filter((each) => each !== listener),
    );
  const window = {
    matchMedia: () => ({ matches: false, addEventListener: () => undefined, removeEventListener: () => undefined }),
    addEventListener: on(windowListeners),
    removeEventListener: off(windowListeners),
  };
  const document = {
    documentElement: root,
    cookie,
    baseURI: 'https://app.example.com/',
    addEventListener: on(documentListeners),
    removeEventListener: off(documentListeners),
    dispatchEvent: (event: { type: string }) => sent.push(event.type),
  };
  runInNewContext(BOOT_SCRIPT, {
    window,
    document,
    location: { pathname: path, search },
    localStorage: { getItem: (key: string) => (key === 'locale' ? (storedLocale ?? null) : null) },
    Element: FakeElement,
    HTMLInputElement: class {},
    HTMLTextAreaElement: class {},
    HTMLSelectElement: class {},
    Event: class {
      constructor(readonly type: string) {}
    },
    URL,
  });
  const fire = (type: string, target?: unknown, key?: string | null) =>
    [...(windowListeners.get(type) ?? [])].forEach((listener) => listener({ type, target, key }));
  /** What the app sends to the document (theme-boot's own events are recorded in `sent` instead). */
  const tell = (type: string) => [...(documentListeners.get(type) ?? [])].forEach((listener) => listener({ type }));
  return { dataset, sent, fire, tell, listening: (type: string) => (windowListeners.get(type) ?? []).length > 0 };
}

describe("theme-boot.js: when a prerendered page's app starts", () => {
  it('waits for idle after the largest paint, or the first action, on a first visit: signed out, in English, no query string the page reads', () => {
    const page = boot({ path: '/' });
    expect(page.dataset.boot).toBe('hydrate');
    expect(page.dataset.start).toBe('idle');
    expect(page.sent).toEqual([]);
    // A campaign's link: the landing page does not read its query (the page script keeps the referral).
    expect(boot({ path: '/', search: '?utm_source=news&gclid=abc' }).dataset.start).toBe('idle');
  });

  it.each([
    ['a key', 'keydown'],
    ['a scroll', 'scroll'],
    ['a touch', 'touchstart'],
    ['focus', 'focusin'],
    ["a click with no key or press before it (a screen reader's)", 'click'],
    ['input with no key before it (autofill)', 'input'],
  ])('starts it at %s, once', (_, type) => {
    const page = boot({ path: '/get-started' });
    page.fire(type);
    expect(page.dataset.start).toBe('wanted');
    expect(page.sent).toEqual(['app:wanted']);
    // The listeners are gone: a second action sends nothing more.
    page.fire('keydown');
    expect(page.sent).toEqual(['app:wanted']);
    expect(page.listening('keydown')).toBe(false);
  });

  it('stops watching once the app, started at idle, watches for the first action itself', () => {
    const page = boot({ path: '/' });
    page.tell('app:action-watch-taken');
    for (const type of ['keydown', 'pointerdown', 'pointerover', 'storage']) expect(page.listening(type), type).toBe(false);
    // The first tap then costs no listener here, and no change of <html> that restyles the page's controls.
    page.fire('pointerdown');
    expect(page.dataset.start).toBe('idle');
    expect(page.sent).toEqual([]);
  });

  it('starts it when another tab changes what this one shows: the account, the theme, the language', () => {
    // The account's key as the app writes it (a sign-in or sign-out); the boot script is built with the same name.
    for (const key of [CACHED_USER_KEY, 'theme', 'locale', null]) {
      const page = boot({ path: '/' });
      page.fire('storage', undefined, key);
      expect(page.sent, String(key)).toEqual(['app:wanted']);
    }
    // Not for what it does not show: another tab's first landing keeps its referral, say.
    const page = boot({ path: '/' });
    page.fire('storage', undefined, 'nanobanana.referral');
    expect(page.dataset.start).toBe('idle');
    expect(page.sent).toEqual([]);
  });

  it('starts it when the pointer comes over a control, not over text', () => {
    const page = boot({ path: '/' });
    page.fire('pointerover', new FakeElement(() => false));
    expect(page.dataset.start).toBe('idle');
    page.fire('pointerover', new FakeElement((selector) => selector.includes('button')));
    expect(page.dataset.start).toBe('wanted');
  });

  it("does not wait for a visitor with a session, another language, a query string the page reads or the app's tools", () => {
    expect(boot({ path: '/', cookie: 'authorization=abc' }).dataset.start).toBeUndefined();
    expect(boot({ path: '/', storedLocale: 'de' }).dataset.start).toBeUndefined();
    for (const search of ['?demo', '?inspect', '?utm_source=x&demo', '?inspect=1'])
      expect(boot({ path: '/', search }).dataset.start, search).toBeUndefined();
    expect(boot({ path: '/', search: '?demonstration=1' }).dataset.start).toBe('idle');
    const sharedPrompt = boot({
      path: '/playground/flux',
      search: '?prompt=a%20fox',
      attributes: { 'data-prerendered': '/playground/flux', 'data-prerendered-reads-query': '' },
    });
    expect(sharedPrompt.dataset.boot).toBe('render');
    expect(sharedPrompt.dataset.start).toBeUndefined();
  });

  it('does not wait on a page that is not this one (a host serving its fallback file)', () => {
    const page = boot({ path: '/dashboard', attributes: { 'data-prerendered': '/' } });
    expect(page.dataset.boot).toBe('render');
    expect(page.dataset.start).toBeUndefined();
  });

  describe('the 404 file, which a static host serves at any address it has no file for', () => {
    const notFound = { 'data-prerendered': '/404', 'data-prerendered-not-at': '/ /dashboard /dashboard/api-keys /demo-discord/' };

    it('is read as it is at an unknown address', () => {
      for (const path of ['/no-such-page', '/dashboard/no-such-page', '/demo-discord']) {
        const page = boot({ path, attributes: notFound });
        expect(page.dataset.boot, path).toBe('hydrate');
        expect(page.dataset.start, path).toBe('idle');
      }
    });

    it("is not the page at one of the app's own addresses, in any case or with a trailing slash: the app renders it at once", () => {
      for (const path of ['/dashboard', '/Dashboard/API-Keys', '/dashboard/', '/demo-discord/authorize']) {
        const page = boot({ path, attributes: notFound });
        expect(page.dataset.boot, path).toBe('render');
        expect(page.dataset.start, path).toBeUndefined();
      }
    });
  });
});
