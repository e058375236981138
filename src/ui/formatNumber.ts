import type { I18n } from '@lingui/core';

/** Shown in place of a number that is none: NaN, or an infinity that a sum of huge values ran into. */
export const NO_NUMBER = '—';

/** Past this, the digits are noise (beyond 2^53) and would run out of a table cell: scientific notation instead. */
export const HUGE_NUMBER = 1e15;

/** Intl's wording, or null where Intl refuses (a currency code it does not know, options out of range). */
function tryFormat(i18n: I18n, value: number, options: Intl.NumberFormatOptions): string | null {
  try {
    return i18n.number(value, Math.abs(value) >= HUGE_NUMBER ? { ...options, notation: 'scientific', maximumFractionDigits: 3 } : options);
  } catch {
    return null;
  }
}

/**
 * A number from the server (or one worked out from it) in the reader's language. Never throws: one bad field
 * must not take its page down.
 */
export function formatNumber(i18n: I18n, value: number, options: Intl.NumberFormatOptions = {}): string {
  if (!Number.isFinite(value)) return NO_NUMBER;
  return tryFormat(i18n, value, options) ?? tryFormat(i18n, value, {}) ?? String(value);
}

/**
 * An amount in the currency the server names. Intl knows three-letter ISO codes only: any other (`USDT`, `''`,
 * `'usd '` once trimmed is fine) shows the amount with the code as the server wrote it, instead of throwing.
 */
export function formatMoney(i18n: I18n, amount: number, currency: string): string {
  if (!Number.isFinite(amount)) return NO_NUMBER;
  const code = currency.trim();
  const money = code === '' ? null : tryFormat(i18n, amount, { style: 'currency', currency: code });
  if (money !== null) return money;
  const number = formatNumber(i18n, amount, { minimumFractionDigits: 2, maximumFractionDigits: 8 });
  return code === '' ? number : `${number} ${code}`;
}
