import type { ReactNode } from 'react';
import type { GoogleButtonProps, GoogleSignIn, OneTapCallbacks } from '../../services/socialSignIn';
import { encodeDemoCredential, type DemoIdentity } from '../socialCredential';
import { browserStorage, type KeyValueStorage } from '../storage';
import { loadAccounts } from './accounts';
import { DemoGoogleButton } from './GoogleButton';
import { mountInBody } from './mountInBody';
import { OneTapCard } from './OneTapCard';

/** Google shows One Tap a moment after it is asked to, once its iframe has loaded. */
export const ONE_TAP_DELAY_MS = 600;

export interface DemoGoogleOptions {
  /** Where the remembered accounts live; the tab's localStorage unless a test hands in its own. */
  storage?: KeyValueStorage;
  oneTapDelayMs?: number;
}

function Passthrough({ children }: { children: ReactNode }) {
  return children;
}

/** Demo mode's Google sign-in: the same interface as the live adapter, with demo pickers in place of Google's. */
export function createDemoGoogle({ storage, oneTapDelayMs = ONE_TAP_DELAY_MS }: DemoGoogleOptions = {}): GoogleSignIn {
  const store = () => storage ?? browserStorage();

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
      onCredential(encodeDemoCredential('google', account));
    };
    const close = () => {
      takeDown();
      onDismissed();
    };
    const timer = setTimeout(() => {
      remove = mountInBody(<OneTapCard accounts={loadAccounts('google', store())} onChoose={choose} onClose={close} />);
    }, oneTapDelayMs);
    return takeDown;
  }

  return { Provider: Passthrough, Button, prompt };
}
