import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import {
  KNOWN_TASKS_KEPT,
  LOOKUP_DELAY_MS,
  SESSION_RESULTS_KEPT,
  TASK_POLLING,
  generationMachine,
  taskCheckOutcome,
  taskImageUrls,
  type CreateTaskInput,
  type FindCreatedTaskInput,
  type FindCreatedTaskResponse,
  type CreateTaskResponse,
  type DraftErrors,
  type GenerationDraft,
  type PollTaskInput,
  type PollTaskResponse,
  type SessionResult,
} from '../../machines/generation.machine';
import { GENERATION_TIME_LIMIT_MS } from '../../src/common/types';
import { isLostAnswer } from '../../machines/lostAnswer';
import {
  nextCheckDelayMs,
  pollingCheck,
  pollingMachine,
  timeLeftMs,
  type CheckFailure,
  type PollingInput,
  type PollingReport,
} from '../../machines/polling.machine';
import { SAMPLE_DRAFT } from '../../machines/index';
import { after, carriedValue, defaultEventLabel, describeMachinePaths, done, failure, readStep, type PathEvent } from './pathRunner';
import { createFailedTask, generatingTask, generationFailedTask, taskAnswer } from './taskAnswers';

// The catalogue's sample form, which the explorer simulates with: a valid draft.
const draft: GenerationDraft = SAMPLE_DRAFT;
const emptyPrompt: GenerationDraft = { ...draft, prompt: '' };
// Two credits an image: the valid draft costs 4.
const costOf = (d: GenerationDraft) => 2 * d.numImages;
const validate = (d: GenerationDraft): DraftErrors => (d.prompt.trim() ? {} : { prompt: 'required' });

const KEY = 'nb_key_1';
const generate = { type: 'GENERATE', apiKey: KEY, balance: 100 } as const;
const generateWithoutKey = { type: 'GENERATE', apiKey: ' ', balance: 100 } as const;
const generateWhenPoor = { type: 'GENERATE', apiKey: KEY, balance: 3 } as const;
// The balance is not known (the platform sent none and the task API's could not be read): it never blocks.
const generateBalanceUnknown = { type: 'GENERATE', apiKey: KEY, balance: null } as const;

const created: CreateTaskResponse = { code: 200, msg: 'ok', data: { taskId: 'task-1' } };
const createRefused: CreateTaskResponse = { code: 500001, msg: 'Model busy', data: null };
const insufficient = Object.assign(new Error('Insufficient credits'), { kind: 'server', code: 402 });
const offline = Object.assign(new Error('Could not reach the server'), { kind: 'network' });
const tooMany = Object.assign(new Error('Too many requests'), { kind: 'server', code: 429 });
// The create call's answer never came: the task may exist.
const answerLost = Object.assign(new Error('Could not reach the server'), { kind: 'network' });
// Looking for it in the history: found, not there, refused, or the history could not be read either.
const foundTask: FindCreatedTaskResponse = { code: 200, msg: 'ok', data: { taskId: 'task-2' } };
const noTask: FindCreatedTaskResponse = { code: 200, msg: 'ok', data: null };
const lookupRefused: FindCreatedTaskResponse = { code: 500001, msg: 'History busy', data: null };
const historyOffline = Object.assign(new Error('History unreachable'), { kind: 'timeout' });

// The documented single URL, and (undocumented) a list: both kept, the single one never lost.
const succeededTask = taskAnswer(1, {
  response: {
    resultImageUrl: 'https://img.example/1.png',
    originImageUrl: 'https://vendor.example/1.png',
    resultImageUrls: ['https://img.example/2.png'],
  },
  completeTime: '2026-11-23 10:00:09',
});
const pollRefused: PollTaskResponse = { code: 500002, msg: 'Try again later', data: null };
// A result of the strip (the succeeded task's), and one it never holds.
const restoreMade = { type: 'RESTORE', taskId: 'task-1' } as const;
const restoreUnknown = { type: 'RESTORE', taskId: 'task-9' } as const;

const names = new Map<unknown, string>([
  [created, 'created'],
  [createRefused, 'refused'],
  [generatingTask, 'generating'],
  [succeededTask, 'success'],
  [createFailedTask, 'createFailed'],
  [generationFailedTask, 'generationFailed'],
  [pollRefused, 'refused'],
  [insufficient, '402'],
  [tooMany, '429'],
  [answerLost, 'answer lost'],
  [foundTask, 'found'],
  [noTask, 'none'],
  [lookupRefused, 'refused'],
  [historyOffline, 'unreachable'],
]);

function label(event: AnyEventObject): string {
  if (event.type === 'CHANGE') return event.draft === draft ? 'CHANGE(valid)' : 'CHANGE(no prompt)';
  if (event.type === 'RESTORE') return `RESTORE(${String(event.taskId)})`;
  if (event.type === 'GENERATE') {
    if (event === generate) return 'GENERATE';
    return event === generateWithoutKey ? 'GENERATE(no key)' : event === generateWhenPoor ? 'GENERATE(poor)' : 'GENERATE(balance unknown)';
  }
  const answer = names.get(carriedValue(event));
  return answer ? `${defaultEventLabel(event).split('(')[0]}(${answer})` : defaultEventLabel(event);
}

const answered = (answer: PollTaskResponse): PollingReport<PollTaskResponse> => ({ type: 'polling.answered', answer });
const stopped = (failure: CheckFailure<PollTaskResponse>): PollingReport<PollTaskResponse> => ({ type: 'polling.stoppedAfterErrors', failure });

const shared: Array<PathEvent<typeof generationMachine>> = [
  { type: 'CHANGE', draft },
  { type: 'CHANGE', draft: emptyPrompt },
  generate,
  generateWithoutKey,
  generateWhenPoor,
  generateBalanceUnknown,
  { type: 'CANCEL' },
  { type: 'CHECK_AGAIN' },
  { type: 'RETRY' },
  restoreMade,
  restoreUnknown,
  done('createTask', created),
  done('createTask', createRefused),
  failure('createTask', insufficient),
  failure('createTask', answerLost),
  after('LOOKUP_DELAY', 'generation.checkingWhetherTaskWasCreated.waitingForServer'),
  done('findCreatedTask', foundTask),
  done('findCreatedTask', noTask),
  done('findCreatedTask', lookupRefused),
  failure('findCreatedTask', historyOffline),
  // What the poller tells the playground (its own chart is tested on its own, in polling.test.ts).
  answered(generatingTask),
  answered(succeededTask),
  answered(createFailedTask),
  answered(generationFailedTask),
  stopped({ refused: pollRefused }),
  stopped({ rejected: offline }),
  { type: 'polling.timedOut' },
];

const TOP = [
  'idle',
  'validating',
  'creatingTask',
  'checkingWhetherTaskWasCreated',
  'taskNotCreated',
  'taskCreationUnknown',
  'polling',
  'succeeded',
  'reviewing',
  'failed',
  'cancelled',
  'timedOut',
] as const;
type Top = (typeof TOP)[number];
const IDLE = ['editing', 'invalid', 'missingApiKey', 'insufficientCredits'] as const;
const FINISHED: readonly Top[] = ['succeeded', 'reviewing', 'failed', 'cancelled', 'timedOut', 'taskNotCreated', 'taskCreationUnknown'];

describeMachinePaths('generation machine', {
  machine: generationMachine,
  eventLabel: label,
  input: { draft, validate, costOf },
  events: shared,
  // What the guards read: the draft's validity, the key, the balance.
  serializeContext: (context) => ({
    valid: Object.keys(validate(context.draft)).length === 0,
    apiKey: context.apiKey.trim() !== '',
    affordable: context.balance === null || context.balance >= costOf(context.draft),
    // RESTORE is taken only with a result in the strip.
    session: context.session.length > 0,
  }),
  maxSimplePaths: 120,
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context, before, is, was, entered } = readStep(snapshot, previous);

    // `validating` decides at once: never a resting state.
    expect(TOP.filter((state) => is(state))).toHaveLength(1);
    expect(is('validating')).toBe(false);
    expect(snapshot.hasTag('busy')).toBe(is('creatingTask') || is('checkingWhetherTaskWasCreated') || is('polling'));
    expect(snapshot.hasTag('running')).toBe(is('creatingTask') || is('checkingWhetherTaskWasCreated') || is('polling'));
    expect(snapshot.hasTag('blocked')).toBe(is('idle') && !snapshot.matches({ idle: 'editing' }));
    expect(snapshot.hasTag('succeeded')).toBe(is('succeeded'));
    expect(snapshot.hasTag('failed')).toBe(is('failed') || is('taskNotCreated') || is('taskCreationUnknown'));
    expect(snapshot.hasTag('timedOut')).toBe(is('timedOut'));

    // The double-click guarantee: GENERATE is taken only while nothing runs.
    expect(snapshot.can(generate)).toBe(is('idle') || FINISHED.some(is));
    expect(snapshot.can({ type: 'CANCEL' })).toBe(is('creatingTask') || is('checkingWhetherTaskWasCreated') || is('polling'));
    expect(snapshot.can({ type: 'CHECK_AGAIN' })).toBe(is('timedOut') || is('taskCreationUnknown'));
    // Sending the same request again is offered only once the history showed it made no task.
    expect(snapshot.can({ type: 'RETRY' })).toBe(is('taskNotCreated'));
    // A result of the strip shows again whenever no task runs; one the strip does not hold, never.
    const inStrip = context.session.some((item) => item.result.taskId === 'task-1');
    expect(snapshot.can(restoreMade)).toBe(inStrip && (is('idle') || FINISHED.some(is)));
    expect(snapshot.can(restoreUnknown)).toBe(false);
    // The strip holds each task once, newest first, and is remembered beyond the page each time it grows.
    expect(new Set(context.session.map((item) => item.result.taskId)).size).toBe(context.session.length);
    expect(context.session.length).toBeLessThanOrEqual(SESSION_RESULTS_KEPT);
    expect(stepCalls('keepSession')).toHaveLength(entered('succeeded') ? 1 : 0);
    if (entered('succeeded')) {
      expect(context.session[0]).toEqual({ result: context.result, draft: context.submitted });
      expect(context.session.slice(1)).toEqual((before?.session ?? []).filter((item) => item.result.taskId !== context.result?.taskId));
    } else {
      expect(context.session).toEqual(before?.session ?? []);
    }
    // The form is always editable.
    expect(snapshot.can({ type: 'CHANGE', draft })).toBe(true);

    // Each task is created once, with what the form said when GENERATE came (RETRY: what was sent the time before),
    // and the key it came with; when it was sent is noted, for finding it should the answer be lost.
    const creates = stepInvocations('createTask').map((invocation) => invocation.input as CreateTaskInput);
    expect(creates).toEqual(entered('creatingTask') ? [{ draft: context.submitted, apiKey: KEY }] : []);
    if (entered('creatingTask')) {
      expect(context.submitted).toBe(event.type === 'RETRY' ? before?.submitted : context.draft);
      expect(context).toMatchObject({
        sentAt: Date.now(),
        taskId: null,
        watchingSince: null,
        result: null,
        failure: null,
        error: null,
        errorCode: null,
      });
    }
    // The page's own tasks are remembered, so a lost answer is never matched to one of them.
    if (context.taskId !== null) expect(context.knownTaskIds).toContain(context.taskId);
    expect(context.knownTaskIds.length).toBeLessThanOrEqual(KNOWN_TASKS_KEPT);

    // The account is re-read exactly when a run ends (charged on success, refunded on failure, perhaps charged
    // before a cancel reached it).
    expect(stepCalls('refreshAccount')).toHaveLength(entered('succeeded') || entered('failed') || entered('cancelled') ? 1 : 0);

    if (event.type === 'xstate.init') {
      expect(snapshot.matches({ idle: 'editing' })).toBe(true);
      expect(context).toMatchObject({
        draft,
        fieldErrors: {},
        submitted: null,
        taskId: null,
        result: null,
        sentAt: null,
        knownTaskIds: [],
        session: [],
      });
    }

    if (event.type === 'CHANGE') {
      // Every edit reaches the page address, and clears what stopped the last attempt.
      expect(stepCalls('syncDraft')).toHaveLength(1);
      expect(context.draft).toBe(event.draft);
      expect(context.fieldErrors).toEqual({});
      if (was('idle')) expect(snapshot.matches({ idle: 'editing' })).toBe(true);
      else expect(snapshot.value).toEqual(previous?.value);
      // A running task keeps what it was sent with.
      expect(context.submitted).toBe(before?.submitted);
    } else {
      expect(stepCalls('syncDraft')).toHaveLength(0);
    }

    if (event.type === 'GENERATE') {
      expect(context).toMatchObject({ apiKey: event.apiKey, balance: event.balance });
      const valid = validate(context.draft);
      if (Object.keys(valid).length > 0) {
        expect(snapshot.matches({ idle: 'invalid' })).toBe(true);
        expect(context.fieldErrors).toEqual(valid);
      } else if (event.apiKey.trim() === '') {
        expect(snapshot.matches({ idle: 'missingApiKey' })).toBe(true);
      } else if (event.balance !== null && costOf(context.draft) > event.balance) {
        expect(snapshot.matches({ idle: 'insufficientCredits' })).toBe(true);
      } else {
        expect(is('creatingTask')).toBe(true);
      }
      // A blocked attempt clears the last run's results; the view shows why it was blocked instead.
      if (is('idle')) expect(context).toMatchObject({ submitted: null, result: null, failure: null, error: null });
    }

    if (event.type === 'xstate.done.actor.createTask') {
      if (event.output.code === 200) {
        expect(is('polling')).toBe(true);
        expect(context.taskId).toBe('task-1');
      } else {
        expect(is('failed')).toBe(true);
        expect(context).toMatchObject({ failure: 'create', error: 'Model busy', errorCode: 500001, taskId: null });
      }
    }
    if (event.type === 'xstate.error.actor.createTask') {
      if (event.error === answerLost) {
        // No answer: the task may have been made (and charged). Nothing is offered before the history is read.
        expect(snapshot.matches({ checkingWhetherTaskWasCreated: 'waitingForServer' })).toBe(true);
        // The reason is kept for the view, which says it once the history has been read.
        expect(context).toMatchObject({ failure: 'create', error: 'Could not reach the server', taskId: null, sentAt: before?.sentAt });
      } else {
        expect(is('failed')).toBe(true);
        // The 402 stays known, so the view can offer to buy credits.
        expect(context).toMatchObject({ failure: 'create', error: 'Insufficient credits', errorCode: 402 });
      }
    }

    // The history is read once per look, after a moment, for a task from what was sent, since it was sent.
    const looks = stepInvocations('findCreatedTask').map((invocation) => invocation.input as FindCreatedTaskInput);
    const startedLook =
      snapshot.matches({ checkingWhetherTaskWasCreated: 'lookingInHistory' }) &&
      !previous?.matches({ checkingWhetherTaskWasCreated: 'lookingInHistory' });
    expect(looks).toEqual(startedLook ? [{ draft: context.submitted, sentAt: context.sentAt, knownTaskIds: context.knownTaskIds }] : []);
    if (event.type.startsWith('xstate.after.LOOKUP_DELAY'))
      expect(previous?.matches({ checkingWhetherTaskWasCreated: 'waitingForServer' }) && startedLook).toBe(true);
    if (event.type === 'xstate.done.actor.findCreatedTask') {
      if (event.output === foundTask) {
        // Found: that task is watched; one task, one charge, and no second create call.
        expect(is('polling')).toBe(true);
        expect(context).toMatchObject({ taskId: 'task-2', watchingSince: Date.now(), failure: null, error: null, errorCode: null });
        expect(stepInvocations('createTask')).toEqual([]);
        expect(context.knownTaskIds).toContain('task-2');
      } else if (event.output === noTask) {
        expect(is('taskNotCreated')).toBe(true);
        expect(context).toMatchObject({ taskId: null, failure: 'create', error: before?.error ?? null });
      } else {
        expect(is('taskCreationUnknown')).toBe(true);
        expect(context).toMatchObject({ taskId: null, error: 'History busy', errorCode: 500001 });
      }
    }
    if (event.type === 'xstate.error.actor.findCreatedTask') {
      expect(is('taskCreationUnknown')).toBe(true);
      expect(context).toMatchObject({ taskId: null, error: 'History unreachable' });
    }
    if (event.type === 'RETRY') expect(was('taskNotCreated') && is('creatingTask')).toBe(true);
    if (event.type === 'RESTORE') {
      // Shown as it was made, from what it was made with; the form keeps what is being edited, with no errors left.
      const item = context.session.find((kept) => kept.result.taskId === event.taskId);
      expect(item).toBeDefined();
      expect(is('reviewing')).toBe(true);
      expect(context).toMatchObject({
        result: item?.result,
        submitted: item?.draft,
        taskId: event.taskId,
        failure: null,
        error: null,
        fieldErrors: {},
      });
      expect(context.draft).toBe(before?.draft);
      expect(stepInvocations('createTask')).toEqual([]);
    }

    // The poller starts exactly when polling is entered (a fresh time limit; its first read after the first wait),
    // for the created (or found) task with the same key, and reports to this chart.
    const pollers = stepInvocations('poller').map((invocation) => invocation.input as PollingInput);
    expect(pollers.map(({ policy, check }) => ({ policy, check }))).toEqual(
      entered('polling') ? [{ policy: TASK_POLLING, check: { taskId: context.taskId, apiKey: KEY } }] : [],
    );
    for (const { reportTo } of pollers) expect(reportTo).toBe(snapshot.children.poller?._parent);
    expect(snapshot.children.poller !== undefined).toBe(is('polling'));
    if (is('polling')) expect(['task-1', 'task-2']).toContain(context.taskId);

    if (event.type === 'polling.answered') {
      const { answer } = event;
      if (answer === succeededTask) {
        expect(is('succeeded')).toBe(true);
        expect(context.result).toEqual({
          taskId: 'task-1',
          imageUrls: ['https://img.example/2.png', 'https://img.example/1.png'],
          createTime: '2026-11-23 10:00:00',
          completeTime: '2026-11-23 10:00:09',
        });
      } else if (answer === createFailedTask || answer === generationFailedTask) {
        const failedTask =
          answer === createFailedTask ? { error: 'The prompt was refused.', errorCode: 400 } : { error: 'The generation timed out.', errorCode: 501 };
        expect(is('failed')).toBe(true);
        expect(context).toMatchObject({ failure: 'generation', ...failedTask, result: null });
      } else {
        // Still generating: the poller reads again on its own; nothing changes here.
        expect(answer).toBe(generatingTask);
        expect(is('polling')).toBe(true);
        expect(context).toEqual(before);
      }
    }
    if (event.type === 'polling.stoppedAfterErrors') {
      // Three reads in a row failed (the poller counts them): the run failed at polling, with the last one's words.
      expect(is('failed')).toBe(true);
      const words =
        'refused' in event.failure ? { error: 'Try again later', errorCode: 500002 } : { error: 'Could not reach the server', errorCode: null };
      expect(context).toMatchObject({ failure: 'polling', ...words, result: null });
    }

    if (event.type === 'CANCEL') {
      expect(was('creatingTask') || was('checkingWhetherTaskWasCreated') || was('polling')).toBe(true);
      expect(is('cancelled')).toBe(true);
      // The task id stays known (if there was one): the view points to history, where it may still finish.
      expect(context.taskId).toBe(before?.taskId);
    }
    if (event.type === 'polling.timedOut') {
      expect(is('timedOut')).toBe(true);
      expect(context.taskId).toBe(before?.taskId);
    }
    if (event.type === 'CHECK_AGAIN' && was('timedOut')) {
      // A fresh poller (a fresh time limit from now), the same task.
      expect(entered('polling')).toBe(true);
      expect(context).toMatchObject({ taskId: before?.taskId, watchingSince: Date.now() });
    }
    if (event.type === 'CHECK_AGAIN' && was('taskCreationUnknown')) {
      // Look again, after the same short wait; the last failure's words are gone.
      expect(snapshot.matches({ checkingWhetherTaskWasCreated: 'waitingForServer' })).toBe(true);
      expect(context).toMatchObject({ error: null, errorCode: null, sentAt: before?.sentAt, submitted: before?.submitted });
    }
    if (event.type === 'xstate.done.actor.createTask' && event.output.code === 200) expect(context.watchingSince).toBe(Date.now());
    if (IDLE.some((sub) => snapshot.matches({ idle: sub }))) expect(context.taskId).toBeNull();
  },
});

describe('task results', () => {
  it('keeps the documented resultImageUrl, adds a list if a host sends one, and drops links that are not http(s)', () => {
    expect(taskImageUrls(null)).toEqual([]);
    expect(taskImageUrls({ resultImageUrl: 'https://a.example/1.jpg', originImageUrl: '', resultImageUrls: [] })).toEqual([
      'https://a.example/1.jpg',
    ]);
    expect(
      taskImageUrls({
        resultImageUrl: 'https://a.example/1.jpg',
        originImageUrl: '',
        resultImageUrls: ['https://a.example/1.jpg', 'https://a.example/2.jpg'],
      }),
    ).toEqual(['https://a.example/1.jpg', 'https://a.example/2.jpg']);
    expect(
      taskImageUrls({ resultImageUrl: 'javascript:alert(1)', originImageUrl: '', resultImageUrls: ['data:image/png;base64,AAAA', ' '] }),
    ).toEqual([]);
  });
});

describe('a lost answer', () => {
  it('is a create call that failed without an answer: the connection, or the time limit', () => {
    expect(isLostAnswer(Object.assign(new Error('x'), { kind: 'network' }))).toBe(true);
    expect(isLostAnswer(Object.assign(new Error('x'), { kind: 'timeout' }))).toBe(true);
    expect(isLostAnswer(Object.assign(new Error('x'), { kind: 'invalidResponse' }))).toBe(true);
    // An answer that said no, a refused key or an ended session: no task was made.
    for (const kind of ['server', 'sessionExpired']) expect(isLostAnswer(Object.assign(new Error('x'), { kind })), kind).toBe(false);
    expect(isLostAnswer(new Error('plain'))).toBe(false);
    expect(isLostAnswer(null)).toBe(false);
  });

  it('is looked for in the history after 2 s', () => {
    expect(LOOKUP_DELAY_MS).toBe(2000);
    expect(generationMachine.implementations.delays.LOOKUP_DELAY).toBe(LOOKUP_DELAY_MS);
  });
});

describe('generation timings', () => {
  // The poller's wait before the next progress read, after `polls` answers of "still generating": the first read
  // waits too, as after one that settled nothing.
  const pollDelayMs = (polls: number, rateLimited = 0) => nextCheckDelayMs({ policy: TASK_POLLING, unsettled: polls + 1, rateLimited });

  it('waits twice as long after each 429 in a row, up to a minute', () => {
    expect(pollDelayMs(0, 1)).toBe(4000);
    expect(pollDelayMs(2, 2)).toBe(18_000);
    expect(pollDelayMs(10, 10)).toBe(60_000);
  });

  it('reads progress from 2 s, half as long again each time, at most every 10 s', () => {
    expect(pollDelayMs(0)).toBe(2000);
    expect([0, 1, 2, 3, 4, 5, 6].map((polls) => pollDelayMs(polls))).toEqual([2000, 3000, 4500, 6750, 10_000, 10_000, 10_000]);
    expect(pollDelayMs(50)).toBe(10_000);
    expect(timeLeftMs(TASK_POLLING, null, 5)).toBe(GENERATION_TIME_LIMIT_MS);
    expect(timeLeftMs(TASK_POLLING, 1000, 1000 + 60_000)).toBe(GENERATION_TIME_LIMIT_MS - 60_000);
    expect(timeLeftMs(TASK_POLLING, 1000, 1000 + GENERATION_TIME_LIMIT_MS + 5)).toBe(0);
  });

  /** A playground whose task is created at once and whose progress reads answer with `read` (times kept in `reads`). */
  function started(read: () => Promise<PollTaskResponse>) {
    const reads: number[] = [];
    const inputs: PollTaskInput[] = [];
    const start = Date.now();
    const actor = createActor(
      generationMachine.provide({
        actors: {
          createTask: fromPromise<CreateTaskResponse, CreateTaskInput>(() => Promise.resolve(created)),
          poller: pollingMachine.provide({
            actors: {
              check: pollingCheck(taskCheckOutcome, (input: PollTaskInput) => {
                reads.push(Date.now() - start);
                inputs.push(input);
                return read();
              }),
              watchPageVisibility: fromCallback(() => undefined),
            },
          }),
        },
        actions: { syncDraft: () => undefined, refreshAccount: () => undefined, keepSession: () => undefined },
      }),
      { input: { draft, validate, costOf } },
    );
    actor.start();
    actor.send(generate);
    return { actor, reads, inputs };
  }

  it('a slow task is read with growing gaps, then given up after the time limit', async () => {
    vi.useFakeTimers();
    try {
      const { actor, reads, inputs } = started(() => Promise.resolve(generatingTask));
      await vi.advanceTimersByTimeAsync(30_000);
      // 2 s, then +3, +4.5, +6.75, then every 10 s.
      expect(reads).toEqual([2000, 5000, 9500, 16_250, 26_250]);
      expect(new Set(inputs.map((input) => JSON.stringify(input)))).toEqual(new Set([JSON.stringify({ taskId: 'task-1', apiKey: KEY })]));
      await vi.advanceTimersByTimeAsync(GENERATION_TIME_LIMIT_MS - 30_000);
      expect(actor.getSnapshot().matches('timedOut')).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('forgives two failed reads in a row without lengthening the wait, waits out 429s, and fails at the third', async () => {
    vi.useFakeTimers();
    try {
      const answers: Array<() => Promise<PollTaskResponse>> = [
        () => Promise.reject(offline),
        () => Promise.resolve(pollRefused),
        () => Promise.reject(tooMany),
        () => Promise.reject(offline),
      ];
      const { actor, reads } = started(() => (answers.shift() ?? (() => Promise.resolve(generatingTask)))());
      await vi.advanceTimersByTimeAsync(30_000);
      // 2 s, then 2 s after each hiccup, 4 s after the 429, and the third failure in a row ends the run.
      expect(reads).toEqual([2000, 4000, 6000, 10_000]);
      expect(actor.getSnapshot().matches('failed')).toBe(true);
      expect(actor.getSnapshot().context).toMatchObject({ failure: 'polling', error: 'Could not reach the server' });
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the session strip', () => {
  const made = (n: number): SessionResult => ({
    result: { taskId: `old-${n}`, imageUrls: [`https://img.example/old-${n}.png`], createTime: '', completeTime: '' },
    draft: { ...draft, prompt: `Old ${n}` },
  });

  it('starts with the visit’s earlier results, keeps the newest first and drops the oldest past the limit', async () => {
    const earlier = Array.from({ length: SESSION_RESULTS_KEPT }, (_, index) => made(index));
    const kept: Array<readonly SessionResult[]> = [];
    const actor = createActor(
      generationMachine.provide({
        actors: {
          createTask: fromPromise<CreateTaskResponse, CreateTaskInput>(() => Promise.resolve(created)),
          poller: pollingMachine.provide({
            actors: {
              check: pollingCheck(taskCheckOutcome, () => Promise.resolve(succeededTask)),
              watchPageVisibility: fromCallback(() => undefined),
            },
            delays: { CHECK_DELAY: 0 },
          }),
        },
        actions: { syncDraft: () => undefined, refreshAccount: () => undefined, keepSession: ({ context }) => void kept.push(context.session) },
      }),
      { input: { draft, validate, costOf, session: [...earlier, made(99)] } },
    );
    actor.start();
    // More than the limit handed in: only the newest are kept.
    expect(actor.getSnapshot().context.session).toEqual(earlier);
    actor.send(generate);
    await vi.waitFor(() => expect(actor.getSnapshot().matches('succeeded')).toBe(true));
    const session = actor.getSnapshot().context.session;
    expect(session.map((item) => item.result.taskId)).toEqual(['task-1', ...earlier.slice(0, -1).map((item) => item.result.taskId)]);
    expect(kept).toEqual([session]);
    // An earlier result shows again as it was made; the form keeps what it says.
    actor.send({ type: 'RESTORE', taskId: 'old-3' });
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    expect(actor.getSnapshot().context).toMatchObject({ result: made(3).result, submitted: made(3).draft, draft });
    actor.stop();
  });
});
