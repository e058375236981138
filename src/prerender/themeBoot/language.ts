import { isLocale, LOCALE_KEY } from '../../i18n/locales';
import { storedValue } from './storage';

/** Sets the page's language to the one the visitor chose before, and returns that choice (null if none). */
export function applyStoredLanguage(root: HTMLElement): string | null {
  const locale = storedValue(LOCALE_KEY);
  if (isLocale(locale)) root.lang = locale;
  return locale;
}
