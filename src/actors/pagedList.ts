import { useState } from 'react';
import { fromPromise } from 'xstate';
import { pagedListMachine, type FetchPageInput } from '../../machines/pagedList.machine';
import type { ApiResult } from '../api/client';
import type { Page } from '../api/contract';
import { useGlobalActor } from './AppActorContext';

export interface PagedListWiring {
  /** Called each time the server answers with a page (an empty one too). */
  onPageShown?: () => void;
}

/** A paged list wired to the call that reads one page. */
export function createPagedListLogic<T>(fetchPage: (input: FetchPageInput) => Promise<ApiResult<Page<T>>>, { onPageShown }: PagedListWiring = {}) {
  return pagedListMachine.provide({
    actors: { fetchPage: fromPromise(({ input }) => fetchPage(input)) },
    actions: { pageShown: () => onPageShown?.() },
  });
}

/**
 * A page's own list of what tasks cost (history, usage records): every page the server answers re-reads the
 * balance, so the header agrees with the charges listed, a task that ended after the playground stopped
 * watching it included. Made once per mount, like any page's own actor.
 */
export function useChargesListLogic<T>(fetchPage: (input: FetchPageInput) => Promise<ApiResult<Page<T>>>) {
  const user = useGlobalActor('user');
  const [logic] = useState(() => createPagedListLogic(fetchPage, { onPageShown: () => user.send({ type: 'REFRESH' }) }));
  return logic;
}

export type { ListFilters } from '../../machines/pagedList.machine';
