import type { GoogleButtonProps, GoogleSignIn, OneTapCallbacks } from '../../services/socialSignIn';
import { demoNonce, encodeDemoCredential, type DemoIdentity } from '../socialCredential';
import { browserSessionStorage, browserStorage, writeSafely, type KeyValueStorage } from '../storage';
import { loadAccounts } from './accounts';
import { DemoGoogleButton } from './GoogleButton';
import { mountInBody } from './mountInBody';
import { OneTapCard } from './OneTapCard';

/** Google shows One Tap a moment after it is asked to, once its iframe has loaded. */
export const ONE_TAP_DELAY_MS = 600;

/**
 * Closed One Tap stays closed for the rest of the visit (the tab's session), as Google holds a closed prompt back
 * for a cooling-off period rather than showing it on the next page.
 */
const ONE_TAP_CLOSED_KEY = 'nanobanana.demo.oneTapClosed';

export interface DemoGoogleOptions {
  /** Where the remembered accounts live; the tab's localStorage unless a test hands in its own. */
  storage?: KeyValueStorage;
  /** Where a closed One Tap is remembered; the tab's sessionStorage unless a test hands in its own. */
  sessionStorage?: KeyValueStorage;
  oneTapDelayMs?: number;
}

/** Demo mode's Google sign-in: the same interface as the live adapter, with demo pickers in place of Google's. */
export function createDemoGoogle({ storage, sessionStorage, oneTapDelayMs = ONE_TAP_DELAY_MS }: DemoGoogleOptions = {}): GoogleSignIn {
  const store = () => storage ?? browserStorage();
  const session = () => sessionStorage ?? browserSessionStorage();

  function Button(props: GoogleButtonProps) {
    return <DemoGoogleButton {...props} storage={store} />;
  }

  function prompt({ onCredential, onDismissed }: OneTapCallbacks): () => void {
    let remove: (() => void) | null = null;
    const takeDown = () => {
      clearTimeout(timer);
      remove?.();
      remove = null;
    };
    const choose = (account: DemoIdentity) => {
      takeDown();
      onCredential({ credential: encodeDemoCredential('google', account), nonce: demoNonce() });
    };
    const close = () => {
      takeDown();
      writeSafely(session(), ONE_TAP_CLOSED_KEY, '1');
      onDismissed();
    };
    const timer = setTimeout(() => {
      // Closed earlier in this visit: not displayed, which the app hears as dismissed.
      if (session().getItem(ONE_TAP_CLOSED_KEY) === '1') {
        onDismissed();
        return;
      }
      remove = mountInBody(<OneTapCard accounts={loadAccounts('google', store())} onChoose={choose} onClose={close} />);
    }, oneTapDelayMs);
    return takeDown;
  }

  return { Button, prompt };
}
