import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { notProvidedAction, notProvidedActor } from './notProvided';
import { okData, refusal, rejection, type CallFailure } from './callErrors';

/** Filter values as a list sends them to the server; undefined means "not filtered". */
export type ListFilters = Record<string, string | number | undefined>;

/** One page as the server answers it. */
export interface PageAnswer<TRecord = unknown> {
  records: TRecord[];
  total: number;
  pageNum: number;
  pageSize: number;
}

export type PageResponse<TRecord = unknown> = ResultEnvelope<PageAnswer<TRecord>>;

export interface FetchPageInput {
  pageNum: number;
  pageSize: number;
  filters: ListFilters;
}

export interface PagedListInput {
  pageSize: number;
  filters?: ListFilters;
}

/** Typed by the fetcher's answer: `records` are the rows of the page on screen. */
export interface PagedListContext<TRecord = unknown> {
  pageNum: number;
  pageSize: number;
  total: number;
  records: TRecord[];
  filters: ListFilters;
  error: string | null;
}

export type PagedListEvent<TRecord = unknown> =
  | { type: 'GO_TO_PAGE'; pageNum: number }
  | { type: 'SET_FILTERS'; filters: ListFilters }
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  // What the two invoked fetches report; listed so the model test and the fuzz send them with types.
  | DoneActorEvent<PageResponse<TRecord>, 'fetchPage'>
  | ErrorActorEvent<unknown, 'fetchPage'>
  | DoneActorEvent<PageResponse<TRecord>, 'fetchOtherPage'>
  | ErrorActorEvent<unknown, 'fetchOtherPage'>;

/** An empty list still has one page. */
export function lastPage(context: Pick<PagedListContext, 'total' | 'pageSize'>): number {
  return Math.max(1, Math.ceil(context.total / context.pageSize));
}

/** The page a page change asks for: the one chosen, or the current one on REFRESH. */
function requestedPage<TRecord>(context: PagedListContext<TRecord>, event: PagedListEvent<TRecord>): number {
  return event.type === 'GO_TO_PAGE' ? event.pageNum : context.pageNum;
}

/**
 * A list read a page at a time, with filters, a pager and an inline error for a page that failed. One chart for
 * every list; the factory types its context by the rows the fetcher answers, so views select `TRecord[]`.
 */
export const pagedListMachineFor = <TRecord>() =>
  setup({
    types: {} as { context: PagedListContext<TRecord>; events: PagedListEvent<TRecord>; input: PagedListInput },
    actors: {
      fetchPage: notProvidedActor<PageResponse<TRecord>, FetchPageInput>('fetchPage'),
    },
    actions: {
      // The server answered with a page: its owner may act on what a page shows (a list of charges re-reads the balance).
      pageShown: notProvidedAction('pageShown'),
      applyFilters: assign({
        filters: ({ context, event }) => (event.type === 'SET_FILTERS' ? event.filters : context.filters),
        pageNum: 1,
        error: null,
      }),
      clearError: assign({ error: null }),
      // An empty page past the first may just mean records were deleted: start over from the first.
      backToFirstPage: assign({ pageNum: 1, error: null }),
      showPage: assign((_, { records, total, pageNum }: PageAnswer<TRecord>) => ({ records, total, pageNum, error: null })),
      // Why the page could not be read (a refused answer or a rejected call).
      setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
    },
    guards: {
      isOk: (_, { code }: { code: number | string }) => code === 200,
      // An ok answer with rows on it; an ok answer without any shows the empty list.
      hasRecords: (_, answer: PageResponse<TRecord>) => answer.code === 200 && answer.data.records.length > 0,
      isOtherValidPage: ({ context, event }) =>
        event.type === 'GO_TO_PAGE' &&
        Number.isInteger(event.pageNum) &&
        event.pageNum >= 1 &&
        event.pageNum <= lastPage(context) &&
        event.pageNum !== context.pageNum,
    },
  }).createMachine({
    id: 'pagedList',
    context: ({ input }) => ({ pageNum: 1, pageSize: input.pageSize, total: 0, records: [], filters: input.filters ?? {}, error: null }),
    initial: 'loading',
    states: {
      // Events that start a fetch are not handled here or in changingPage, so a second request cannot start.
      loading: {
        tags: 'loading',
        invoke: {
          id: 'fetchPage',
          src: 'fetchPage',
          input: ({ context }) => ({ pageNum: context.pageNum, pageSize: context.pageSize, filters: context.filters }),
          onDone: [
            {
              guard: { type: 'hasRecords', params: ({ event }) => event.output },
              target: 'loaded',
              actions: [{ type: 'showPage', params: ({ event }) => okData(event.output) }, 'pageShown'],
            },
            {
              guard: { type: 'isOk', params: ({ event }) => ({ code: event.output.code }) },
              target: 'empty',
              actions: [{ type: 'showPage', params: ({ event }) => okData(event.output) }, 'pageShown'],
            },
            { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
          ],
          onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
        },
      },
      loaded: {
        initial: 'idle',
        states: {
          idle: {},
          // The old page stays on screen with an inline error.
          pageChangeFailed: {},
        },
        on: {
          GO_TO_PAGE: { guard: 'isOtherValidPage', target: 'changingPage', actions: 'clearError' },
          SET_FILTERS: { target: 'loading', actions: 'applyFilters' },
          REFRESH: { target: 'changingPage', actions: 'clearError' },
        },
      },
      // The current records stay visible while the next page loads.
      changingPage: {
        tags: ['loading', 'busy'],
        invoke: {
          id: 'fetchOtherPage',
          src: 'fetchPage',
          input: ({ context, event }) => ({ pageNum: requestedPage(context, event), pageSize: context.pageSize, filters: context.filters }),
          onDone: [
            {
              guard: { type: 'hasRecords', params: ({ event }) => event.output },
              target: 'loaded',
              actions: [{ type: 'showPage', params: ({ event }) => okData(event.output) }, 'pageShown'],
            },
            {
              guard: { type: 'isOk', params: ({ event }) => ({ code: event.output.code }) },
              target: 'empty',
              actions: [{ type: 'showPage', params: ({ event }) => okData(event.output) }, 'pageShown'],
            },
            { target: 'loaded.pageChangeFailed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
          ],
          onError: { target: 'loaded.pageChangeFailed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
        },
      },
      empty: {
        on: {
          SET_FILTERS: { target: 'loading', actions: 'applyFilters' },
          REFRESH: { target: 'loading', actions: 'backToFirstPage' },
        },
      },
      failed: {
        tags: 'failed',
        on: {
          RETRY: { target: 'loading', actions: 'clearError' },
          SET_FILTERS: { target: 'loading', actions: 'applyFilters' },
        },
      },
    },
  });

/** The chart as the catalogue, the explorer and the model tests see it: any list. */
export const pagedListMachine = pagedListMachineFor<unknown>();
