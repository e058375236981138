import type { I18n } from '@lingui/core';

/** Shown in place of a time the server sent in a form no calendar reads. */
export const UNREADABLE_TIME = '—';

/**
 * A time from the server, worded for the reader's language; a dash when the value is not a time.
 * `Intl.DateTimeFormat` throws on an invalid date, and one bad field must not take its page down.
 */
export function formatDate(i18n: I18n, value: string | number | Date, options: Intl.DateTimeFormatOptions): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? UNREADABLE_TIME : i18n.date(date, options);
}

/** Whole seconds from one server time to another, or null when either is not a time. */
export function secondsBetween(from: string, to: string): number | null {
  const span = Date.parse(to) - Date.parse(from);
  return Number.isNaN(span) ? null : Math.max(0, Math.round(span / 1000));
}
