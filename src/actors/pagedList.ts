import { fromPromise } from 'xstate';
import { pagedListMachine, type FetchPageInput } from '../../machines/pagedList.machine';
import type { ApiResult } from '../api/client';
import type { Page } from '../api/contract';

/** A paged list wired to the call that reads one page. */
export function createPagedListLogic<T>(fetchPage: (input: FetchPageInput) => Promise<ApiResult<Page<T>>>) {
  return pagedListMachine.provide({
    actors: { fetchPage: fromPromise(({ input }) => fetchPage(input)) },
  });
}

export type { ListFilters } from '../../machines/pagedList.machine';
