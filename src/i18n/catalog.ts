import { i18n, type Messages } from '@lingui/core';
import { startTransition } from 'react';
import type { Locale } from '../common/types';
import { DEFAULT_LOCALE, isLocale, LOCALE_KEY } from './locales';

export { i18n };
export { isLocale };

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

/*
 * Lingui's provider gives the page a new context on every catalogue change. React renders a prerendered boundary
 * that such an update reaches before it has hydrated anew, from its fallback: as an urgent update, at once, which
 * would take the page away (and the field being typed in) until the page's code is in. As a transition, the page
 * stays as prerendered until then, and is rendered anew only when it can be; what was typed into it meanwhile is
 * handed to the new fields (the boot script, src/prerender/themeBoot/). The full catalogue reaches a first visit this way, after the
 * page's own messages have started the app, and so does a language chosen in the header while the page hydrates.
 */

/** Fetches one locale's compiled catalogue; each is its own lazy chunk. */
export async function loadCatalog(locale: Locale): Promise<Messages> {
  const { messages } = (await import(`../../locales/${locale}/messages.po`)) as { messages: Messages };
  startTransition(() => i18n.load(locale, messages));
  return messages;
}

export function activateLocale(locale: Locale): void {
  startTransition(() => i18n.activate(locale));
  document.documentElement.lang = locale;
}

export function persistLocale(locale: Locale): void {
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Not remembered across reloads; the choice still applies now.
  }
}
