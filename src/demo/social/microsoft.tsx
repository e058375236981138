import type { MicrosoftSignIn } from '../../services/socialSignIn';
import { encodeDemoCredential } from '../socialCredential';
import { browserStorage, type KeyValueStorage } from '../storage';
import { loadAccounts, rememberAccount } from './accounts';
import { MicrosoftPicker, type MicrosoftOutcome } from './MicrosoftPicker';
import { mountInBody } from './mountInBody';
import { demoMsalError } from './msalError';

/** Creating the MSAL instance takes a moment in live mode; the demo keeps the "initializing" state visible. */
export const MICROSOFT_INIT_DELAY_MS = 300;
/**
 * QA switch: with localStorage "nanobanana.demo.microsoftInitFails" set to "1", initialize() rejects, so the
 * Microsoft button's "init failed" state can be reached (set it in the devtools, then reload).
 */
export const MICROSOFT_INIT_FAILS_KEY = 'nanobanana.demo.microsoftInitFails';

export interface DemoMicrosoftOptions {
  storage?: KeyValueStorage;
  initDelayMs?: number;
}

/** Demo mode's Microsoft sign-in: MSAL's popup replaced by a demo picker that can fail in every way MSAL does. */
export function createDemoMicrosoft({ storage, initDelayMs = MICROSOFT_INIT_DELAY_MS }: DemoMicrosoftOptions = {}): MicrosoftSignIn {
  const store = () => storage ?? browserStorage();
  let initialized = false;
  // MSAL allows one interactive flow at a time per tab.
  let picking = false;

  function initialize(): Promise<void> {
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        if (store().getItem(MICROSOFT_INIT_FAILS_KEY) === '1') {
          reject(new Error(`Demo: Microsoft sign-in failed to initialize (${MICROSOFT_INIT_FAILS_KEY} is "1")`));
          return;
        }
        initialized = true;
        resolve();
      }, initDelayMs);
    });
  }

  function signIn(): Promise<{ idToken: string | null }> {
    // As MSAL 3+: every API call before initialize() has finished throws this.
    if (!initialized) return Promise.reject(demoMsalError('uninitialized_public_client_application'));
    if (picking) return Promise.reject(demoMsalError('interaction_in_progress'));
    picking = true;
    return new Promise((resolve, reject) => {
      const finish = (outcome: MicrosoftOutcome) => {
        remove();
        picking = false;
        if (outcome.kind === 'error') reject(outcome.error);
        else if (outcome.kind === 'noIdToken') resolve({ idToken: null });
        else {
          if (outcome.isNew) rememberAccount('microsoft', outcome.account, store());
          resolve({ idToken: encodeDemoCredential('microsoft', outcome.account) });
        }
      };
      const remove = mountInBody(<MicrosoftPicker accounts={loadAccounts('microsoft', store())} onFinish={finish} />);
    });
  }

  return { initialize, signIn };
}
