/** Reading the times the servers send. */

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
