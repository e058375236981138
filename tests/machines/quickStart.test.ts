import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { taskCheckOutcome } from '../../machines/generation.machine';
import { GENERATION_TIME_LIMIT_MS } from '../../src/common/types';
import { pollingCheck, pollingMachine, type CheckFailure, type PollingInput, type PollingReport } from '../../machines/polling.machine';
import {
  QUICK_START_POLLING,
  quickStartMachine,
  type CreateTaskResponse,
  type PollTaskInput,
  type PollTaskResponse,
  type SendRequestInput,
} from '../../machines/quickStart.machine';
import { carriedValue, defaultEventLabel, describeMachinePaths, done, failure, readStep, type PathEvent } from './pathRunner';
import { createFailedTask, generatingTask, generationFailedTask, taskAnswer } from './taskAnswers';

const KEY = 'nb_key_1';

const created: CreateTaskResponse = { code: 200, msg: 'success', data: { taskId: 'task-1' } };
const createRefused: CreateTaskResponse = { code: 500001, msg: 'Model busy', data: null };
const unknownKey = Object.assign(new Error('This API key is not valid. Check it on the API keys page.'), { kind: 'server', code: 401 });
const insufficient = Object.assign(new Error('Insufficient credits: this task costs 2 credits and the balance is 0.'), { kind: 'server', code: 402 });
const offline = Object.assign(new Error('Could not reach the server'), { kind: 'network' });

const succeededTask = taskAnswer(1, {
  response: { resultImageUrl: 'https://img.example/1.png', originImageUrl: 'https://vendor.example/1.png', resultImageUrls: [] },
  completeTime: '2026-11-23 10:00:03',
});
const checkRefused: PollTaskResponse = { code: 500002, msg: 'Try again later', data: null };
const unknownTask = Object.assign(new Error('No task with this id belongs to this key’s account.'), { kind: 'server', code: 404 });
const tooMany = Object.assign(new Error('Too many requests'), { kind: 'server', code: 429 });

const names = new Map<unknown, string>([
  [created, 'created'],
  [createRefused, 'refused'],
  [unknownKey, '401'],
  [insufficient, '402'],
  [generatingTask, 'successFlag 0'],
  [succeededTask, 'successFlag 1'],
  [createFailedTask, 'successFlag 2'],
  [generationFailedTask, 'successFlag 3'],
  [checkRefused, 'refused'],
  [unknownTask, '404'],
  [tooMany, '429'],
]);

function label(event: AnyEventObject): string {
  const answer = names.get(carriedValue(event));
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

/** What the poller tells the quick start (its own chart is tested on its own, in polling.test.ts). */
const answered = (answer: PollTaskResponse): PollingReport<PollTaskResponse> => ({ type: 'polling.answered', answer });
const stopped = (failure: CheckFailure<PollTaskResponse>): PollingReport<PollTaskResponse> => ({ type: 'polling.stoppedAfterErrors', failure });

const events: Array<PathEvent<typeof quickStartMachine>> = [
  { type: 'SEND' },
  { type: 'CHECK' },
  { type: 'STOP' },
  done('sendRequest', created),
  done('sendRequest', createRefused),
  failure('sendRequest', unknownKey),
  failure('sendRequest', insufficient),
  failure('sendRequest', offline),
  answered(generatingTask),
  answered(succeededTask),
  answered(createFailedTask),
  answered(generationFailedTask),
  stopped({ refused: checkRefused }),
  stopped({ rejected: unknownTask }),
  stopped({ rejected: offline }),
  { type: 'polling.timedOut' },
];

const TOP = ['ready', 'sendingRequest', 'requestFailed', 'taskCreated', 'watching', 'checkFailed', 'timedOut', 'finished', 'taskFailed'] as const;
type Top = (typeof TOP)[number];
const NO_TASK: readonly Top[] = ['ready', 'sendingRequest', 'requestFailed'];

describeMachinePaths('quickStart machine', {
  machine: quickStartMachine,
  eventLabel: label,
  input: { apiKey: KEY },
  events,
  // No guard reads the context. What the page shows tells states apart (a task, the last successFlag, an error).
  serializeContext: (context) => ({
    task: context.taskId !== null,
    successFlag: context.lastCheck?.code === 200 ? context.lastCheck.data.successFlag : null,
    error: context.errorCode ?? context.errorKind,
  }),
  maxSimplePaths: 120,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context, before, is, was, entered } = readStep(snapshot, previous);

    expect(TOP.filter((state) => is(state))).toHaveLength(1);
    // The tags the page reads: the spinner, step 3 done, step 4 done, an error shown, checking on its own.
    expect(snapshot.hasTag('busy')).toBe(is('sendingRequest'));
    expect(snapshot.hasTag('hasTask')).toBe(!NO_TASK.some(is));
    expect(snapshot.hasTag('hasTask')).toBe(context.taskId !== null);
    expect(snapshot.hasTag('taskEnded')).toBe(is('finished') || is('taskFailed'));
    expect(snapshot.hasTag('error')).toBe(is('requestFailed') || is('checkFailed') || is('taskFailed'));
    expect(snapshot.hasTag('watching')).toBe(is('watching'));

    // The double-click guarantee: one task per SEND, never while one is being sent or watched.
    expect(snapshot.can({ type: 'SEND' })).toBe(!is('sendingRequest') && !is('watching'));
    // While watching, CHECK is "check now", passed to the poller.
    expect(snapshot.can({ type: 'CHECK' })).toBe(is('taskCreated') || is('watching') || is('checkFailed') || is('timedOut'));
    expect(snapshot.can({ type: 'STOP' })).toBe(is('watching'));

    // The request is sent exactly on entering sendingRequest, with the key the page was opened with; a run starts clean.
    expect(stepInvocations('sendRequest').map((invocation) => invocation.input as SendRequestInput)).toEqual(
      entered('sendingRequest') ? [{ apiKey: KEY }] : [],
    );
    if (entered('sendingRequest')) {
      expect(event.type).toBe('SEND');
      expect(context).toMatchObject({ created: null, taskId: null, lastCheck: null, error: null, errorCode: null, errorKind: null });
    }

    // The poller starts exactly when watching begins (a fresh time limit, the first check at once), with the quick
    // start's policy, the created task and the same key, and reports to this chart.
    const pollers = stepInvocations('poller').map((invocation) => invocation.input as PollingInput);
    expect(pollers.map(({ policy, check }) => ({ policy, check }))).toEqual(
      entered('watching') ? [{ policy: QUICK_START_POLLING, check: { taskId: 'task-1', apiKey: KEY } satisfies PollTaskInput }] : [],
    );
    for (const { reportTo } of pollers) expect(reportTo).toBe(snapshot.children.poller?._parent);
    expect(snapshot.children.poller !== undefined).toBe(is('watching'));

    // The balance is re-read exactly when the task ends (charged on success, refunded on failure).
    expect(stepCalls('refreshAccount')).toHaveLength(entered('finished') || entered('taskFailed') ? 1 : 0);

    // An error is known exactly in the states that show one.
    if (snapshot.hasTag('error')) expect(context.error).not.toBeNull();
    else expect(context).toMatchObject({ error: null, errorCode: null, errorKind: null });

    if (event.type === 'xstate.init') {
      expect(is('ready')).toBe(true);
      expect(context).toMatchObject({ apiKey: KEY, created: null, taskId: null, lastCheck: null });
    }

    if (event.type === 'xstate.done.actor.sendRequest') {
      // The answer is kept as the API gave it: the page shows it.
      expect(context.created).toBe(event.output);
      if (event.output.code === 200) {
        expect(is('taskCreated')).toBe(true);
        expect(context.taskId).toBe('task-1');
      } else {
        expect(is('requestFailed')).toBe(true);
        expect(context).toMatchObject({ taskId: null, error: 'Model busy', errorCode: 500001, errorKind: null });
      }
    }
    if (event.type === 'xstate.error.actor.sendRequest') {
      expect(is('requestFailed')).toBe(true);
      const error = event.error as { message: string; kind: string; code?: number };
      // 401 and 402 stay known, so the page points to the API keys page or to billing.
      expect(context).toMatchObject({ created: null, taskId: null, error: error.message, errorCode: error.code ?? null, errorKind: error.kind });
    }

    if (event.type === 'CHECK' && !was('watching')) {
      // Watching (again): the same task; the last answer stays on screen.
      expect(entered('watching')).toBe(true);
      expect(context).toMatchObject({ taskId: 'task-1', lastCheck: before?.lastCheck });
    }
    if (event.type === 'CHECK' && was('watching')) {
      // "Check now": the same poller (its time limit goes on), nothing else changes here.
      expect(is('watching')).toBe(true);
      expect(context).toEqual(before);
    }

    if (event.type === 'polling.answered') {
      // Every answer of the task's record is shown as the API gave it.
      const { answer } = event;
      expect(context.lastCheck).toBe(answer);
      if (answer === succeededTask) {
        expect(is('finished')).toBe(true);
      } else if (answer === createFailedTask || answer === generationFailedTask) {
        expect(is('taskFailed')).toBe(true);
        const failed =
          answer === createFailedTask ? { error: 'The prompt was refused.', errorCode: 400 } : { error: 'The generation timed out.', errorCode: 501 };
        expect(context).toMatchObject({ ...failed, errorKind: null });
      } else {
        // Still generating: the poller asks again on its own.
        expect(answer).toBe(generatingTask);
        expect(is('watching')).toBe(true);
      }
    }
    if (event.type === 'polling.stoppedAfterErrors') {
      // The record could not be read: why, and the last answer stays on screen.
      expect(is('checkFailed')).toBe(true);
      if ('refused' in event.failure) expect(context).toMatchObject({ error: 'Try again later', errorCode: 500002, errorKind: null });
      else {
        const error = event.failure.rejected as { message: string; kind: string; code?: number };
        expect(context).toMatchObject({ error: error.message, errorCode: error.code ?? null, errorKind: error.kind });
      }
      expect(context.lastCheck).toBe(before?.lastCheck);
    }

    if (event.type === 'STOP') {
      expect(is('taskCreated')).toBe(true);
      expect(context).toMatchObject({ taskId: 'task-1', lastCheck: before?.lastCheck });
    }
    if (event.type === 'polling.timedOut') {
      expect(is('timedOut')).toBe(true);
      expect(context).toMatchObject({ taskId: 'task-1', lastCheck: before?.lastCheck });
    }
    if (event.type === 'SEND') expect(is('sendingRequest')).toBe(true);
  },
});

describe('quickStart timings', () => {
  function started(check: () => Promise<PollTaskResponse>) {
    const sends: SendRequestInput[] = [];
    const checks: number[] = [];
    const inputs: PollTaskInput[] = [];
    const refreshed: number[] = [];
    const start = Date.now();
    const actor = createActor(
      quickStartMachine.provide({
        actors: {
          sendRequest: fromPromise<CreateTaskResponse, SendRequestInput>(({ input }) => {
            sends.push(input);
            return Promise.resolve(created);
          }),
          poller: pollingMachine.provide({
            actors: {
              check: pollingCheck(taskCheckOutcome, (input: PollTaskInput) => {
                checks.push(Date.now() - start);
                inputs.push(input);
                return check();
              }),
              watchPageVisibility: fromCallback(() => undefined),
            },
          }),
        },
        actions: { refreshAccount: () => refreshed.push(Date.now() - start) },
      }),
      { input: { apiKey: KEY } },
    );
    actor.start();
    return { actor, sends, checks, inputs, refreshed };
  }

  it('checks only when asked first, then from 2 s, half as long again each time, and gives up after the time limit', async () => {
    vi.useFakeTimers();
    try {
      const { actor, sends, checks, inputs } = started(() => Promise.resolve(generatingTask));
      actor.send({ type: 'SEND' });
      actor.send({ type: 'SEND' });
      await vi.advanceTimersByTimeAsync(0);
      expect(sends).toEqual([{ apiKey: KEY }]);
      // Created: nothing is read until the user checks.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(actor.getSnapshot().value).toBe('taskCreated');
      expect(checks).toEqual([]);
      actor.send({ type: 'CHECK' });
      await vi.advanceTimersByTimeAsync(30_000);
      // At once, then +2 s, +3, +4.5, +6.75, then every 10 s.
      expect(checks).toEqual([60_000, 62_000, 65_000, 69_500, 76_250, 86_250]);
      expect(new Set(inputs.map((input) => JSON.stringify(input)))).toEqual(new Set([JSON.stringify({ taskId: 'task-1', apiKey: KEY })]));
      await vi.advanceTimersByTimeAsync(GENERATION_TIME_LIMIT_MS - 30_000);
      expect(actor.getSnapshot().value).toBe('timedOut');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows successFlag 0, then 1, and re-reads the balance once', async () => {
    vi.useFakeTimers();
    try {
      const answers = [generatingTask, succeededTask];
      const { actor, refreshed } = started(() => Promise.resolve(answers.shift() ?? succeededTask));
      actor.send({ type: 'SEND' });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'CHECK' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().matches('watching')).toBe(true);
      expect(actor.getSnapshot().context.lastCheck).toBe(generatingTask);
      await vi.advanceTimersByTimeAsync(2000);
      expect(actor.getSnapshot().value).toBe('finished');
      expect(actor.getSnapshot().context.lastCheck).toBe(succeededTask);
      expect(refreshed).toHaveLength(1);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits twice as long after a 429 without showing an error, and "check now" skips the wait', async () => {
    vi.useFakeTimers();
    try {
      const answers: Array<() => Promise<PollTaskResponse>> = [() => Promise.reject(tooMany), () => Promise.resolve(generatingTask)];
      const { actor, checks } = started(() => (answers.shift() ?? (() => Promise.resolve(generatingTask)))());
      actor.send({ type: 'SEND' });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'CHECK' });
      await vi.advanceTimersByTimeAsync(0);
      // 429: no error, still watching, and the next check 4 s later instead of 2.
      expect(actor.getSnapshot().matches('watching')).toBe(true);
      expect(actor.getSnapshot().context.error).toBeNull();
      await vi.advanceTimersByTimeAsync(3999);
      expect(checks).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(checks).toHaveLength(2);
      // Still generating: the next check would be 2 s away; the user checks now.
      await vi.advanceTimersByTimeAsync(500);
      actor.send({ type: 'CHECK' });
      await vi.advanceTimersByTimeAsync(0);
      expect(checks).toEqual([checks[0], (checks[0] ?? 0) + 4000, (checks[0] ?? 0) + 4500]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops at the first failed check and says why; checking again starts afresh', async () => {
    vi.useFakeTimers();
    try {
      const answers: Array<() => Promise<PollTaskResponse>> = [() => Promise.resolve(checkRefused), () => Promise.reject(unknownTask)];
      const { actor, checks } = started(() => (answers.shift() ?? (() => Promise.resolve(succeededTask)))());
      actor.send({ type: 'SEND' });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'CHECK' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('checkFailed');
      expect(actor.getSnapshot().context).toMatchObject({ error: 'Try again later', errorCode: 500002, errorKind: null, lastCheck: null });
      // Nothing more is asked until the user checks again.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(checks).toHaveLength(1);
      actor.send({ type: 'CHECK' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('checkFailed');
      expect(actor.getSnapshot().context).toMatchObject({ error: unknownTask.message, errorCode: 404, errorKind: 'server' });
      actor.send({ type: 'CHECK' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('finished');
      expect(checks).toHaveLength(3);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
