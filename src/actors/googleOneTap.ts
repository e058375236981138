import { fromCallback } from 'xstate';
import { googleOneTapMachine } from '../../machines/googleOneTap.machine';
import type { GoogleSignIn } from '../services/socialSignIn';

/**
 * One Tap's statechart wired to the Google adapter (the machine itself hands the credential to the login actor). In a
 * build without Google (null) every prompt ends at once as not shown.
 */
export function createGoogleOneTapLogic(google: GoogleSignIn | null) {
  return googleOneTapMachine.provide({
    actors: {
      prompt: fromCallback(({ sendBack }) => {
        if (!google) {
          sendBack({ type: 'DISMISSED' });
          return undefined;
        }
        return google.prompt({
          onCredential: ({ credential, nonce }) => sendBack({ type: 'CREDENTIAL', credential, nonce }),
          onDismissed: () => sendBack({ type: 'DISMISSED' }),
        });
      }),
    },
  });
}
