import type { I18n } from '@lingui/core';

/** Shown in place of a time the server sent in a form no calendar reads. */
export const UNREADABLE_TIME = '—';

/** The task API's way of writing a time: local time with no zone, `YYYY-MM-DD HH:mm:ss`. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/;

/**
 * Milliseconds since the epoch of a server time: ISO 8601, or the task API's `YYYY-MM-DD HH:mm:ss` read as the
 * wall-clock time it says (browsers disagree on parsing that form; `24:00:00` is midnight ending the day). NaN
 * when the value is not a time (the task API sends `""` for a time not reached yet).
 */
export function parseServerTime(value: string | number | Date): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value;
  const local = LOCAL_TIME.exec(value.trim());
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1).map(Number) as [number, number, number, number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 24 || minute > 59 || second > 59) return Number.NaN;
    return new Date(year, month - 1, day, hour, minute, second).getTime();
  }
  return value.trim() === '' ? Number.NaN : Date.parse(value);
}

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
