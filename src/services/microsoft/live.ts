/**
 * Live Microsoft sign-in: MSAL's PublicClientApplication with the fixed settings (docs/product.md, "Microsoft
 * sign-in rules"). MSAL is large, so it is imported on first use, never by the landing bundle.
 *
 * The popup comes back to the redirect bridge page (MICROSOFT_REDIRECT_PATH), which hands MSAL's answer to this
 * window and closes itself; MSAL v5 needs that page. It is served without Cross-Origin-Opener-Policy, which would cut
 * the popup off from this window, so that a closed popup can be told at once (./popupClosed.ts).
 */
import type { PublicClientApplication } from '@azure/msal-browser';
import { config } from '../../config';
import { onAccountChange } from '../accountChange';
import type { MicrosoftSignIn } from '../socialSignIn';
import { msalAuthoritySettings } from './authority';
import { createOwnPopupGuard } from './ownPopup';
import { answerOrClosed } from './popupClosed';
import { MICROSOFT_REDIRECT_PATH } from './redirectBridge';

const SCOPES = ['openid', 'profile', 'email'];

/** MSAL's own code for "used before initialize", so the error classifier treats both alike. */
const UNINITIALIZED_CODE = 'uninitialized_public_client_application';

class MicrosoftNotReadyError extends Error {
  readonly errorCode = UNINITIALIZED_CODE;
  constructor() {
    super(`${UNINITIALIZED_CODE}: the Microsoft sign-in client is not initialized`);
    this.name = 'MicrosoftNotReadyError';
  }
}

async function createClient(): Promise<PublicClientApplication> {
  const msal = await import('@azure/msal-browser');
  const origin = window.location.origin;
  const { protocolMode, ...authority } = msalAuthoritySettings(config.microsoftAuthority);

  /** MSAL's client, except that a popup the visitor closes is a cancelled sign-in at once, not after 60 s. */
  class ClosedPopupAwareClient extends msal.PublicClientApplication {
    protected override waitForPopupResponse(...args: Parameters<PublicClientApplication['waitForPopupResponse']>): Promise<string> {
      const [request, popup] = args;
      return answerOrClosed(
        super.waitForPopupResponse(...args),
        { popup, visitorIsBack: () => document.hasFocus() },
        () => new msal.BrowserAuthError(msal.BrowserAuthErrorCodes.userCancelled, request.correlationId),
      );
    }
  }

  // Timings (broker handshake, bridge timeouts, token refresh offset) stay at MSAL's defaults.
  const instance = new ClosedPopupAwareClient({
    auth: {
      clientId: config.microsoftClientId,
      ...authority,
      redirectUri: `${origin}${MICROSOFT_REDIRECT_PATH}`,
      postLogoutRedirectUri: origin,
    },
    // The ID token is a credential (it signs the user in here): kept in memory, never in browser storage. The
    // popup sign-in works without a stored cache; only MSAL's short-lived interaction state uses sessionStorage.
    cache: { cacheLocation: 'memoryStorage' },
    ...(protocolMode ? { system: { protocolMode: msal.ProtocolMode.OIDC } } : {}),
  });
  await instance.initialize();
  return instance;
}

/** The sign-in adapter, and what a change of account needs of it. */
export interface LiveMicrosoftSignIn extends MicrosoftSignIn {
  /** Forgets every account MSAL holds (the active one included), with its tokens; nothing to do before a client exists. */
  forgetAccounts(): Promise<void>;
}

/** Builds an adapter with its own client; the app uses the single `liveMicrosoft` below. */
export function createLiveMicrosoft(): LiveMicrosoftSignIn {
  // Shared by concurrent callers; cleared on failure so the next initialize starts over.
  let creating: Promise<PublicClientApplication> | null = null;
  let ready: PublicClientApplication | null = null;
  // MSAL's in-progress flag outlives the page that set it (./ownPopup.ts): this page counts its own popups instead.
  const ownPopup = createOwnPopupGuard();

  return {
    async initialize() {
      creating ??= createClient().then(
        (instance) => {
          ready = instance;
          return instance;
        },
        (error: unknown) => {
          console.error('Failed to create the Microsoft auth instance', error);
          creating = null;
          throw error;
        },
      );
      await creating;
    },

    async signIn() {
      const client = ready;
      if (!client) throw new MicrosoftNotReadyError();
      // MSAL's errors propagate untouched: the classifier reads their errorCode.
      return ownPopup.run(async () => {
        // No popup of this page is open, so a flag MSAL still holds was left by an earlier page of this tab.
        const result = await client.loginPopup({ scopes: [...SCOPES], prompt: 'select_account', overrideInteractionInProgress: true });
        return { idToken: result.idToken || null };
      });
    },

    async forgetAccounts() {
      const client = ready;
      if (!client) return;
      client.setActiveAccount(null);
      await client.clearCache();
    },
  };
}

export const liveMicrosoft: LiveMicrosoftSignIn = createLiveMicrosoft();

// Signed out, or signed in as someone else: MSAL keeps nothing of the previous account.
onAccountChange(() => liveMicrosoft.forgetAccounts());
