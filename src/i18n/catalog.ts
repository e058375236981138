import { i18n, type Messages } from '@lingui/core';
import { LOCALES, type Locale } from '../../machines/types';

export { i18n };
export const DEFAULT_LOCALE: Locale = 'en';
const LOCALE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The locale to start in: the one the visitor chose before, else English (docs/product.md, "Languages and themes"). */
export function initialLocale(): Locale {
  try {
    const stored = localStorage.getItem(LOCALE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be blocked (private modes); English it is.
  }
  return DEFAULT_LOCALE;
}

/** Fetches one locale's compiled catalogue; each is its own lazy chunk. */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages };
  i18n.load(locale, messages);
  return messages;
}

export function activateLocale(locale: Locale): void {
  i18n.activate(locale);
  document.documentElement.lang = locale;
}

export function persistLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Not remembered across reloads; the choice still applies now.
  }
}
