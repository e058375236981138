import { fromCallback } from 'xstate';
import { googleOneTapMachine } from '../../machines/googleOneTap.machine';
import type { GoogleSignIn } from '../services/socialSignIn';

/** One Tap's statechart wired to the Google adapter (the machine itself hands the credential to the login actor). */
export function createGoogleOneTapLogic(google: GoogleSignIn) {
  return googleOneTapMachine.provide({
    actors: {
      prompt: fromCallback(({ sendBack }) =>
        google.prompt({
          onCredential: ({ credential, nonce }) => sendBack({ type: 'CREDENTIAL', credential, nonce }),
          onDismissed: () => sendBack({ type: 'DISMISSED' }),
        }),
      ),
    },
  });
}
