import { DEFAULT_LOCALE, isLocale } from '../../i18n/locales';
import { PRERENDERED_NOT_AT_ATTRIBUTE, PRERENDERED_READS_QUERY_ATTRIBUTE, type BootMode } from '../boot';

/**
 * A prerendered page (src/prerender/boot.ts names the modes): hydrated as it is only if it is this page, in
 * English, and (for pages that read it) without a query string; otherwise hidden until the app renders it.
 * The 404 file is this page at any address but those of the app's own pages (a static host's fallback).
 */
export function chooseBootMode(root: HTMLElement, storedLocale: string | null): void {
  const prerendered = root.dataset.prerendered;
  if (!prerendered) return;
  const appPath = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const appsOwn = (root.getAttribute(PRERENDERED_NOT_AT_ATTRIBUTE) || '').split(' ').some((address) => {
    const under = address.length > 1 && address.charAt(address.length - 1) === '/';
    return address !== '' && (under ? location.pathname.indexOf(address) === 0 : address === appPath);
  });
  const samePage = prerendered === location.pathname || (prerendered === '/404' && !appsOwn);
  const queryMatters = root.hasAttribute(PRERENDERED_READS_QUERY_ATTRIBUTE) && location.search !== '';
  const english = !isLocale(storedLocale) || storedLocale === DEFAULT_LOCALE;
  const mode: BootMode = !samePage || queryMatters ? 'render' : english ? 'hydrate' : 'translate';
  root.dataset.boot = mode;
}
