/**
 * Live Google sign-in: @react-oauth/google's provider (it loads Google's GSI script) and button, plus
 * One Tap driven directly through `google.accounts.id`. Boot imports this module only in live mode.
 */
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { config } from '../../config';
import type { GoogleButtonProps, GoogleSignIn, OneTapCallbacks } from '../socialSignIn';

/** How often, and how long in all, One Tap waits for the provider's GSI script to arrive. */
export const GSI_POLL_INTERVAL_MS = 100;
export const GSI_WAIT_LIMIT_MS = 10_000;

const BUTTON_WIDTH = 320;

/** The little of Google Identity Services that One Tap uses. */
interface GsiPromptNotification {
  isNotDisplayed?(): boolean;
  isSkippedMoment?(): boolean;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

interface GsiId {
  initialize(options: {
    client_id: string;
    callback(response: { credential?: string }): void;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
  }): void;
  prompt(listener?: (notification: GsiPromptNotification) => void): void;
  cancel(): void;
}

interface WindowWithGsi {
  google?: { accounts?: { id?: GsiId } };
}

function gsi(): GsiId | undefined {
  return (window as WindowWithGsi).google?.accounts?.id;
}

function Provider({ children }: { children: ReactNode }) {
  return <GoogleOAuthProvider clientId={config.googleClientId}>{children}</GoogleOAuthProvider>;
}

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

function readTheme(): string | undefined {
  return document.documentElement.dataset.theme;
}

function Button({ onCredential, onError }: GoogleButtonProps) {
  // Follows the app's theme as it changes, so the button never clashes with the modal around it.
  const theme = useSyncExternalStore(subscribeToTheme, readTheme);
  return (
    <GoogleLogin
      onSuccess={(response) => (response.credential ? onCredential(response.credential) : onError(new Error('Google returned no credential')))}
      onError={() => onError(new Error('Google sign-in failed'))}
      text="continue_with"
      width={BUTTON_WIDTH}
      theme={theme === 'dark' ? 'filled_black' : 'outline'}
    />
  );
}

function isClosed(notification: GsiPromptNotification): boolean {
  return Boolean(notification.isNotDisplayed?.() || notification.isSkippedMoment?.() || notification.isDismissedMoment?.());
}

function prompt({ onCredential, onDismissed }: OneTapCallbacks): () => void {
  // Once taken down, or once an outcome is reported, Google's later notifications are ignored: after a
  // credential GSI still reports a "dismissed" moment (reason credential_returned).
  let settled = false;
  let shown: GsiId | null = null;
  let waited = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const settle = (report: () => void) => {
    if (settled) return;
    settled = true;
    report();
  };

  const show = (id: GsiId) => {
    shown = id;
    id.initialize({
      client_id: config.googleClientId,
      callback: (response) => {
        const credential = response.credential;
        if (credential) settle(() => onCredential(credential));
        else settle(onDismissed);
      },
      cancel_on_tap_outside: true,
      itp_support: true,
    });
    id.prompt((notification) => {
      if (isClosed(notification)) settle(onDismissed);
    });
  };

  // The provider loads the GSI script on its own schedule; poll for it, but not forever.
  const waitForGsi = () => {
    timer = undefined;
    if (settled) return;
    const id = gsi();
    if (id) {
      show(id);
    } else if (waited >= GSI_WAIT_LIMIT_MS) {
      settle(onDismissed);
    } else {
      waited += GSI_POLL_INTERVAL_MS;
      timer = setTimeout(waitForGsi, GSI_POLL_INTERVAL_MS);
    }
  };
  waitForGsi();

  return () => {
    settled = true;
    if (timer !== undefined) clearTimeout(timer);
    shown?.cancel();
  };
}

export const liveGoogle: GoogleSignIn = { Provider, Button, prompt };
