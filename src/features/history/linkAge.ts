/**
 * How old a result's link is, and whether it may have expired. The task API keeps generated files about 14 days
 * (`resultImageUrl`); the model vendor's own link (`originImageUrl`) lasts about 10 minutes. The history list's
 * records carry result links without saying which kind each is, so the rule goes by the task's time: a link is
 * fresh for 12 days, expires soon in its last 2, and may have expired from day 14 on. The records give the time
 * the task was created; a task ends seconds to minutes later, well inside the margin.
 */
export const STORED_FILE_DAYS = 14;
const EXPIRES_SOON_DAYS = 2;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

type LinkState = 'fresh' | 'expiresSoon' | 'mayHaveExpired';

export interface LinkAge {
  /** Milliseconds since the task was made; 0 for a time in the future (a clock ahead of ours). */
  ageMs: number;
  state: LinkState;
  /** The age in its largest whole unit, for display: minutes under an hour, hours under a day, then days. */
  amount: number;
  unit: 'minute' | 'hour' | 'day';
}

/** The age of links made at `createTime` as of `now`; null when the time cannot be read. */
export function linkAge(createTime: string, now: number): LinkAge | null {
  const made = Date.parse(createTime);
  if (Number.isNaN(made) || !Number.isFinite(now)) return null;
  const ageMs = Math.max(0, now - made);
  const state: LinkState =
    ageMs >= STORED_FILE_DAYS * DAY_MS ? 'mayHaveExpired' : ageMs >= (STORED_FILE_DAYS - EXPIRES_SOON_DAYS) * DAY_MS ? 'expiresSoon' : 'fresh';
  if (ageMs < HOUR_MS) return { ageMs, state, amount: Math.floor(ageMs / MINUTE_MS), unit: 'minute' };
  if (ageMs < DAY_MS) return { ageMs, state, amount: Math.floor(ageMs / HOUR_MS), unit: 'hour' };
  return { ageMs, state, amount: Math.floor(ageMs / DAY_MS), unit: 'day' };
}
