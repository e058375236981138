/**
 * MSAL's errors as the Microsoft button's statechart sees them, and the toast each one shows.
 * MSAL is compared by its `errorCode` strings, never imported: the library is large and loads lazily.
 */
import { t } from '@lingui/core/macro';
import type { MicrosoftErrorKind } from '../../../machines/microsoftButton.machine';

export type { MicrosoftErrorKind };

export interface ClassifiedMicrosoftError {
  kind: MicrosoftErrorKind;
  /** The error's own text, shown for "other" errors. */
  message?: string;
}

// BrowserAuthErrorCodes (msal-browser) and ClientAuthErrorCodes (msal-common) of @azure/msal-browser 5.x.
// A Map, not an object literal: a code like "toString" must not find Object.prototype.
const KIND_BY_CODE: ReadonlyMap<string, MicrosoftErrorKind> = new Map([
  ['popup_window_error', 'popupBlocked'],
  ['empty_window_error', 'popupBlocked'],
  ['interaction_in_progress', 'interactionInProgress'],
  ['user_cancelled', 'userCancelled'],
  // msal-common spells it with one "l".
  ['user_canceled', 'userCancelled'],
  ['uninitialized_public_client_application', 'authServiceNotReady'],
]);

function stringField(error: unknown, field: string): string | undefined {
  if (typeof error !== 'object' || error === null || !(field in error)) return undefined;
  const value: unknown = (error as Record<string, unknown>)[field];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function classifyMicrosoftError(error: unknown): ClassifiedMicrosoftError {
  const code = stringField(error, 'errorCode');
  const kind = code === undefined ? undefined : KIND_BY_CODE.get(code);
  if (kind) return { kind };
  const message = typeof error === 'string' && error !== '' ? error : stringField(error, 'message');
  return message === undefined ? { kind: 'other' } : { kind: 'other', message };
}

/** The toast for a failed sign-in, in the active locale; null when none is shown (the visitor cancelled). */
export function microsoftErrorMessage(kind: MicrosoftErrorKind, message?: string): string | null {
  switch (kind) {
    case 'authServiceNotReady':
      return t`The Microsoft sign-in service is not ready yet. Try again in a moment.`;
    case 'invalidToken':
      return t`Microsoft did not return a valid sign-in token. Please try again.`;
    case 'popupBlocked':
      return t`The sign-in popup was blocked. Allow popups for this site and try again.`;
    case 'interactionInProgress':
      return t`A Microsoft sign-in is already in progress. Finish it or close its window first.`;
    case 'userCancelled':
      return null;
    case 'other':
      return message?.trim() ? message : t`Microsoft login failed. Please try again.`;
  }
}

/** The toast when handing the Microsoft sign-in on fails outright (docs/product.md, "Microsoft sign-in rules"). */
export const MICROSOFT_OUTER_ERROR_MESSAGE = () => t`Microsoft sign up Error`;
