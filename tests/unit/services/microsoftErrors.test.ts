import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { classifyMicrosoftError, MICROSOFT_OUTER_ERROR_MESSAGE, microsoftErrorMessage } from '../../../src/services/microsoft/errors';
import type { MicrosoftErrorKind } from '../../../machines/microsoftButton.machine';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

/** MSAL's errors carry `errorCode` and a message of the form "<code>: <description>". */
function msalError(errorCode: string, description = 'details'): Error & { errorCode: string } {
  return Object.assign(new Error(`${errorCode}: ${description}`), { name: 'BrowserAuthError', errorCode });
}

describe('classifyMicrosoftError', () => {
  it.each<[string, MicrosoftErrorKind]>([
    ['popup_window_error', 'popupBlocked'],
    ['empty_window_error', 'popupBlocked'],
    ['interaction_in_progress', 'interactionInProgress'],
    ['user_cancelled', 'userCancelled'],
    ['user_canceled', 'userCancelled'],
    ['uninitialized_public_client_application', 'authServiceNotReady'],
  ])('maps MSAL code %s to %s, without a message of its own', (code, kind) => {
    expect(classifyMicrosoftError(msalError(code))).toEqual({ kind });
    // A plain object with the code is enough: nothing depends on MSAL's classes.
    expect(classifyMicrosoftError({ errorCode: code })).toEqual({ kind });
  });

  it('agrees with the codes of the installed @azure/msal-browser', async () => {
    const msal = await import('@azure/msal-browser');
    const { BrowserAuthErrorCodes, ClientAuthErrorCodes } = msal;
    const browserError = (code: string) => new msal.BrowserAuthError(code, 'test-correlation-id');
    expect(classifyMicrosoftError(browserError(BrowserAuthErrorCodes.popupWindowError))).toEqual({ kind: 'popupBlocked' });
    expect(classifyMicrosoftError(browserError(BrowserAuthErrorCodes.emptyWindowError))).toEqual({ kind: 'popupBlocked' });
    expect(classifyMicrosoftError(browserError(BrowserAuthErrorCodes.interactionInProgress))).toEqual({ kind: 'interactionInProgress' });
    expect(classifyMicrosoftError(browserError(BrowserAuthErrorCodes.userCancelled))).toEqual({ kind: 'userCancelled' });
    expect(classifyMicrosoftError(browserError(BrowserAuthErrorCodes.uninitializedPublicClientApplication))).toEqual({ kind: 'authServiceNotReady' });
    expect(classifyMicrosoftError({ errorCode: ClientAuthErrorCodes.userCanceled })).toEqual({ kind: 'userCancelled' });
    const other = browserError(BrowserAuthErrorCodes.timedOut);
    expect(classifyMicrosoftError(other)).toEqual({ kind: 'other', message: other.message });
  });

  it('classifies any other MSAL error as other, keeping its own message', () => {
    expect(classifyMicrosoftError(msalError('server_error', 'AADSTS50020 user account not in tenant'))).toEqual({
      kind: 'other',
      message: 'server_error: AADSTS50020 user account not in tenant',
    });
  });

  it('classifies errors of unknown shape as other', () => {
    expect(classifyMicrosoftError(new Error('Network request failed'))).toEqual({ kind: 'other', message: 'Network request failed' });
    expect(classifyMicrosoftError('popup closed')).toEqual({ kind: 'other', message: 'popup closed' });
    expect(classifyMicrosoftError({ message: 'plain object' })).toEqual({ kind: 'other', message: 'plain object' });
    expect(classifyMicrosoftError({ errorCode: 42, message: 'odd code' })).toEqual({ kind: 'other', message: 'odd code' });
    // Nothing readable: "other" without a message, so the toast falls back to the generic text.
    expect(classifyMicrosoftError(null)).toEqual({ kind: 'other' });
    expect(classifyMicrosoftError(undefined)).toEqual({ kind: 'other' });
    expect(classifyMicrosoftError('')).toEqual({ kind: 'other' });
    expect(classifyMicrosoftError({})).toEqual({ kind: 'other' });
    expect(classifyMicrosoftError(new Error(''))).toEqual({ kind: 'other' });
    expect(classifyMicrosoftError(42)).toEqual({ kind: 'other' });
    // Names from Object.prototype are not codes.
    expect(classifyMicrosoftError({ errorCode: 'toString' })).toEqual({ kind: 'other' });
  });
});

describe('microsoftErrorMessage', () => {
  it.each<[MicrosoftErrorKind, string]>([
    ['authServiceNotReady', 'The Microsoft sign-in service is not ready yet. Try again in a moment.'],
    ['invalidToken', 'Microsoft did not return a valid sign-in token. Please try again.'],
    ['popupBlocked', 'The sign-in popup was blocked. Allow popups for this site and try again.'],
    ['interactionInProgress', 'A Microsoft sign-in is already in progress. Finish it or close its window first.'],
  ])('%s shows its own toast, whatever message came with it', (kind, text) => {
    expect(microsoftErrorMessage(kind)).toBe(text);
    expect(microsoftErrorMessage(kind, 'raw MSAL text')).toBe(text);
  });

  it('userCancelled shows no toast', () => {
    expect(microsoftErrorMessage('userCancelled')).toBeNull();
    expect(microsoftErrorMessage('userCancelled', 'user_cancelled: User cancelled the flow.')).toBeNull();
  });

  it('other shows the error’s own message, or the generic one without a usable message', () => {
    expect(microsoftErrorMessage('other', 'server_error: try later')).toBe('server_error: try later');
    expect(microsoftErrorMessage('other')).toBe('Microsoft login failed. Please try again.');
    expect(microsoftErrorMessage('other', '   ')).toBe('Microsoft login failed. Please try again.');
  });

  it('the outer failure has its fixed text', () => {
    expect(MICROSOFT_OUTER_ERROR_MESSAGE()).toBe('Microsoft sign up Error');
  });

  it('classify then message: what the button shows for each MSAL failure', () => {
    const toast = (error: unknown) => {
      const { kind, message } = classifyMicrosoftError(error);
      return microsoftErrorMessage(kind, message);
    };
    expect(toast(msalError('popup_window_error'))).toBe('The sign-in popup was blocked. Allow popups for this site and try again.');
    expect(toast(msalError('user_cancelled'))).toBeNull();
    expect(toast(msalError('server_error', 'boom'))).toBe('server_error: boom');
    expect(toast(null)).toBe('Microsoft login failed. Please try again.');
  });
});
