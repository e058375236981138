import { i18n as activeI18n, type I18n } from '@lingui/core';
import { plural, t } from '@lingui/core/macro';
import { HUGE_NUMBER, NO_NUMBER, formatNumber } from './formatNumber';
import { formatList } from './formatList';

/** A credit figure with its unit, in the active language: "1 credit", "9 credits", "9 Credits", "9 кредитов". */
export function creditsText(credits: number): string {
  if (!Number.isFinite(credits)) return NO_NUMBER;
  if (Math.abs(credits) >= HUGE_NUMBER) {
    // Past the digits that mean anything, the number is written as formatNumber writes it (scientific).
    const huge = formatNumber(activeI18n, credits);
    return t`${huge} credits`;
  }
  return plural(credits, { one: '# credit', other: '# credits' });
}

/** A price that depends on the resolution: "9 credits" when it does not, else "4–9 credits". */
export function creditRangeText(i18n: I18n, low: number, high: number): string {
  if (low === high) return creditsText(low);
  const from = formatNumber(i18n, low);
  return plural(high, { one: `${from}–# credit`, other: `${from}–# credits` });
}

export interface ModelPrice {
  /** The model's product name, which may end in a digit ("Nano Banana 2"). */
  name: string;
  /** Its price, with its unit ("4 credits", "4–9 credits"). */
  price: string;
}

/**
 * Models with their prices, as one list of the reader's language, each item "name: price"
 * ("Nano Banana 2: 4 credits, Nano Banana Pro: 9 credits"): a name ending in a digit never runs into its price.
 */
export function modelPriceList(i18n: I18n, prices: readonly ModelPrice[]): string {
  return formatList(
    i18n,
    prices.map(({ name, price }) => t`${name}: ${price}`),
  );
}

/** What a task's usage record says it cost: the credits it was charged and the part of them given back. */
export interface TaskCredits {
  credits: number;
  refundedCredits: number;
}

/**
 * A task's cost, spelled the same on the dashboard and in the history: what it finally cost, and for a refunded
 * task what was given back ("0 credits (8 refunded)"). The record's `credits` is what was charged; a failed task
 * is refunded in full, so what the user paid is the charge less the refund.
 */
export function taskCreditsText(i18n: I18n, { credits, refundedCredits }: TaskCredits): string {
  const paid = creditsText(Math.max(0, credits - refundedCredits));
  if (!(refundedCredits > 0)) return paid;
  const refunded = formatNumber(i18n, refundedCredits);
  return t`${paid} (${refunded} refunded)`;
}
