import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { GENERATION_TIME_LIMIT_MS, type ResultEnvelope } from '../src/common/types';
import { notProvidedAction, notProvidedActor } from './notProvided';
import { refusal, rejection, type CallFailure } from './callErrors';
import { isLostAnswer } from './lostAnswer';
import {
  BACK_OFF,
  checkFailure,
  pollingMachine,
  type CheckOutcome,
  type PollingInput,
  type PollingPolicy,
  type PollingReport,
} from './polling.machine';

/**
 * The playground form as the user typed it, for any model: each model's endpoint takes only some of these
 * (the request is built from the draft by whoever provides `createTask`, with that endpoint's field names).
 * Reference URLs stay text, so a half-typed value is kept (and named by validation) instead of lost.
 */
export interface GenerationDraft {
  prompt: string;
  model: string;
  aspectRatio: string;
  /** 1K, 2K or 4K, where the model has resolutions. */
  resolution: string;
  /** png or jpg, where the model has a choice. */
  outputFormat: string;
  numImages: number;
  /** Web-grounded generation, where the model offers it. */
  googleSearch: boolean;
  /** Text stamped on the images, where the model offers it; empty for none. */
  watermark: string;
  referenceUrls: string[];
}

/** Field name (or `referenceUrls.<n>`) → what is wrong with it; the view words it. Empty means valid. */
export type DraftErrors = Record<string, string>;

/** A result of this visit, with the form it was made from: what the session strip shows and brings back. */
export interface SessionResult {
  result: GenerationResult;
  draft: GenerationDraft;
}

export interface GenerationInput {
  draft: GenerationDraft;
  /** This visit's earlier results, newest first (the page was left and opened again); none on a fresh load. */
  session?: readonly SessionResult[];
  /** Pure and synchronous: the form's rules, handed in because machines cannot import them from src/. */
  validate: (draft: GenerationDraft) => DraftErrors;
  /** Credits the draft would cost if it succeeds. */
  costOf: (draft: GenerationDraft) => number;
}

/** What the task API's record-info answers (mirrored: machines never import src/). */
export interface TaskAnswer {
  taskId: string;
  /** 0 generating, 1 success, 2 create failed, 3 generation failed. */
  successFlag: 0 | 1 | 2 | 3;
  /**
   * `resultImageUrl`: the platform's copy, kept longer; `originImageUrl`: the model vendor's, valid minutes.
   * `resultImageUrls` is not documented, accepted in case a host sends several images that way.
   */
  response: { resultImageUrl: string; originImageUrl: string; resultImageUrls: string[] } | null;
  /** 0 when none. */
  errorCode: number;
  errorMessage: string;
  /** `""` or a local time written `YYYY-MM-DD HH:mm:ss`. */
  createTime: string;
  completeTime: string;
}

interface GenerationResult {
  taskId: string;
  imageUrls: string[];
  createTime: string;
  completeTime: string;
}

/**
 * The images of a finished task: the documented single `resultImageUrl`, or a list if a host sends one (the
 * single URL is never lost). Only http(s) links: anything else is not an image the page may show.
 */
export function taskImageUrls(response: TaskAnswer['response']): string[] {
  if (!response) return [];
  const urls = [...response.resultImageUrls, response.resultImageUrl].map((url) => url.trim()).filter((url) => /^https?:\/\//i.test(url));
  return [...new Set(urls)];
}

export type CreateTaskResponse = ResultEnvelope<{ taskId: string }>;
export type PollTaskResponse = ResultEnvelope<TaskAnswer>;

export interface CreateTaskInput {
  draft: GenerationDraft;
  apiKey: string;
}
export interface PollTaskInput {
  taskId: string;
  apiKey: string;
}

/** What findCreatedTask looks for in the account's task history: a task made from this request since it was sent. */
export interface FindCreatedTaskInput {
  draft: GenerationDraft;
  /** When the request was sent (ms since epoch). */
  sentAt: number;
  /** Tasks this page already showed: never taken for the lost one (the same request may have been sent before). */
  knownTaskIds: readonly string[];
}
/** The task found (its id), or null when the history has none from this request; any other code: not known. */
export type FindCreatedTaskResponse = ResultEnvelope<{ taskId: string } | null>;

/**
 * Why the last run failed, for the view to word: the task API refused to create the task, the model failed
 * to make it, or the progress could not be read several times in a row.
 */
type GenerationFailure = 'create' | 'generation' | 'polling';

export interface GenerationContext {
  draft: GenerationDraft;
  validate: (draft: GenerationDraft) => DraftErrors;
  costOf: (draft: GenerationDraft) => number;
  fieldErrors: DraftErrors;
  /** The key and balance the last GENERATE came with (the view reads them from the session); null: not known. */
  apiKey: string;
  balance: number | null;
  /** What the current or last task was made from: the results show these, whatever the form says now. */
  submitted: GenerationDraft | null;
  taskId: string | null;
  /**
   * When watching the task began (ms since epoch): the page shows the time since. How often and how long the task
   * is read is the poller's.
   */
  watchingSince: number | null;
  result: GenerationResult | null;
  failure: GenerationFailure | null;
  error: string | null;
  /** The API's code for a failure, when it gave one (402: not enough credits). */
  errorCode: number | string | null;
  /** When the current task's create call was sent (ms since epoch): a task it made is no older than this. */
  sentAt: number | null;
  /** The tasks this page created or found so far, newest last (a few): a lost answer is never matched to one of them. */
  knownTaskIds: string[];
  /** This visit's results, newest first (at most SESSION_RESULTS_KEPT): the session strip. */
  session: SessionResult[];
}

export type GenerationEvent =
  | { type: 'CHANGE'; draft: GenerationDraft }
  // An unknown balance (null) never blocks: the task API itself answers 402 if the credits do not cover it.
  | { type: 'GENERATE'; apiKey: string; balance: number | null }
  // Stop watching the task (the API has no cancel call: a task already sent may still finish).
  | { type: 'CANCEL' }
  // After the time limit: watch the same task again. After a failed look in the history: look again.
  | { type: 'CHECK_AGAIN' }
  // After the history showed no task from a request whose answer was lost: send the same request again.
  | { type: 'RETRY' }
  // Show a result of this visit again (from the session strip); taken only while no task runs.
  | { type: 'RESTORE'; taskId: string }
  // What the invoked calls report; listed so named guards and actions read them with types.
  | DoneActorEvent<CreateTaskResponse, 'createTask'>
  | ErrorActorEvent<unknown, 'createTask'>
  // What the poller reports: each progress read, and why it stopped reading.
  | PollingReport<PollTaskResponse>
  | DoneActorEvent<FindCreatedTaskResponse, 'findCreatedTask'>
  | ErrorActorEvent<unknown, 'findCreatedTask'>;

/**
 * How a task's progress is read: the shared back-off, three failed reads in a row fail the run (a flaky network is
 * forgiven), and three minutes in all before the playground says so and offers to keep waiting. The page keeps
 * reading while hidden: the result is what the user comes back for.
 */
export const TASK_POLLING: PollingPolicy = {
  ...BACK_OFF,
  maxErrorsInARow: 3,
  limitMs: GENERATION_TIME_LIMIT_MS,
  pausesWhileHidden: false,
  // A task just created is still generating: the first read waits as after one that settled nothing.
  waitsBeforeFirstCheck: true,
  // A failed read is a hiccup: the next one comes as soon as it would have.
  failuresGrowTheWait: false,
};
export const GENERATION_TIME_LIMIT_MINUTES = GENERATION_TIME_LIMIT_MS / 60_000;

/**
 * After a create call's answer was lost, the wait before looking for its task in the history: a request cut off
 * on its way may still be reaching the server.
 */
export const LOOKUP_DELAY_MS = 2000;
/** How many task ids the page remembers as its own (enough for a session of retries and variations). */
export const KNOWN_TASKS_KEPT = 20;
/** How many of this visit's results the session strip keeps; older ones are in the history. */
export const SESSION_RESULTS_KEPT = 12;

/** Read only where a guard let the answer through (isTaskCreated, isTaskFound). */
function taskIdOf(answer: CreateTaskResponse | FindCreatedTaskResponse): { taskId: string } {
  const data = answer.code === 200 ? answer.data : null;
  if (data === null) throw new Error(`${ID}: no task in the answer`);
  return { taskId: data.taskId };
}

/** Read only where a guard found the task's record (isSucceeded, isFailedTask). */
function taskOf(answer: PollTaskResponse): TaskAnswer {
  if (answer.code !== 200) throw new Error(`${ID}: no task record in the answer`);
  return answer.data;
}

function rememberTask(known: readonly string[], taskId: string | null): string[] {
  return taskId === null || known.includes(taskId) ? [...known] : [...known, taskId].slice(-KNOWN_TASKS_KEPT);
}

function sessionResult(session: readonly SessionResult[], event: GenerationEvent): SessionResult | null {
  return event.type === 'RESTORE' ? (session.find((item) => item.result.taskId === event.taskId) ?? null) : null;
}

/** The task's successFlag in a progress read, or null for a refused read. */
function successFlagOf(answer: PollTaskResponse): TaskAnswer['successFlag'] | null {
  return answer.code === 200 ? answer.data.successFlag : null;
}

/**
 * What a progress read says to polling: a task still generating is pending, one that succeeded or failed is settled,
 * and a refused read (a pass-through code) is a failed check.
 */
export function taskCheckOutcome(answer: PollTaskResponse): CheckOutcome {
  const flag = successFlagOf(answer);
  return flag === null ? 'refused' : flag === 0 ? 'pending' : 'settled';
}

/** A guard's params in onError: why the call failed. */
const reason = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

const ID = 'generation';

/** A create call that failed: the run failed at creating the task (or its answer was lost). */
function createRejected({ event }: { event: { error: unknown } }) {
  return { failure: 'create' as const, ...rejection(event.error) };
}

/** A task the model failed to make: its own message and code. */
function taskFailure(task: TaskAnswer) {
  return { failure: 'generation' as const, error: task.errorMessage, errorCode: task.errorCode, errorKind: null };
}

/** Any state where no task runs may show a result of this visit again. */
const RESTORE = { guard: 'isInSession', target: `#${ID}.reviewing`, actions: 'restoreResult' } as const;

/** A run's own context, as before any task: where a new run starts and what a blocked attempt clears. */
const NO_RUN = {
  submitted: null,
  taskId: null,
  watchingSince: null,
  result: null,
  failure: null,
  error: null,
  errorCode: null,
  sentAt: null,
} satisfies Partial<GenerationContext>;

/**
 * One image generation in the playground: check the form, create the task with the user's API key, then
 * read its progress (from 2 s, a little longer each time, much longer while the API answers 429) until it
 * succeeds, fails or takes too long.
 */
export const generationMachine = setup({
  types: {} as { context: GenerationContext; events: GenerationEvent; input: GenerationInput; children: { poller: 'poller' } },
  actors: {
    createTask: notProvidedActor<CreateTaskResponse, CreateTaskInput>('createTask'),
    // The shared polling chart, its check reading the task's record (pollingCheck with taskCheckOutcome).
    poller: pollingMachine,
    // Reads the account's task history (the platform's list, with the session) for a task made from the request.
    findCreatedTask: notProvidedActor<FindCreatedTaskResponse, FindCreatedTaskInput>('findCreatedTask'),
  },
  actions: {
    // The app keeps the form in the page address, so a playground can be shared.
    syncDraft: notProvidedAction('syncDraft'),
    // The app keeps this visit's results until the page is reloaded, so leaving the playground and coming back keeps the strip.
    keepSession: notProvidedAction('keepSession'),
    // A task's end may have changed the balance (charged on success; a failure or a cancel re-reads what the server has).
    refreshAccount: notProvidedAction('refreshAccount'),
    setDraft: assign({
      draft: ({ context, event }) => (event.type === 'CHANGE' ? event.draft : context.draft),
      fieldErrors: {},
    }),
    rememberRequester: assign(({ context, event }) =>
      event.type === 'GENERATE' ? { apiKey: event.apiKey, balance: event.balance } : { apiKey: context.apiKey },
    ),
    setFieldErrors: assign({ fieldErrors: ({ context }) => context.validate(context.draft) }),
    startTask: assign(({ context }) => ({ ...NO_RUN, submitted: context.draft, fieldErrors: {} })),
    // The same request again (what was submitted, whatever the form says now).
    resendTask: assign(({ context }) => ({ ...NO_RUN, submitted: context.submitted })),
    clearRun: assign(NO_RUN),
    markSent: assign({ sentAt: () => Date.now() }),
    setTaskId: assign(({ context }, { taskId }: { taskId: string }) => ({
      taskId,
      watchingSince: Date.now(),
      knownTaskIds: rememberTask(context.knownTaskIds, taskId),
    })),
    // The lost answer's task, found in the history: watched like one the answer had named (the lost answer forgotten).
    setFoundTask: assign(({ context }, { taskId }: { taskId: string }) => ({
      taskId,
      watchingSince: Date.now(),
      knownTaskIds: rememberTask(context.knownTaskIds, taskId),
      failure: null,
      error: null,
      errorCode: null,
    })),
    // Why the run failed (or, without `failure`, why the lost answer's task could not be looked for).
    setError: assign((_, { failure, error, errorCode }: Partial<Pick<GenerationContext, 'failure'>> & CallFailure) =>
      failure === undefined ? { error, errorCode } : { failure, error, errorCode },
    ),
    clearLookupError: assign({ error: null, errorCode: null }),
    restartPolling: assign({ watchingSince: () => Date.now() }),
    setResult: assign((_, task: TaskAnswer) => ({
      result: { taskId: task.taskId, imageUrls: taskImageUrls(task.response), createTime: task.createTime, completeTime: task.completeTime },
    })),
    // The newest first; a task already in the strip (seen again after "Keep waiting") moves to the front.
    addToSession: assign({
      session: ({ context }) => {
        const { result, submitted } = context;
        if (!result || !submitted) return context.session;
        const others = context.session.filter((item) => item.result.taskId !== result.taskId);
        return [{ result, draft: submitted }, ...others].slice(0, SESSION_RESULTS_KEPT);
      },
    }),
    // The picked result as it was shown when it was made (its own form, not the one being edited); the form is kept.
    restoreResult: assign(({ context, event }) => {
      const item = sessionResult(context.session, event);
      return item ? { ...NO_RUN, submitted: item.draft, taskId: item.result.taskId, result: item.result, fieldErrors: {} } : {};
    }),
  },
  guards: {
    hasFieldErrors: ({ context }) => Object.keys(context.validate(context.draft)).length > 0,
    lacksApiKey: ({ context }) => context.apiKey.trim() === '',
    cannotAfford: ({ context }) => context.balance !== null && context.costOf(context.draft) > context.balance,
    isTaskCreated: (_, created: CreateTaskResponse) => created.code === 200,
    isAnswerLost: (_, { error }: { error: unknown }) => isLostAnswer(error),
    isTaskFound: (_, found: FindCreatedTaskResponse) => found.code === 200 && found.data !== null,
    // The history was read and holds no task from the request: it never reached the server.
    isTaskMissing: (_, found: FindCreatedTaskResponse) => found.code === 200 && found.data === null,
    isSucceeded: (_, polled: PollTaskResponse) => successFlagOf(polled) === 1,
    isFailedTask: (_, polled: PollTaskResponse) => {
      const flag = successFlagOf(polled);
      return flag === 2 || flag === 3;
    },
    isInSession: ({ context, event }) => sessionResult(context.session, event) !== null,
  },
  delays: {
    LOOKUP_DELAY: LOOKUP_DELAY_MS,
  },
}).createMachine({
  id: ID,
  context: ({ input }) => ({
    draft: input.draft,
    validate: input.validate,
    costOf: input.costOf,
    fieldErrors: {},
    apiKey: '',
    balance: null,
    knownTaskIds: [],
    session: (input.session ?? []).slice(0, SESSION_RESULTS_KEPT),
    ...NO_RUN,
  }),
  initial: 'idle',
  // The form stays editable while a task runs: the task keeps what it was sent with.
  on: { CHANGE: { actions: ['setDraft', 'syncDraft'] } },
  states: {
    idle: {
      initial: 'editing',
      on: {
        GENERATE: { target: 'validating', actions: 'rememberRequester' },
        RESTORE,
        // Editing clears whatever stopped the last attempt.
        CHANGE: { target: '.editing', actions: ['setDraft', 'syncDraft'] },
      },
      states: {
        editing: {},
        // Each wrong field says why (context.fieldErrors).
        invalid: { tags: 'blocked' },
        // Signed in, but the account has no API key to call the task API with.
        missingApiKey: { tags: 'blocked' },
        // The balance does not cover the task: the view offers to buy credits.
        insufficientCredits: { tags: 'blocked' },
      },
    },
    // Decides at once whether the task can be sent; never a resting state.
    validating: {
      always: [
        { guard: 'hasFieldErrors', target: 'idle.invalid', actions: ['clearRun', 'setFieldErrors'] },
        { guard: 'lacksApiKey', target: 'idle.missingApiKey', actions: 'clearRun' },
        { guard: 'cannotAfford', target: 'idle.insufficientCredits', actions: 'clearRun' },
        { target: 'creatingTask', actions: 'startTask' },
      ],
    },
    // GENERATE is not taken here or while polling: a double click sends one task.
    creatingTask: {
      tags: ['busy', 'running'],
      entry: 'markSent',
      on: { CANCEL: 'cancelled' },
      invoke: {
        id: 'createTask',
        src: 'createTask',
        input: ({ context }) => ({ draft: context.submitted ?? context.draft, apiKey: context.apiKey }),
        onDone: [
          {
            guard: { type: 'isTaskCreated', params: ({ event }) => event.output },
            target: 'polling',
            actions: { type: 'setTaskId', params: ({ event }) => taskIdOf(event.output) },
          },
          { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ failure: 'create', ...refusal(event.output) }) } },
        ],
        onError: [
          // The task may exist (and be charged): find out before offering to send it again. The reason stays for the view.
          {
            guard: { type: 'isAnswerLost', params: reason },
            target: 'checkingWhetherTaskWasCreated',
            actions: { type: 'setError', params: createRejected },
          },
          { target: 'failed', actions: { type: 'setError', params: createRejected } },
        ],
      },
    },
    // The create call's answer was lost: the account's history tells whether the request made a task.
    checkingWhetherTaskWasCreated: {
      tags: ['busy', 'running'],
      initial: 'waitingForServer',
      on: { CANCEL: 'cancelled' },
      states: {
        waitingForServer: {
          after: { LOOKUP_DELAY: 'lookingInHistory' },
        },
        lookingInHistory: {
          invoke: {
            id: 'findCreatedTask',
            src: 'findCreatedTask',
            input: ({ context }) => ({ draft: context.submitted ?? context.draft, sentAt: context.sentAt ?? 0, knownTaskIds: context.knownTaskIds }),
            onDone: [
              // Found: one task, one charge; it is watched as if the answer had arrived.
              {
                guard: { type: 'isTaskFound', params: ({ event }) => event.output },
                target: `#${ID}.polling`,
                actions: { type: 'setFoundTask', params: ({ event }) => taskIdOf(event.output) },
              },
              { guard: { type: 'isTaskMissing', params: ({ event }) => event.output }, target: `#${ID}.taskNotCreated` },
              { target: `#${ID}.taskCreationUnknown`, actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
            ],
            onError: { target: `#${ID}.taskCreationUnknown`, actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
          },
        },
      },
    },
    // The history holds no task from the request: it never reached the server, nothing was charged; RETRY sends it.
    taskNotCreated: {
      tags: 'failed',
      on: {
        RETRY: { target: 'creatingTask', actions: 'resendTask' },
        GENERATE: { target: 'validating', actions: 'rememberRequester' },
        RESTORE,
      },
    },
    // The history could not be read either: sending again might make (and charge) a second task, so look again first.
    taskCreationUnknown: {
      tags: 'failed',
      on: {
        CHECK_AGAIN: { target: 'checkingWhetherTaskWasCreated', actions: 'clearLookupError' },
        GENERATE: { target: 'validating', actions: 'rememberRequester' },
        RESTORE,
      },
    },
    // The task runs on the server; only reading its record tells how it went. The poller reads it (from 2 s, a little
    // longer each time, much longer after a 429) until it settles, three reads in a row fail, or the time limit passes.
    polling: {
      tags: ['busy', 'running'],
      invoke: {
        id: 'poller',
        src: 'poller',
        input: ({ context, self }): PollingInput => ({
          policy: TASK_POLLING,
          check: { taskId: context.taskId ?? '', apiKey: context.apiKey } satisfies PollTaskInput,
          reportTo: self,
        }),
      },
      on: {
        CANCEL: 'cancelled',
        'polling.answered': [
          {
            guard: { type: 'isSucceeded', params: ({ event }) => event.answer },
            target: 'succeeded',
            actions: [{ type: 'setResult', params: ({ event }) => taskOf(event.answer) }, 'addToSession', 'keepSession'],
          },
          {
            guard: { type: 'isFailedTask', params: ({ event }) => event.answer },
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => taskFailure(taskOf(event.answer)) },
          },
          // Still generating, or a refused read (a hiccup, like a network error, that the poller counts): read again.
        ],
        'polling.stoppedAfterErrors': {
          target: 'failed',
          actions: { type: 'setError', params: ({ event }) => ({ failure: 'polling', ...checkFailure(event.failure) }) },
        },
        'polling.timedOut': 'timedOut',
      },
    },
    succeeded: {
      tags: 'succeeded',
      entry: 'refreshAccount',
      on: { GENERATE: { target: 'validating', actions: 'rememberRequester' }, RESTORE },
    },
    // A result of this visit picked from the session strip, shown as it was made; the form stays as edited.
    reviewing: {
      on: { GENERATE: { target: 'validating', actions: 'rememberRequester' }, RESTORE },
    },
    // Failed tasks are not charged (a failed generation is refunded in full).
    failed: {
      tags: 'failed',
      entry: 'refreshAccount',
      on: { GENERATE: { target: 'validating', actions: 'rememberRequester' }, RESTORE },
    },
    // Stopped watching: a task already sent may still finish, and then shows in history. The account is re-read:
    // the server may have finished (and charged) it before the cancel.
    cancelled: {
      entry: 'refreshAccount',
      on: { GENERATE: { target: 'validating', actions: 'rememberRequester' }, RESTORE },
    },
    // The time limit passed while the task was still generating.
    timedOut: {
      tags: 'timedOut',
      on: {
        CHECK_AGAIN: { target: 'polling', actions: 'restartPolling' },
        GENERATE: { target: 'validating', actions: 'rememberRequester' },
        RESTORE,
      },
    },
  },
});
