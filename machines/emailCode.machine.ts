import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { refusal, rejection, type CallFailure } from './callErrors';
import { notProvidedAction, notProvidedActor } from './notProvided';

/** How long the visitor waits before asking for another code. */
export const COOLDOWN_SECONDS = 60;

type EmailCodePurpose = 'register' | 'resetPassword';

export interface SendCodeInput {
  email: string;
  purpose: EmailCodePurpose;
}

export interface EmailCodeContext {
  secondsLeft: number;
  error: string | null;
}

export type EmailCodeEvent =
  | { type: 'SEND'; email: string; purpose: EmailCodePurpose }
  // What the invoked sender reports; listed so the model test and the fuzz send it with types.
  | DoneActorEvent<ResultEnvelope<unknown>, 'sendCode'>
  | ErrorActorEvent<unknown, 'sendCode'>;

export const emailCodeMachine = setup({
  types: {} as { context: EmailCodeContext; events: EmailCodeEvent },
  actors: {
    sendCode: notProvidedActor<ResultEnvelope<unknown>, SendCodeInput>('sendCode'),
  },
  actions: {
    notifyCodeSent: notProvidedAction('notifyCodeSent'),
    clearError: assign({ error: null }),
    startCooldown: assign({ secondsLeft: COOLDOWN_SECONDS, error: null }),
    decrementSeconds: assign({ secondsLeft: ({ context }) => context.secondsLeft - 1 }),
    endCooldown: assign({ secondsLeft: 0 }),
    // Why the call failed (a refused answer or a rejected call), for the view to word.
    setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
  },
  guards: {
    isOk: (_, { code }: { code: number | string }) => code === 200,
    hasSecondsLeft: ({ context }) => context.secondsLeft > 1,
  },
  delays: {
    ONE_SECOND: 1000,
  },
}).createMachine({
  id: 'emailCode',
  context: { secondsLeft: 0, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { SEND: { target: 'sending', actions: 'clearError' } },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ event }) => {
          // Entered only through SEND; anything else is a wiring bug worth surfacing.
          if (event.type !== 'SEND') throw new Error(`emailCode: sending entered by ${event.type}`);
          return { email: event.email, purpose: event.purpose };
        },
        onDone: [
          {
            guard: { type: 'isOk', params: ({ event }) => ({ code: event.output.code }) },
            target: 'cooldown',
            actions: ['startCooldown', 'notifyCodeSent'],
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
        ],
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
    },
    cooldown: {
      tags: 'coolingDown',
      after: {
        ONE_SECOND: [
          { guard: 'hasSecondsLeft', target: 'cooldown', reenter: true, actions: 'decrementSeconds' },
          { target: 'idle', actions: 'endCooldown' },
        ],
      },
    },
    failed: {
      on: { SEND: { target: 'sending', actions: 'clearError' } },
    },
  },
});
