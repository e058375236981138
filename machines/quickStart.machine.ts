import { assign, sendTo, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { ApiErrorKind } from '../src/common/types';
import { notProvidedAction, notProvidedActor } from './notProvided';
import { refusal, rejection, type CallFailure } from './callErrors';
import { TASK_POLLING, type CreateTaskResponse, type PollTaskInput, type PollTaskResponse, type TaskAnswer } from './generation.machine';
import { checkFailure, pollingMachine, type PollingInput, type PollingPolicy, type PollingReport } from './polling.machine';

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
  /**
   * The last record-info answer, as the API answered it: the page shows its successFlag moving. How often and how
   * long the task is checked is the poller's (its context: checks, 429s in a row, the time limit).
   */
  lastCheck: PollTaskResponse | null;
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
  // What the invoked call reports; listed so named guards and actions read them with types.
  | DoneActorEvent<CreateTaskResponse, 'sendRequest'>
  | ErrorActorEvent<unknown, 'sendRequest'>
  // What the poller reports: each record-info answer, and why it stopped checking.
  | PollingReport<PollTaskResponse>;

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
  ...NO_ERROR,
} satisfies Partial<QuickStartContext>;

/**
 * The quick start's first call, step by step: send the sample request with the user's key, show the answer and
 * its taskId, then check the task when the user asks and keep checking (from 2 s, a little longer each time)
 * until it succeeds, fails or takes too long. Every answer is kept, so the page shows what the API said.
 */
export const quickStartMachine = setup({
  types: {} as { context: QuickStartContext; events: QuickStartEvent; input: QuickStartInput; children: { poller: 'poller' } },
  actors: {
    sendRequest: notProvidedActor<CreateTaskResponse, SendRequestInput>('sendRequest'),
    // The shared polling chart, its check reading the task's record (pollingCheck with taskCheckOutcome).
    poller: pollingMachine,
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
    startWatching: assign(NO_ERROR),
    setCheck: assign((_, lastCheck: PollTaskResponse) => ({ lastCheck })),
    // "Check now": the poller skips the wait it is in (a check under way is not asked twice).
    checkNow: sendTo('poller', { type: 'CHECK_NOW' }),
  },
  guards: {
    isTaskCreated: (_, created: CreateTaskResponse) => created.code === 200,
    isSucceeded: (_, checked: PollTaskResponse) => successFlagOf(checked) === 1,
    isFailedTask: (_, checked: PollTaskResponse) => {
      const flag = successFlagOf(checked);
      return flag === 2 || flag === 3;
    },
    isStillGenerating: (_, checked: PollTaskResponse) => successFlagOf(checked) === 0,
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
    // Reading the task's record until it is no longer generating: the poller checks at once, then again on its own,
    // a little later each time (much later after a 429), until the time limit. A failed check stops it.
    watching: {
      tags: ['hasTask', 'watching'],
      invoke: {
        id: 'poller',
        src: 'poller',
        input: ({ context, self }): PollingInput => ({
          policy: QUICK_START_POLLING,
          check: { taskId: context.taskId ?? '', apiKey: context.apiKey } satisfies PollTaskInput,
          reportTo: self,
        }),
      },
      on: {
        STOP: 'taskCreated',
        CHECK: { actions: 'checkNow' },
        'polling.answered': [
          {
            guard: { type: 'isSucceeded', params: ({ event }) => event.answer },
            target: 'finished',
            actions: { type: 'setCheck', params: ({ event }) => event.answer },
          },
          {
            guard: { type: 'isFailedTask', params: ({ event }) => event.answer },
            target: 'taskFailed',
            actions: [
              { type: 'setCheck', params: ({ event }) => event.answer },
              { type: 'setError', params: ({ event }) => taskFailure(event.answer) },
            ],
          },
          {
            guard: { type: 'isStillGenerating', params: ({ event }) => event.answer },
            actions: { type: 'setCheck', params: ({ event }) => event.answer },
          },
          // A refused read (a pass-through code) is a failed check: the poller stops and says why.
        ],
        // Network, a refused key, an unknown task, a refused read: the page says so and offers to check again.
        'polling.stoppedAfterErrors': { target: 'checkFailed', actions: { type: 'setError', params: ({ event }) => checkFailure(event.failure) } },
        'polling.timedOut': 'timedOut',
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
