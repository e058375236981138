/**
 * The demo mailbox: there is no real e-mail in demo mode, so a code "sent" to an address is shown in a toast
 * (and remembered here for tests).
 */
import { t } from '@lingui/core/macro';
import { toast } from '../ui/toast';
import { codeNoticeId } from '../services/codeNotice';
import type { CaptchaPurpose } from '../api/contract';
import { normalizeEmail } from './db';

export const MAILBOX_TOAST_MS = 30_000;

interface Delivery {
  code: string;
  purpose: CaptchaPurpose;
}
const lastDeliveries = new Map<string, Delivery>();

export function deliverCode(email: string, code: string, purpose: CaptchaPurpose): void {
  const address = normalizeEmail(email);
  lastDeliveries.set(address, { code, purpose });
  // One toast per address: a resend replaces the old code instead of stacking a second one, and the sign-up or
  // password change the code was for closes it.
  toast(t`Demo mailbox: your code is ${code}`, { id: codeNoticeId(address), duration: MAILBOX_TOAST_MS });
}

/** The last code delivered to an address, if any. */
export function lastCodeFor(email: string, purpose?: CaptchaPurpose): string | undefined {
  const delivery = lastDeliveries.get(normalizeEmail(email));
  return delivery && (purpose === undefined || delivery.purpose === purpose) ? delivery.code : undefined;
}
