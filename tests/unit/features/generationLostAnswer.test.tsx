/**
 * The playground's panel while it finds out whether a task whose create answer was lost exists: what it says in
 * each state, and that its buttons drive the machine (Try again sends the same request; Check again looks again).
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type {
  CreateTaskInput,
  CreateTaskResponse,
  FindCreatedTaskInput,
  FindCreatedTaskResponse,
  GenerationDraft,
} from '../../../machines/generation.machine';
import type { UserActor } from '../../../src/actors/app';
import { createGenerationLogic, type GenerationActor } from '../../../src/actors/generation';
import { DEFAULT_DRAFT, draftCost, validateDraft } from '../../../src/domain/generationDraft';
import { GenerationPanel } from '../../../src/features/playground/GenerationPanel';

const draft: GenerationDraft = { ...DEFAULT_DRAFT, model: 'nano-banana-2', prompt: 'A kite over dunes' };
const lost = Object.assign(new Error('Could not reach the server. Check your connection and try again.'), { kind: 'network' });

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** A started generation whose create call loses its answer, and whose history answers as `lookup` says. */
function lostGeneration(lookup: (input: FindCreatedTaskInput) => Promise<FindCreatedTaskResponse>) {
  const creates: CreateTaskInput[] = [];
  const looks: FindCreatedTaskInput[] = [];
  const logic = createGenerationLogic({ user: { send: vi.fn() } as unknown as UserActor, syncDraft: () => undefined }).provide({
    actors: {
      createTask: fromPromise<CreateTaskResponse, CreateTaskInput>(({ input }) => {
        creates.push(input);
        return creates.length === 1 ? Promise.reject(lost) : new Promise<CreateTaskResponse>(() => undefined);
      }),
      findCreatedTask: fromPromise<FindCreatedTaskResponse, FindCreatedTaskInput>(({ input }) => {
        looks.push(input);
        return lookup(input);
      }),
    },
  });
  const actor: GenerationActor = createActor(logic, { input: { draft, validate: validateDraft, costOf: draftCost } });
  actor.start();
  render(
    <I18nProvider i18n={i18n}>
      <GenerationPanel actor={actor} />
    </I18nProvider>,
  );
  act(() => actor.send({ type: 'GENERATE', apiKey: 'nb_key', balance: 100 }));
  return { actor, creates, looks };
}

/** The panel's live status (the announcer beside it is a status too, hidden and empty while a run goes on). */
function panelStatus(): HTMLElement {
  const shown = screen.getAllByRole('status').filter((element) => !element.classList.contains('visually-hidden'));
  expect(shown).toHaveLength(1);
  return shown[0] as HTMLElement;
}

async function settle(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('a create answer that was lost', () => {
  it('says it is looking in the history, and can be cancelled', async () => {
    const { actor, looks } = lostGeneration(() => new Promise(() => undefined));
    await settle();
    expect(panelStatus()).toHaveTextContent('The server’s answer was lost on the way. Looking for the task in your history…');
    expect(looks).toEqual([]);
    await settle(2000);
    expect(looks).toEqual([expect.objectContaining({ draft, knownTaskIds: [] })]);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(actor.getSnapshot().matches('cancelled')).toBe(true);
  });

  it('with no task in the history, says the request did not arrive, and Try again sends the same request', async () => {
    const { actor, creates } = lostGeneration(() => Promise.resolve({ code: 200, msg: 'ok', data: null }));
    await settle(2000);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The task was not created');
    expect(alert).toHaveTextContent(lost.message);
    expect(alert).toHaveTextContent(
      'Your history shows no task from this request, so it most likely never reached the server and nothing was charged.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(actor.getSnapshot().matches('creatingTask')).toBe(true);
    expect(creates).toEqual([
      { draft, apiKey: 'nb_key' },
      { draft, apiKey: 'nb_key' },
    ]);
    expect(panelStatus()).toHaveTextContent('Sending the task…');
  });

  it('when the history cannot be read either, says so and looks again on Check again, sending nothing', async () => {
    const answers: Array<() => Promise<FindCreatedTaskResponse>> = [
      () => Promise.reject(Object.assign(new Error('The request timed out.'), { kind: 'timeout' })),
      () => Promise.resolve({ code: 200, msg: 'ok', data: { taskId: 'task-9' } }),
    ];
    const { actor, creates, looks } = lostGeneration(() => answers.shift()?.() ?? new Promise(() => undefined));
    await settle(2000);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not tell whether the task was created');
    expect(alert).toHaveTextContent('your history could not be read to find its task: The request timed out.');
    expect(screen.getByRole('link', { name: 'Open history' })).toHaveAttribute('href', '/recent-history');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await settle(2000);
    expect(looks).toHaveLength(2);
    // Found this time: watched, never sent again.
    expect(actor.getSnapshot().matches('polling')).toBe(true);
    expect(actor.getSnapshot().context.taskId).toBe('task-9');
    expect(creates).toHaveLength(1);
    expect(panelStatus()).toHaveTextContent('task-9');
  });
});
