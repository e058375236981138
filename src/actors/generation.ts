import { fromPromise, type ActorRefFrom } from 'xstate';
import { generationMachine, type GenerationDraft, type TaskAnswer } from '../../machines/generation.machine';
import type { TaskRecord } from '../api/contract';
import { generate, taskRecord } from '../api/generation';
import { callFromDraft } from '../features/playground/draft';
import type { UserActor } from './app';

// The API's task record is what the machine reads; this fails to compile if the two drift apart.
type Assignable<T extends TaskAnswer> = T;
export type AppTaskAnswer = Assignable<TaskRecord>;

export interface GenerationWiring {
  /** Told when a task ends, so the balance is re-read (a local actor has its own actor system). */
  user: UserActor;
  /** Keeps the form in the page address, so a playground can be shared. */
  syncDraft: (draft: GenerationDraft) => void;
}

/**
 * The playground's generation flow wired to the public task API, called with the user's API key. Leaving
 * the page stops the actor, which aborts any read in flight: nothing keeps polling in the background.
 */
export function createGenerationLogic({ user, syncDraft }: GenerationWiring) {
  return generationMachine.provide({
    actors: {
      createTask: fromPromise(({ input, signal }) => generate(callFromDraft(input.draft), input.apiKey, { signal })),
      pollTask: fromPromise(({ input, signal }) => taskRecord(input.taskId, input.apiKey, { signal })),
    },
    actions: {
      syncDraft: ({ context }) => syncDraft(context.draft),
      refreshAccount: () => user.send({ type: 'REFRESH' }),
    },
  });
}

export type GenerationActor = ActorRefFrom<ReturnType<typeof createGenerationLogic>>;
export type { DraftErrors, GenerationDraft } from '../../machines/generation.machine';
export { GENERATION_TIME_LIMIT_MINUTES, GENERATION_TIME_LIMIT_MS, taskImageUrls } from '../../machines/generation.machine';
