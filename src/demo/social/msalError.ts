/**
 * Errors shaped like MSAL's (an Error with an `errorCode`), so the demo's failures go through the same
 * classifier as live mode's (src/services/microsoft/errors.ts) and every live error path is reachable.
 */
export type DemoMsalErrorCode =
  'popup_window_error' | 'interaction_in_progress' | 'user_cancelled' | 'uninitialized_public_client_application' | 'server_error';

export interface DemoMsalError extends Error {
  errorCode: DemoMsalErrorCode;
  errorMessage: string;
}

// MSAL's own wording, so logs read the same in both modes.
const MESSAGES: Record<DemoMsalErrorCode, string> = {
  popup_window_error: 'Error opening popup window. This can happen if you are using Internet Explorer or if popups are blocked in the browser.',
  interaction_in_progress:
    'Interaction is currently in progress. Please ensure that this interaction has been completed before calling an interactive API.',
  user_cancelled: 'User cancelled the flow.',
  uninitialized_public_client_application: 'You must call and await the initialize function before attempting to call any other MSAL API.',
  server_error: 'Demo: Microsoft returned an error',
};

export function demoMsalError(errorCode: DemoMsalErrorCode): DemoMsalError {
  const errorMessage = MESSAGES[errorCode];
  // MSAL prefixes the message with the code, except for server errors that carry the service's own text.
  const message = errorCode === 'server_error' ? errorMessage : `${errorCode}: ${errorMessage}`;
  return Object.assign(new Error(message), { name: 'BrowserAuthError', errorCode, errorMessage });
}
