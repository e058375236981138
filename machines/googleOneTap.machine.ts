import { sendTo, setup } from 'xstate';
import type { GoogleCredential } from '../src/common/types';
import { globalActor } from './globalActors';
import { notProvidedCallback } from './notProvided';

export type GoogleOneTapEvent =
  /** The user actor's One Tap flag is on and nobody is signed in. */
  | { type: 'PROMPT_ALLOWED' }
  /** A user signed in another way, or the flag turned off. */
  | { type: 'PROMPT_BLOCKED' }
  // Sent back by the running prompt: Google's ID token and the raw nonce of the attempt.
  | ({ type: 'CREDENTIAL' } & GoogleCredential)
  | { type: 'DISMISSED' }
  // The login actor's verdict on the submitted credential (sent only for a Google sign-in).
  | { type: 'LOGIN_SUCCEEDED' }
  | { type: 'LOGIN_FAILED' };

export const googleOneTapMachine = setup({
  types: {} as { events: GoogleOneTapEvent },
  actors: {
    // Shows One Tap while running and takes it down when stopped; reports CREDENTIAL or DISMISSED.
    prompt: notProvidedCallback('prompt'),
  },
  actions: {
    // The credential goes to the global login actor as a Google sign-in; its outcome comes back as LOGIN_*.
    submitCredential: sendTo(globalActor('login'), ({ event }) => ({
      type: 'SUBMIT',
      request: {
        kind: 'google',
        credential: event.type === 'CREDENTIAL' ? event.credential : '',
        nonce: event.type === 'CREDENTIAL' ? event.nonce : '',
      },
    })),
  },
}).createMachine({
  id: 'googleOneTap',
  initial: 'off',
  // From any state: One Tap must not stay up (or come back) once it is no longer wanted.
  on: { PROMPT_BLOCKED: '.off' },
  states: {
    off: {
      on: { PROMPT_ALLOWED: 'prompting' },
    },
    prompting: {
      tags: 'visible',
      invoke: { id: 'prompt', src: 'prompt' },
      on: {
        CREDENTIAL: { target: 'signingIn', actions: 'submitCredential' },
        DISMISSED: 'off',
      },
    },
    signingIn: {
      tags: 'busy',
      on: {
        LOGIN_SUCCEEDED: 'off',
        LOGIN_FAILED: 'off',
      },
    },
  },
});
