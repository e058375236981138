import { expect, it } from 'vitest';
import { microsoftButtonMachine, microsoftErrorKind, type MicrosoftErrorKind } from '../../machines/microsoftButton.machine';
import type { AnyEventObject } from 'xstate';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const signedIn = { idToken: 'ms-id-token' };
const noToken = { idToken: null };
const emptyToken = { idToken: '' };
const initBroken = new Error('MSAL configuration is invalid');

/** Errors as the provided signIn actor throws them (already classified), and one it failed to classify. */
const cancelled = Object.assign(new Error('user_cancelled'), { kind: 'userCancelled' });
const blocked = Object.assign(new Error('popup_window_error'), { kind: 'popupBlocked' });
const busyElsewhere = Object.assign(new Error('interaction_in_progress'), { kind: 'interactionInProgress' });
const notReady = Object.assign(new Error('uninitialized_public_client_application'), { kind: 'authServiceNotReady' });
const serverDown = Object.assign(new Error('AADSTS50020: server_error'), { kind: 'other' });
const unclassified = new Error('Something odd');

const expectedKind = new Map<unknown, MicrosoftErrorKind>([
  [blocked, 'popupBlocked'],
  [busyElsewhere, 'interactionInProgress'],
  [notReady, 'authServiceNotReady'],
  [serverDown, 'other'],
  [unclassified, 'other'],
]);

const outputNames = new Map<unknown, string>([
  [signedIn, 'id token'],
  [noToken, 'no token'],
  [emptyToken, 'empty token'],
]);

function label(event: AnyEventObject): string {
  const output = outputNames.get(event.output);
  return output ? `done:signIn(${output})` : defaultEventLabel(event);
}

describeMachinePaths('microsoftButton machine', {
  eventLabel: label,
  machine: microsoftButtonMachine,
  events: [
    done('initialize', undefined),
    failure('initialize', initBroken),
    { type: 'RETRY' },
    { type: 'CLICK' },
    done('signIn', signedIn),
    done('signIn', noToken),
    done('signIn', emptyToken),
    failure('signIn', cancelled),
    failure('signIn', blocked),
    failure('signIn', busyElsewhere),
    failure('signIn', notReady),
    failure('signIn', serverDown),
    failure('signIn', unclassified),
  ],
  maxSimplePaths: 120,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    // The button is disabled until the service is up, while the popup is open, and when the service failed.
    expect(snapshot.hasTag('disabled')).toBe(!snapshot.matches('ready'));
    expect(snapshot.hasTag('busy')).toBe(snapshot.matches('loading'));

    // The auth client is created on entering initializing: at start and on each retry, never otherwise.
    const enteredInitializing = snapshot.matches('initializing') && (event.type === 'xstate.init' || event.type === 'RETRY');
    if (snapshot.matches('initializing')) expect(enteredInitializing).toBe(true);
    expect(stepInvocations('initialize')).toHaveLength(enteredInitializing ? 1 : 0);

    if (event.type === 'xstate.error.actor.initialize') {
      expect(snapshot.matches('initFailed')).toBe(true);
      expect(stepCalls('logInitFailure').map((call) => call.event)).toEqual([event]);
    } else {
      expect(stepCalls('logInitFailure')).toEqual([]);
    }
    if (event.type === 'xstate.done.actor.initialize') expect(snapshot.matches('ready')).toBe(true);

    if (event.type === 'CLICK') {
      expect(snapshot.matches('loading')).toBe(true);
      expect(context.error, 'a new attempt forgets the last failure').toBeNull();
      expect(stepCalls('showLoadingToast')).toHaveLength(1);
      expect(stepInvocations('signIn')).toHaveLength(1);
    } else {
      expect(stepCalls('showLoadingToast')).toEqual([]);
      expect(stepInvocations('signIn')).toEqual([]);
    }

    // Whatever the popup's outcome, the button is usable again and the loading toast goes away, once.
    const signInEnded = event.type === 'xstate.done.actor.signIn' || event.type === 'xstate.error.actor.signIn';
    if (signInEnded) expect(snapshot.matches('ready')).toBe(true);
    expect(stepCalls('dismissLoadingToast')).toHaveLength(signInEnded ? 1 : 0);

    if (event.type === 'xstate.done.actor.signIn' && event.output === signedIn) {
      expect(context.error).toBeNull();
      expect(stepCalls('notifySuccess').map((call) => call.event)).toEqual([event]);
    } else {
      expect(stepCalls('notifySuccess')).toEqual([]);
    }

    if (event.type === 'xstate.error.actor.signIn' && event.error === cancelled) {
      // Logged only: closing the popup is not an error to show.
      expect(stepCalls('logCancelled')).toHaveLength(1);
      expect(context.error).toBeNull();
    } else {
      expect(stepCalls('logCancelled')).toEqual([]);
    }

    const shownKind =
      event.type === 'xstate.done.actor.signIn' && event.output !== signedIn
        ? 'invalidToken'
        : event.type === 'xstate.error.actor.signIn'
          ? expectedKind.get(event.error)
          : undefined;
    if (shownKind) {
      expect(context.error).toBe(shownKind);
      // The toast reads the kind from the context, so it must already hold it when showError runs.
      expect(stepCalls('showError').map((call) => (call.context as typeof context).error)).toEqual([shownKind]);
    } else {
      expect(stepCalls('showError')).toEqual([]);
    }

    // Only a finished sign-in attempt changes the error.
    if (!signInEnded && event.type !== 'CLICK' && previous) expect(context.error).toBe(previous.context.error);
  },
});

it('microsoftButton machine: reads the kind a thrown error carries, anything else is "other"', () => {
  expect(microsoftErrorKind(blocked)).toBe('popupBlocked');
  expect(microsoftErrorKind({ kind: 'userCancelled' })).toBe('userCancelled');
  expect(microsoftErrorKind({ kind: 'network' })).toBe('other');
  expect(microsoftErrorKind({ kind: 42 })).toBe('other');
  expect(microsoftErrorKind(new Error('plain'))).toBe('other');
  expect(microsoftErrorKind('popupBlocked')).toBe('other');
  expect(microsoftErrorKind(null)).toBe('other');
  expect(microsoftErrorKind(undefined)).toBe('other');
});
