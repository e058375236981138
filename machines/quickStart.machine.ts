import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ApiErrorKind } from '../src/common/types';
import { notProvidedAction, notProvidedActor } from './notProvided';
import { refusal, rejection, type CallFailure } from './callErrors';
import { isRateLimitedError } from './types';
import { TASK_POLLING, type CreateTaskResponse, type PollTaskInput, type PollTaskResponse, type TaskAnswer } from './generation.machine';
import { checkDelayMs, timeLeftMs, type PollingPolicy } from './polling.machine';

/**
 * Why the quick start is not the playground's generation machine: it is a lesson, so the user makes each call
 * (send, then check), and the page shows each answer of the API verbatim. The generation machine keeps no answers
 * (only the images), starts polling on its own and checks a form; the timings and the task API's shapes are shared.
 */

export interface QuickStartInput {
  /** The key the sample call is sent with; the page starts a new actor when the account's key changes. */
  apiKey: string;
}

/** The create call's input: the request itself is the sample the page shows, supplied with the actor. */
export interface SendRequestInput {
  apiKey: string;
}

export type { CreateTaskResponse, PollTaskInput, PollTaskResponse, TaskAnswer };

export interface QuickStartContext {
  apiKey: string;
  /** The create call's answer, as the API answered it (a pass-through code included); null before or after a failed call. */
  created: CreateTaskResponse | null;
  taskId: string | null;
  /** The last record-info answer, as the API answered it: the page shows its successFlag moving. */
  lastCheck: PollTaskResponse | null;
  /** Answers of "still generating" so far: each one waits a little longer before the next check. */
  checks: number;
  /** Checks the task API answered 429 (too many requests) to, in a row: each doubles the wait. */
  rateLimited: number;
  /** When watching began (ms since epoch): the time limit counts from here. */
  watchingSince: number | null;
  /** Why the last call or the task failed, for the view to word; null while nothing failed. */
  error: string | null;
  /** The API's code (401 unknown key, 402 not enough credits, a pass-through code) or the task's errorCode. */
  errorCode: number | string | null;
  /** The API client's kind of failure ('network', 'timeout', 'server' ...), when a call was rejected. */
  errorKind: ApiErrorKind | null;
}

export type QuickStartEvent =
  /** Send the sample request (again: a new task). */
  | { type: 'SEND' }
  /** Read the task's record now; after a failed check or the time limit, start watching again. */
  | { type: 'CHECK' }
  /** Stop checking on its own (the task keeps running on the server). */
  | { type: 'STOP' }
  // What the invoked calls report; listed so named guards and actions read them with types.
  | DoneActorEvent<CreateTaskResponse, 'sendRequest'>
  | ErrorActorEvent<unknown, 'sendRequest'>
  | DoneActorEvent<PollTaskResponse, 'checkTask'>
  | ErrorActorEvent<unknown, 'checkTask'>;

const ID = 'quickStart';

/** The task's successFlag in a check's answer, or null for a refused check. */
function successFlagOf(answer: PollTaskResponse): TaskAnswer['successFlag'] | null {
  return answer.code === 200 ? answer.data.successFlag : null;
}

/** A task the model failed to make (read only where isFailedTask let the record through): its own message and code. */
function taskFailure(answer: PollTaskResponse): CallFailure {
  if (answer.code !== 200) throw new Error(`${ID}: no task record in the answer`);
  return { error: answer.data.errorMessage, errorCode: answer.data.errorCode, errorKind: null };
}

/**
 * The playground's timings, but the first check is the user's, at once, and a failed check stops: the lesson shows
 * the answer and lets the user check again (only 429s are waited out).
 */
export const QUICK_START_POLLING: PollingPolicy = { ...TASK_POLLING, maxErrorsInARow: 1, waitsBeforeFirstCheck: false };

const NO_ERROR = { error: null, errorCode: null, errorKind: null } satisfies Partial<QuickStartContext>;

/** A new run, as before any call. */
const NO_RUN = {
  created: null,
  taskId: null,
  lastCheck: null,
  checks: 0,
  rateLimited: 0,
  watchingSince: null,
  ...NO_ERROR,
} satisfies Partial<QuickStartContext>;

/**
 * The quick start's first call, step by step: send the sample request with the user's key, show the answer and
 * its taskId, then check the task when the user asks and keep checking (from 2 s, a little longer each time)
 * until it succeeds, fails or takes too long. Every answer is kept, so the page shows what the API said.
 */
export const quickStartMachine = setup({
  types: {} as { context: QuickStartContext; events: QuickStartEvent; input: QuickStartInput },
  actors: {
    sendRequest: notProvidedActor<CreateTaskResponse, SendRequestInput>('sendRequest'),
    checkTask: notProvidedActor<PollTaskResponse, PollTaskInput>('checkTask'),
  },
  actions: {
    // A task that ended changed the balance (charged on success, refunded on failure).
    refreshAccount: notProvidedAction('refreshAccount'),
    startRun: assign(NO_RUN),
    // The answer is kept as the API gave it (the page shows it), with its taskId when it made a task.
    setCreated: assign((_, created: CreateTaskResponse) => ({ created, taskId: created.code === 200 ? created.data.taskId : null, ...NO_ERROR })),
    setRequestRefused: assign((_, created: CreateTaskResponse) => ({ created, ...refusal(created) })),
    // Why the call, the check or the task failed, for the view to word.
    setError: assign((_, failure: CallFailure) => failure),
    startWatching: assign({ checks: 0, rateLimited: 0, watchingSince: () => Date.now(), ...NO_ERROR }),
    setCheck: assign((_, lastCheck: PollTaskResponse) => ({ lastCheck })),
    countCheck: assign({ checks: ({ context }) => context.checks + 1, rateLimited: 0 }),
    // Too many requests: not a failure of the task; wait longer, then check again on its own.
    slowDown: assign({ rateLimited: ({ context }) => context.rateLimited + 1 }),
  },
  guards: {
    isTaskCreated: (_, created: CreateTaskResponse) => created.code === 200,
    isSucceeded: (_, checked: PollTaskResponse) => successFlagOf(checked) === 1,
    isFailedTask: (_, checked: PollTaskResponse) => {
      const flag = successFlagOf(checked);
      return flag === 2 || flag === 3;
    },
    isStillGenerating: (_, checked: PollTaskResponse) => successFlagOf(checked) === 0,
    isRateLimited: (_, { error }: { error: unknown }) => isRateLimitedError(error),
  },
  delays: {
    CHECK_DELAY: ({ context }) => checkDelayMs(QUICK_START_POLLING, context.checks, context.rateLimited),
    // Measured from when watching began, so the limit is the same however the wait was spent.
    TIME_LIMIT: ({ context }) => timeLeftMs(QUICK_START_POLLING, context.watchingSince, Date.now()),
  },
}).createMachine({
  id: ID,
  context: ({ input }) => ({ apiKey: input.apiKey, ...NO_RUN }),
  initial: 'ready',
  states: {
    // Nothing sent yet: the page offers to send the sample request.
    ready: {
      on: { SEND: { target: 'sendingRequest', actions: 'startRun' } },
    },
    // SEND is not taken here or while watching: a double click sends one task.
    sendingRequest: {
      tags: 'busy',
      invoke: {
        id: 'sendRequest',
        src: 'sendRequest',
        input: ({ context }) => ({ apiKey: context.apiKey }),
        onDone: [
          {
            guard: { type: 'isTaskCreated', params: ({ event }) => event.output },
            target: 'taskCreated',
            actions: { type: 'setCreated', params: ({ event }) => event.output },
          },
          { target: 'requestFailed', actions: { type: 'setRequestRefused', params: ({ event }) => event.output } },
        ],
        onError: { target: 'requestFailed', actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
      },
    },
    // No task: the key was refused (401), the credits do not cover it (402), the network failed ... Nothing was charged.
    requestFailed: {
      tags: 'error',
      on: { SEND: { target: 'sendingRequest', actions: 'startRun' } },
    },
    // The answer holds a taskId; the image is being made. The user checks the task when ready.
    taskCreated: {
      tags: 'hasTask',
      on: {
        CHECK: { target: 'watching', actions: 'startWatching' },
        SEND: { target: 'sendingRequest', actions: 'startRun' },
      },
    },
    // Reading the task's record until it is no longer generating.
    watching: {
      tags: ['hasTask', 'watching'],
      initial: 'checkingTask',
      after: { TIME_LIMIT: 'timedOut' },
      on: { STOP: 'taskCreated' },
      states: {
        checkingTask: {
          tags: 'busy',
          invoke: {
            id: 'checkTask',
            src: 'checkTask',
            input: ({ context }) => ({ taskId: context.taskId ?? '', apiKey: context.apiKey }),
            onDone: [
              {
                guard: { type: 'isSucceeded', params: ({ event }) => event.output },
                target: `#${ID}.finished`,
                actions: { type: 'setCheck', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isFailedTask', params: ({ event }) => event.output },
                target: `#${ID}.taskFailed`,
                actions: [
                  { type: 'setCheck', params: ({ event }) => event.output },
                  { type: 'setError', params: ({ event }) => taskFailure(event.output) },
                ],
              },
              {
                guard: { type: 'isStillGenerating', params: ({ event }) => event.output },
                target: 'taskRunning',
                actions: [{ type: 'setCheck', params: ({ event }) => event.output }, 'countCheck'],
              },
              // A refused read (a pass-through code): the page says so and offers to check again.
              { target: `#${ID}.checkFailed`, actions: { type: 'setError', params: ({ event }) => refusal(event.output) } },
            ],
            onError: [
              // The time limit still bounds it: 429s never end the watch on their own.
              { guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) }, target: 'taskRunning', actions: 'slowDown' },
              { target: `#${ID}.checkFailed`, actions: { type: 'setError', params: ({ event }) => rejection(event.error) } },
            ],
          },
        },
        // successFlag 0 (or a 429): the next check comes on its own, a little later each time, or now.
        taskRunning: {
          after: { CHECK_DELAY: 'checkingTask' },
          on: { CHECK: 'checkingTask' },
        },
      },
    },
    // The record could not be read (network, a refused key, an unknown task): the task may still finish.
    checkFailed: {
      tags: ['hasTask', 'error'],
      on: {
        CHECK: { target: 'watching', actions: 'startWatching' },
        SEND: { target: 'sendingRequest', actions: 'startRun' },
      },
    },
    // Still generating after the time limit.
    timedOut: {
      tags: 'hasTask',
      on: {
        CHECK: { target: 'watching', actions: 'startWatching' },
        SEND: { target: 'sendingRequest', actions: 'startRun' },
      },
    },
    // successFlag 1: the image is in response.resultImageUrl; the credits were charged.
    finished: {
      tags: ['hasTask', 'taskEnded'],
      entry: 'refreshAccount',
      on: { SEND: { target: 'sendingRequest', actions: 'startRun' } },
    },
    // successFlag 2 or 3: errorMessage says why; nothing was charged.
    taskFailed: {
      tags: ['hasTask', 'taskEnded', 'error'],
      entry: 'refreshAccount',
      on: { SEND: { target: 'sendingRequest', actions: 'startRun' } },
    },
  },
});
