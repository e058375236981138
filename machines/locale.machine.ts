import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { Locale } from '../src/common/types';
import { rejection, type CallFailure } from './callErrors';
import { notProvidedAction, notProvidedActor } from './notProvided';

export interface LocaleInput {
  initial: Locale;
}

export interface LocaleContext {
  /** The active locale; null until the first catalogue loads, unchanged when a later one fails. */
  locale: Locale | null;
  requested: Locale;
  error: string | null;
}

export interface LocaleParams {
  locale: Locale;
}

export interface LoadCatalogInput {
  locale: Locale;
}

export type LocaleEvent =
  | { type: 'SET_LOCALE'; locale: Locale }
  | { type: 'RETRY' }
  // What the catalogue loader reports; listed so named actions read it with types.
  | DoneActorEvent<unknown, 'loadCatalog'>
  | ErrorActorEvent<unknown, 'loadCatalog'>;

export const localeMachine = setup({
  types: {} as { context: LocaleContext; events: LocaleEvent; input: LocaleInput },
  actors: {
    loadCatalog: notProvidedActor<unknown, LoadCatalogInput>('loadCatalog'),
  },
  actions: {
    activateLocale: notProvidedAction<LocaleParams>('activateLocale'),
    persistLocale: notProvidedAction<LocaleParams>('persistLocale'),
    useRequestedLocale: assign({ locale: ({ context }) => context.requested, error: null }),
    setRequested: assign({ requested: ({ context, event }) => (event.type === 'SET_LOCALE' ? event.locale : context.requested) }),
    setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
  },
  guards: {
    isDifferentLocale: ({ context, event }) => event.type === 'SET_LOCALE' && event.locale !== context.locale,
    isDifferentRequest: ({ context, event }) => event.type === 'SET_LOCALE' && event.locale !== context.requested,
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({ locale: null, requested: input.initial, error: null }),
  initial: 'loadingCatalog',
  states: {
    loadingCatalog: {
      tags: 'loading',
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ locale: context.requested }),
        onDone: {
          target: 'ready',
          actions: [
            'useRequestedLocale',
            { type: 'activateLocale', params: ({ context }) => ({ locale: context.requested }) },
            { type: 'persistLocale', params: ({ context }) => ({ locale: context.requested }) },
          ],
        },
        // The previous locale stays active: the page keeps speaking a language the visitor can read.
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
      on: {
        // A choice made while a catalogue loads (the first one, as the app starts) is the one that counts: that
        // load is dropped for the chosen one's.
        SET_LOCALE: { guard: 'isDifferentRequest', target: 'loadingCatalog', reenter: true, actions: 'setRequested' },
      },
    },
    ready: {
      tags: 'ready',
      on: {
        SET_LOCALE: { guard: 'isDifferentLocale', target: 'loadingCatalog', actions: 'setRequested' },
      },
    },
    failed: {
      on: {
        SET_LOCALE: { target: 'loadingCatalog', actions: 'setRequested' },
        RETRY: 'loadingCatalog',
      },
    },
  },
});
