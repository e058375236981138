import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { pagedListMachineFor, type FetchPageInput, type PagedListInput, type PageResponse } from '../../machines/pagedList.machine';
import type { ApiResult } from '../api/client';
import type { Page } from '../api/contract';
import { useGlobalActor } from './AppActorContext';
import { useLocalActor } from './useLocalActor';

export interface PagedListWiring {
  /** Called each time the server answers with a page (an empty one too). */
  onPageShown?: () => void;
}

/** A paged list wired to the call that reads one page; its rows are typed by that call. */
export function createPagedListLogic<T>(fetchPage: (input: FetchPageInput) => Promise<ApiResult<Page<T>>>, { onPageShown }: PagedListWiring = {}) {
  return pagedListMachineFor<T>().provide({
    actors: { fetchPage: fromPromise<PageResponse<T>, FetchPageInput>(({ input }) => fetchPage(input)) },
    actions: { pageShown: () => onPageShown?.() },
  });
}

type PagedListLogic<T> = ReturnType<typeof createPagedListLogic<T>>;
export type PagedListActor<T> = ActorRefFrom<PagedListLogic<T>>;

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

interface PagedListView<T> {
  /** For the section around the list (PagedSection) and the events a view sends (REFRESH, SET_FILTERS). */
  actor: PagedListActor<T>;
  /** The rows of the page on screen. */
  records: T[];
}

/** A page's own paged list: `const orders = usePagedList(ordersList, { pageSize: 10 })`, rows typed by its call. */
export function usePagedList<T>(list: PagedListLogic<T>, input: PagedListInput): PagedListView<T> {
  // The input is read when the list starts; later values are sent as events (SET_FILTERS).
  const [startInput] = useState(input);
  const actor = useLocalActor(list, { input: startInput });
  const records = useSelector(actor, selectRecords<T>);
  return { actor, records };
}

function selectRecords<T>(snapshot: ReturnType<PagedListActor<T>['getSnapshot']>): T[] {
  return snapshot.context.records;
}

export type { ListFilters } from '../../machines/pagedList.machine';
