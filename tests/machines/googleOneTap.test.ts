import { expect } from 'vitest';
import { googleOneTapMachine } from '../../machines/googleOneTap.machine';
import { describeMachinePaths } from './pathRunner';

describeMachinePaths('googleOneTap machine', {
  machine: googleOneTapMachine,
  events: [
    { type: 'PROMPT_ALLOWED' },
    { type: 'PROMPT_BLOCKED' },
    { type: 'CREDENTIAL', credential: 'google-jwt', nonce: 'attempt-nonce' },
    { type: 'DISMISSED' },
    { type: 'LOGIN_SUCCEEDED' },
    { type: 'LOGIN_FAILED' },
  ],
  // One Tap's answers arrive through the running prompt's sendBack, as from Google's library; the runner fails a
  // step whose prompt is not running.
  callbacks: { prompt: ['CREDENTIAL', 'DISMISSED'] },
  receivers: ['login'],
  assertState: (snapshot, { event, previous, stepInvocations, stepReceived }) => {
    expect(snapshot.hasTag('visible')).toBe(snapshot.matches('prompting'));
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('signingIn'));

    // One Tap is up exactly while prompting: shown on entering, taken down (the callback stopped) on leaving.
    expect(Object.keys(snapshot.children)).toEqual(snapshot.matches('prompting') ? ['prompt'] : []);
    const enteredPrompting = snapshot.matches('prompting') && !previous?.matches('prompting');
    expect(stepInvocations('prompt')).toHaveLength(enteredPrompting ? 1 : 0);
    if (event.type === 'PROMPT_ALLOWED') expect(snapshot.matches('prompting')).toBe(true);

    if (event.type === 'CREDENTIAL') {
      expect(snapshot.matches('signingIn')).toBe(true);
      // The credential goes to the login actor as it came, with its attempt's nonce, once, as a Google sign-in.
      expect(stepReceived('login')).toEqual([{ type: 'SUBMIT', request: { kind: 'google', credential: event.credential, nonce: event.nonce } }]);
    } else {
      expect(stepReceived('login')).toEqual([]);
    }

    // Dismissed, blocked (from anywhere) or the login settled: One Tap is off until allowed again.
    if (event.type === 'DISMISSED' || event.type === 'PROMPT_BLOCKED' || event.type === 'LOGIN_SUCCEEDED' || event.type === 'LOGIN_FAILED') {
      expect(snapshot.matches('off')).toBe(true);
    }
  },
});
