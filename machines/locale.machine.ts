import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { Locale } from '../src/common/types';
import { rejection, type CallFailure } from './callErrors';
import { notProvidedAction, notProvidedActor } from './notProvided';

export interface LocaleInput {
  initial: Locale;
  /**
   * The page already carries, and has activated, the messages of `initial` that its own code can show (a
   * prerendered page: what it renders, and the words of its start's code): the rest of the catalogue is fetched
   * only once something else is wanted.
   */
  pageMessages?: boolean;
}

export interface LocaleContext {
  /** The active locale; null until the first catalogue loads, unchanged when a later one fails. */
  locale: Locale | null;
  requested: Locale;
  error: string | null;
  /** Whether the machine started on the page's own messages (LocaleInput.pageMessages). */
  startsOnPageMessages: boolean;
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
  // Something beyond the page's own messages is about to show (the visitor acted, another page or a dialog's forms
  // load): the rest of the catalogue is fetched.
  | { type: 'CATALOGUE_WANTED' }
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
    startsOnPageMessages: ({ context }) => context.startsOnPageMessages,
  },
}).createMachine({
  id: 'locale',
  context: ({ input }) => ({ locale: null, requested: input.initial, error: null, startsOnPageMessages: input.pageMessages === true }),
  initial: 'starting',
  states: {
    starting: {
      description: 'Decides where the language starts: on the messages the page carries, or by fetching the whole catalogue.',
      always: [{ guard: 'startsOnPageMessages', target: 'onPageMessages', actions: 'useRequestedLocale' }, { target: 'loadingCatalog' }],
    },
    onPageMessages: {
      description:
        'The page speaks its language with the messages it carries, which cover everything its own code can show. The rest of the catalogue is not fetched until something beyond the page is wanted.',
      tags: ['ready', 'partialCatalogue'],
      on: {
        CATALOGUE_WANTED: 'completingCatalogue',
        SET_LOCALE: { guard: 'isDifferentLocale', target: 'loadingCatalog', actions: 'setRequested' },
      },
    },
    completingCatalogue: {
      description:
        'The rest of the catalogue is on its way. The page goes on in its language meanwhile; what needs the rest (another page, a form the page did not carry) waits for it.',
      tags: ['ready', 'partialCatalogue'],
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ locale: context.requested }),
        onDone: { target: 'ready', actions: { type: 'activateLocale', params: ({ context }) => ({ locale: context.requested }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
      on: {
        SET_LOCALE: { guard: 'isDifferentLocale', target: 'loadingCatalog', actions: 'setRequested' },
      },
    },
    loadingCatalog: {
      description: 'The catalogue of the requested language is on its way; the previous language (if any) stays active meanwhile.',
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
      description: 'The whole catalogue of the active language is in.',
      tags: 'ready',
      on: {
        SET_LOCALE: { guard: 'isDifferentLocale', target: 'loadingCatalog', actions: 'setRequested' },
      },
    },
    failed: {
      description:
        'A catalogue could not be fetched; the previous language stays active. Choosing a language, trying again, or wanting the rest of the catalogue again (another page, a form) fetches it anew.',
      on: {
        CATALOGUE_WANTED: 'loadingCatalog',
        SET_LOCALE: { target: 'loadingCatalog', actions: 'setRequested' },
        RETRY: 'loadingCatalog',
      },
    },
  },
});
