import type { I18n } from '@lingui/core';
import { parseServerTime } from '../domain/serverTime';

export { parseServerTime };

/** Shown in place of a time the server sent in a form no calendar reads. */
export const UNREADABLE_TIME = '—';

/**
 * A time from the server, worded for the reader's language; a dash when the value is not a time.
 * `Intl.DateTimeFormat` throws on an invalid date (NaN, or past ±8.64e15 ms: a year beyond 275760), and one
 * bad field must not take its page down.
 */
export function formatDate(i18n: I18n, value: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(parseServerTime(value));
  if (Number.isNaN(date.getTime())) return UNREADABLE_TIME;
  try {
    return i18n.date(date, options);
  } catch {
    return UNREADABLE_TIME;
  }
}

/** Whole seconds from one server time to another, or null when either is not a time. */
export function secondsBetween(from: string, to: string): number | null {
  const span = parseServerTime(to) - parseServerTime(from);
  return Number.isNaN(span) ? null : Math.max(0, Math.round(span / 1000));
}
