import { act, cleanup } from '@testing-library/react';
import toast from 'react-hot-toast';
import { createActor, fromCallback, fromPromise } from 'xstate';
import {
  generationMachine,
  taskCheckOutcome,
  type CreateTaskInput,
  type CreateTaskResponse,
  type PollTaskResponse,
} from '../../../machines/generation.machine';
import { pollingCheck, pollingMachine } from '../../../machines/polling.machine';
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
 * and read as `pollTask` answers (through the shared poller), with no wait between progress reads (three failed reads in a row end the run at once).
 */
export function playgroundGeneration(createTask: () => Promise<CreateTaskResponse>, pollTask: () => Promise<PollTaskResponse>) {
  const logic = generationMachine.provide({
    actors: {
      createTask: fromPromise<CreateTaskResponse, CreateTaskInput>(createTask),
      poller: pollingMachine.provide({
        actors: { check: pollingCheck(taskCheckOutcome, pollTask), watchPageVisibility: fromCallback(() => undefined) },
        delays: { CHECK_DELAY: 0 },
      }),
    },
    actions: { syncDraft: () => undefined, keepSession: () => undefined, refreshAccount: () => undefined },
  });
  return createActor(logic, { input: { draft: { ...DEFAULT_DRAFT, prompt: 'A banana astronaut' }, validate: validateDraft, costOf: draftCost } });
}
