import type { I18n } from '@lingui/core';

/**
 * Items joined as the reader's language joins a list ("A, B, and C"; "A, B und C"; "A、B和C"). Never a hand-made
 * join: a list of names that end in digits next to figures that start with them must keep its separators.
 */
export function formatList(i18n: I18n, items: readonly string[], type: 'conjunction' | 'disjunction' = 'conjunction'): string {
  try {
    return new Intl.ListFormat(i18n.locale, { style: 'long', type }).format(items);
  } catch {
    // A locale Intl does not know: still separated.
    return items.join(', ');
  }
}
