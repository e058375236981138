import { LOCALES, type Locale } from '../common/types';

/**
 * The locales as the app and the script that runs before first paint (src/prerender/themeBoot/) both read them:
 * this module imports nothing that runs, so that script is built from it.
 */
export const DEFAULT_LOCALE: Locale = 'en';
/** Where the visitor's choice of language is kept (localStorage). */
export const LOCALE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
