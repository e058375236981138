import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvidedAction, notProvidedActor } from './notProvided';

/** Why a Microsoft sign-in failed; each kind has its own toast, except userCancelled (logged only). */
export type MicrosoftErrorKind = 'authServiceNotReady' | 'invalidToken' | 'popupBlocked' | 'interactionInProgress' | 'userCancelled' | 'other';

const MICROSOFT_ERROR_KINDS: ReadonlySet<string> = new Set<MicrosoftErrorKind>([
  'authServiceNotReady',
  'invalidToken',
  'popupBlocked',
  'interactionInProgress',
  'userCancelled',
  'other',
]);

function isMicrosoftErrorKind(value: unknown): value is MicrosoftErrorKind {
  return typeof value === 'string' && MICROSOFT_ERROR_KINDS.has(value);
}

/**
 * The `kind` a sign-in error carries. The provided signIn actor classifies MSAL's errors before throwing
 * (machines cannot import src/), so anything without a known kind is simply "other".
 */
export function microsoftErrorKind(error: unknown): MicrosoftErrorKind {
  if (typeof error !== 'object' || error === null || !('kind' in error)) return 'other';
  const { kind } = error;
  return isMicrosoftErrorKind(kind) ? kind : 'other';
}

/** What the sign-in popup resolves with; a result without an ID token is not a sign-in. */
export interface MicrosoftSignInOutput {
  idToken: string | null;
}

export interface MicrosoftButtonContext {
  /** The last failed attempt's kind, cleared by the next click. */
  error: MicrosoftErrorKind | null;
}

export type MicrosoftButtonEvent =
  | { type: 'CLICK' }
  | { type: 'RETRY' }
  // What the invoked actors report; listed so the model test and the fuzz send them with types.
  | DoneActorEvent<void, 'initialize'>
  | ErrorActorEvent<unknown, 'initialize'>
  | DoneActorEvent<MicrosoftSignInOutput, 'signIn'>
  | ErrorActorEvent<unknown, 'signIn'>;

export const microsoftButtonMachine = setup({
  types: {} as { context: MicrosoftButtonContext; events: MicrosoftButtonEvent },
  actors: {
    // Creates the auth client lazily, so the large MSAL bundle loads only where the button shows.
    initialize: notProvidedActor<void>('initialize'),
    signIn: notProvidedActor<MicrosoftSignInOutput>('signIn'),
  },
  actions: {
    showLoadingToast: notProvidedAction('showLoadingToast'),
    dismissLoadingToast: notProvidedAction('dismissLoadingToast'),
    notifySuccess: notProvidedAction('notifySuccess'),
    showError: notProvidedAction('showError'),
    logInitFailure: notProvidedAction('logInitFailure'),
    logCancelled: notProvidedAction('logCancelled'),
    clearError: assign({ error: null }),
    setInvalidTokenError: assign({ error: 'invalidToken' }),
    setError: assign((_, { error }: { error: unknown }) => ({ error: microsoftErrorKind(error) })),
  },
  guards: {
    hasIdToken: (_, { idToken }: MicrosoftSignInOutput) => typeof idToken === 'string' && idToken !== '',
    isUserCancelled: (_, { error }: { error: unknown }) => microsoftErrorKind(error) === 'userCancelled',
  },
}).createMachine({
  id: 'microsoftButton',
  context: { error: null },
  initial: 'initializing',
  states: {
    initializing: {
      tags: 'disabled',
      invoke: {
        id: 'initialize',
        src: 'initialize',
        onDone: 'ready',
        onError: { target: 'initFailed', actions: 'logInitFailure' },
      },
    },
    ready: {
      on: { CLICK: { target: 'loading', actions: ['clearError', 'showLoadingToast'] } },
    },
    loading: {
      tags: ['disabled', 'busy'],
      invoke: {
        id: 'signIn',
        src: 'signIn',
        onDone: [
          { guard: { type: 'hasIdToken', params: ({ event }) => event.output }, target: 'ready', actions: ['dismissLoadingToast', 'notifySuccess'] },
          { target: 'ready', actions: ['dismissLoadingToast', 'setInvalidTokenError', 'showError'] },
        ],
        onError: [
          // Closing the popup is the visitor's choice, not a failure worth a toast.
          {
            guard: { type: 'isUserCancelled', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: ['dismissLoadingToast', 'logCancelled'],
          },
          {
            target: 'ready',
            actions: ['dismissLoadingToast', { type: 'setError', params: ({ event }) => ({ error: event.error }) }, 'showError'],
          },
        ],
      },
    },
    initFailed: {
      tags: 'disabled',
      on: { RETRY: 'initializing' },
    },
  },
});
