import type { I18n } from '@lingui/core';
import { formatNumber } from './formatNumber';

/** A balance as a number in the reader's language, or a dash while it is not known (never a made-up 0). */
export function balanceText(i18n: I18n, credits: number | null | undefined): string {
  return credits === null || credits === undefined ? '—' : formatNumber(i18n, credits);
}
