import { notify } from './notifier';

/**
 * The id of the notice that carries an e-mailed code for an address (the demo's mailbox shows the code itself in
 * one): one per address, so a resend replaces it, and the sign-up or password change it was for can close it.
 */
export function codeNoticeId(email: string): string {
  return `email-code:${email.trim().toLowerCase()}`;
}

/** The code has done its job (the account is made, the password changed): its notice goes. */
export function closeCodeNotice(email: string): void {
  notify.dismiss(codeNoticeId(email));
}
