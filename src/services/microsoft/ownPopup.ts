/**
 * One Microsoft sign-in popup at a time, counted by this page rather than by MSAL's flag.
 *
 * MSAL Browser marks "an interaction is in progress" in the tab's sessionStorage, whatever `cacheLocation` says
 * ("Caching in MSAL": temporary cache entries are always kept in session storage or in memory,
 * https://learn.microsoft.com/en-us/entra/msal/javascript/browser/caching). A reload or a navigation while the popup
 * is open ends the page that set the flag but not the flag, and every later popup in that tab is refused with
 * `interaction_in_progress` (MSAL issue #8055, "interaction_in_progress from acquireTokenPopup after refresh",
 * https://github.com/AzureAD/microsoft-authentication-library-for-js/issues/8055). A tab duplicated from one with a
 * popup open inherits the same flag with its sessionStorage.
 *
 * MSAL's documented way out, for popup flows only, is `PopupRequest.overrideInteractionInProgress` (MSAL.js
 * "Login User", section "Handling popup interaction_in_progress errors",
 * https://github.com/AzureAD/microsoft-authentication-library-for-js/blob/dev/lib/msal-browser/docs/login-user.md,
 * and the option's own note in @azure/msal-browser 5.29.0, `types/request/PopupRequest.d.ts`). It clears the flag and
 * cancels the popup request this page's MSAL is still waiting for (`interaction_in_progress_cancelled`), without
 * closing that popup. So it must never run while this page's own sign-in is open: this guard refuses a second sign-in
 * then, with MSAL's own `interaction_in_progress`, and only otherwise lets the caller override. A flag found when no
 * sign-in of this page is open was left by an earlier page of the tab: no popup of this page can own it.
 *
 * Chosen over the alternatives: clearing MSAL's sessionStorage keys by name relies on its internal key names, and
 * `temporaryCacheLocation: 'memoryStorage'` (the workaround issue #8055 weighs) is no longer a cache option in v5
 * (absent from 5.29.0's `CacheOptions`).
 */

/** MSAL's BrowserAuthErrorCodes.interactionInProgress: the error classifier words both alike. */
const INTERACTION_IN_PROGRESS = 'interaction_in_progress';

export class OwnPopupOpenError extends Error {
  readonly errorCode = INTERACTION_IN_PROGRESS;
  constructor() {
    super(`${INTERACTION_IN_PROGRESS}: a Microsoft sign-in popup of this page is still open`);
    this.name = 'OwnPopupOpenError';
  }
}

export interface OwnPopupGuard {
  /**
   * Runs `openPopup` when no sign-in of this page is open, and keeps count until it settles; refuses with
   * OwnPopupOpenError (not calling it) while one is. Within `openPopup`, MSAL's in-progress flag belongs to no popup
   * of this page and may be overridden.
   */
  run<T>(openPopup: () => Promise<T>): Promise<T>;
}

export function createOwnPopupGuard(): OwnPopupGuard {
  let open = false;
  return {
    async run(openPopup) {
      if (open) throw new OwnPopupOpenError();
      open = true;
      try {
        return await openPopup();
      } finally {
        open = false;
      }
    },
  };
}
