import { fromCallback } from 'xstate';
import { googleOneTapMachine } from '../../machines/googleOneTap.machine';
import type { GoogleSignIn } from '../services/socialSignIn';

/** One Tap's statechart wired to the Google adapter; its credential goes to the global login actor. */
export function createGoogleOneTapLogic(google: GoogleSignIn) {
  return googleOneTapMachine.provide({
    actors: {
      prompt: fromCallback(({ sendBack }) =>
        google.prompt({
          onCredential: (credential) => sendBack({ type: 'CREDENTIAL', credential }),
          onDismissed: () => sendBack({ type: 'DISMISSED' }),
        }),
      ),
    },
    actions: {
      submitCredential: ({ event, system }) => {
        if (event.type === 'CREDENTIAL') system.get('login')?.send({ type: 'SUBMIT', request: { kind: 'google', credential: event.credential } });
      },
    },
  });
}
