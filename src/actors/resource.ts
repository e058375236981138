import { fromPromise } from 'xstate';
import { resourceMachine, type ResourceResponse } from '../../machines/resource.machine';
import type { ApiResult } from '../api/client';

/** One thing read from the server, wired to the call that reads it. */
export function createResourceLogic<T>(load: () => Promise<ApiResult<T>>) {
  return resourceMachine.provide({
    actors: { load: fromPromise<ResourceResponse>(() => load()) },
  });
}
