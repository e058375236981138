import { act, cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { createActor, fromPromise } from 'xstate';
import {
  generationMachine,
  type CreateTaskInput,
  type CreateTaskResponse,
  type PollTaskInput,
  type PollTaskResponse,
} from '../../../machines/generation.machine';
import { DEFAULT_DRAFT, draftCost, validateDraft } from '../../../src/domain/generationDraft';

/** After a render test: stops the actors it started (and forgets them), removes toasts and the page, empties localStorage. */
export function tearDownRender(running: Array<{ stop(): void }>): void {
  for (const actor of running.splice(0)) actor.stop();
  act(() => toast.remove());
  cleanup();
  localStorage.clear();
}

/**
 * The playground's generation actor (not started) for a valid prompt: the task is created as `createTask` answers
 * and read as `pollTask` answers, with no wait between progress reads (three failed reads in a row end the run at once).
 */
export function playgroundGeneration(createTask: () => Promise<CreateTaskResponse>, pollTask: () => Promise<PollTaskResponse>) {
  const logic = generationMachine.provide({
    actors: {
      createTask: fromPromise<CreateTaskResponse, CreateTaskInput>(createTask),
      pollTask: fromPromise<PollTaskResponse, PollTaskInput>(pollTask),
    },
    actions: { syncDraft: () => undefined, keepSession: () => undefined, refreshAccount: () => undefined },
    delays: { POLL_DELAY: 0 },
  });
  return createActor(logic, { input: { draft: { ...DEFAULT_DRAFT, prompt: 'A banana astronaut' }, validate: validateDraft, costOf: draftCost } });
}
