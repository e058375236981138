import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ResultEnvelope } from '../src/common/types';
import { notProvidedActor } from './notProvided';
import { okData, refusal, rejection, type CallFailure } from './callErrors';

export type ResourceResponse<T = unknown> = ResultEnvelope<T>;

/** Typed by the loader's answer: `value` is what it read, null until it has read anything. */
export interface ResourceContext<T = unknown> {
  value: T | null;
  /** True once a value arrived: a failed refresh keeps showing it. */
  hasValue: boolean;
  error: string | null;
}

export type ResourceEvent<T = unknown> =
  | { type: 'REFRESH' }
  | { type: 'RETRY' }
  // What the invoked load reports; listed so the model test and the fuzz send it with types.
  | DoneActorEvent<ResourceResponse<T>, 'load'>
  | ErrorActorEvent<unknown, 'load'>;

/**
 * One thing read from the server (a discount, a setting): loads it, shows it, says why it failed and retries.
 * One chart for every read; the factory types its context by what the loader answers, so views select a `T`.
 */
export const resourceMachineFor = <T>() =>
  setup({
    types: {} as { context: ResourceContext<T>; events: ResourceEvent<T> },
    actors: {
      load: notProvidedActor<ResourceResponse<T>>('load'),
    },
    actions: {
      keepValue: assign((_, { value }: { value: T }) => ({ value, hasValue: true, error: null })),
      clearError: assign({ error: null }),
      // Why the read failed (a refused answer or a rejected call).
      setError: assign((_, { error }: Pick<CallFailure, 'error'>) => ({ error })),
    },
    guards: {
      isOk: (_, { code }: { code: number | string }) => code === 200,
    },
  }).createMachine({
    id: 'resource',
    context: { value: null, hasValue: false, error: null },
    initial: 'loading',
    states: {
      // REFRESH and RETRY are not handled while loading: one request at a time.
      loading: {
        tags: 'loading',
        invoke: {
          id: 'load',
          src: 'load',
          onDone: [
            {
              guard: { type: 'isOk', params: ({ event }) => ({ code: event.output.code }) },
              target: 'ready',
              actions: { type: 'keepValue', params: ({ event }) => ({ value: okData(event.output) }) },
            },
            { target: 'failed', actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
          ],
          onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
        },
      },
      ready: {
        on: { REFRESH: { target: 'loading', actions: 'clearError' } },
      },
      failed: {
        tags: 'failed',
        on: { RETRY: { target: 'loading', actions: 'clearError' } },
      },
    },
  });

/** The chart as the catalogue, the explorer and the model tests see it: any read. */
export const resourceMachine = resourceMachineFor<unknown>();
