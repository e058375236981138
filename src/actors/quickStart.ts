import { fromPromise, type ActorRefFrom } from 'xstate';
import { quickStartMachine } from '../../machines/quickStart.machine';
import type { GenerateCall } from '../api/contract';
import { generate, taskRecord } from '../api/generation';
import type { UserActor } from './app';

export interface QuickStartWiring {
  /** Told when the task ends, so the balance is re-read (a local actor has its own actor system). */
  user: UserActor;
  /** The request the page shows: exactly this is sent. */
  request: GenerateCall;
}

/**
 * The quick start's first call wired to the public task API, with the user's API key: the same calls as the
 * page's curl commands, through the app's API layer. Leaving the page stops the actor, which aborts any call in
 * flight: nothing keeps checking in the background.
 */
export function createQuickStartLogic({ user, request }: QuickStartWiring) {
  return quickStartMachine.provide({
    actors: {
      sendRequest: fromPromise(({ input, signal }) => generate(request, input.apiKey, { signal })),
      checkTask: fromPromise(({ input, signal }) => taskRecord(input.taskId, input.apiKey, { signal })),
    },
    actions: {
      refreshAccount: () => user.send({ type: 'REFRESH' }),
    },
  });
}

export type QuickStartActor = ActorRefFrom<ReturnType<typeof createQuickStartLogic>>;
export { GENERATION_TIME_LIMIT_MINUTES } from '../../machines/generation.machine';
export { checkDelayMs } from '../../machines/quickStart.machine';
export type { PollTaskResponse, TaskAnswer } from '../../machines/quickStart.machine';
