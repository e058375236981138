import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { rejection, type CallFailure } from './callErrors';
import { notProvidedAction, notProvidedActor } from './notProvided';

/** One file to put in the archive: where to fetch it and the name it gets inside. */
export interface ZipItem {
  url: string;
  name: string;
}

/** A file fetched, kept until the archive is built. */
export interface ZipEntry {
  name: string;
  data: Uint8Array;
}

/** A file that could not be fetched, and why (an expired link, a network error). */
interface ZipFailure {
  name: string;
  reason: string;
}

export interface ZipDownloadContext {
  items: ZipItem[];
  /** The item being fetched: also how many have been tried. */
  index: number;
  entries: ZipEntry[];
  failures: ZipFailure[];
  /** Why the archive could not be made, when nothing could be fetched or building it failed. */
  error: string | null;
}

export type ZipDownloadEvent =
  | { type: 'START'; items: ZipItem[] }
  | { type: 'CANCEL' }
  | { type: 'DISMISS' }
  | DoneActorEvent<Uint8Array, 'fetchFile'>
  | ErrorActorEvent<unknown, 'fetchFile'>
  | DoneActorEvent<Blob, 'buildZip'>
  | ErrorActorEvent<unknown, 'buildZip'>;

const EMPTY = { items: [], index: 0, entries: [], failures: [], error: null } satisfies ZipDownloadContext;

/**
 * Downloading several images as one ZIP built in the browser: each file is fetched in turn (one failing does not
 * stop the rest), the archive is built from those that came, and saved. Saved, partly failed (some files missing,
 * listed) or failed (nothing to put in it, or the archive could not be built). Cancel stops it at any point.
 */
export const zipDownloadMachine = setup({
  types: {} as { context: ZipDownloadContext; events: ZipDownloadEvent },
  actors: {
    fetchFile: notProvidedActor<Uint8Array, ZipItem>('fetchFile'),
    buildZip: notProvidedActor<Blob, ZipEntry[]>('buildZip'),
  },
  actions: {
    // The archive is built: hand it to the browser as a download.
    saveZip: notProvidedAction<{ archive: Blob }>('saveZip'),
    begin: assign(({ event }) => ({ ...EMPTY, items: event.type === 'START' ? event.items : [] })),
    reset: assign(EMPTY),
    keepEntry: assign(({ context }, data: Uint8Array) => ({
      entries: [...context.entries, { name: context.items[context.index]?.name ?? '', data }],
      index: context.index + 1,
    })),
    noteFailure: assign(({ context }, { error }: Pick<CallFailure, 'error'>) => ({
      failures: [...context.failures, { name: context.items[context.index]?.name ?? '', reason: error }],
      index: context.index + 1,
    })),
    // The fetched bytes are in the archive now; holding them twice would double the memory a large download takes.
    dropEntries: assign({ entries: [] }),
    noteBuildError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
  },
  guards: {
    hasItems: ({ event }) => event.type === 'START' && event.items.length > 0,
    moreToFetch: ({ context }) => context.index < context.items.length,
    anyFetched: ({ context }) => context.entries.length > 0,
    someFailed: ({ context }) => context.failures.length > 0,
  },
}).createMachine({
  id: 'zipDownload',
  context: EMPTY,
  initial: 'idle',
  states: {
    idle: {
      on: { START: { guard: 'hasItems', target: 'fetching', actions: 'begin' } },
    },
    fetching: {
      tags: 'busy',
      invoke: {
        id: 'fetchFile',
        src: 'fetchFile',
        input: ({ context }) => context.items[context.index] ?? { url: '', name: '' },
        onDone: { target: 'next', actions: { type: 'keepEntry', params: ({ event }) => event.output } },
        onError: { target: 'next', actions: { type: 'noteFailure', params: ({ event }) => rejection(event.error) } },
      },
      on: { CANCEL: { target: 'idle', actions: 'reset' } },
    },
    // Decides between the next file, building the archive, and giving up when not one file came.
    next: {
      always: [{ guard: 'moreToFetch', target: 'fetching' }, { guard: 'anyFetched', target: 'zipping' }, { target: 'failed' }],
    },
    zipping: {
      tags: 'busy',
      invoke: {
        id: 'buildZip',
        src: 'buildZip',
        input: ({ context }) => context.entries,
        onDone: [
          {
            guard: 'someFailed',
            target: 'partlyFailed',
            actions: [{ type: 'saveZip', params: ({ event }) => ({ archive: event.output }) }, 'dropEntries'],
          },
          { target: 'saved', actions: [{ type: 'saveZip', params: ({ event }) => ({ archive: event.output }) }, 'dropEntries'] },
        ],
        onError: { target: 'failed', actions: [{ type: 'noteBuildError', params: ({ event }) => rejection(event.error) }, 'dropEntries'] },
      },
      on: { CANCEL: { target: 'idle', actions: 'reset' } },
    },
    saved: {
      tags: 'finished',
      on: { START: { guard: 'hasItems', target: 'fetching', actions: 'begin' }, DISMISS: { target: 'idle', actions: 'reset' } },
    },
    partlyFailed: {
      tags: 'finished',
      on: { START: { guard: 'hasItems', target: 'fetching', actions: 'begin' }, DISMISS: { target: 'idle', actions: 'reset' } },
    },
    failed: {
      tags: 'finished',
      on: { START: { guard: 'hasItems', target: 'fetching', actions: 'begin' }, DISMISS: { target: 'idle', actions: 'reset' } },
    },
  },
});
