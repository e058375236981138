import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { checkDelayMs } from '../../machines/polling.machine';
import { QUICK_START_POLLING, quickStartMachine } from '../../machines/quickStart.machine';
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

// What the views read: selectors of this chart's snapshot.
type QuickStartSnapshot = SnapshotFrom<QuickStartActor>;

/** Where the first call is, as the page shows it: one name per thing steps 3 and 4 can show. */
export type QuickStartPhase =
  'ready' | 'sending' | 'requestFailed' | 'created' | 'checking' | 'running' | 'checkFailed' | 'timedOut' | 'finished' | 'taskFailed';

export const quickStartSelectors = {
  phase: (s: QuickStartSnapshot): QuickStartPhase => {
    if (s.matches('sendingRequest')) return 'sending';
    if (s.matches('requestFailed')) return 'requestFailed';
    if (s.matches('taskCreated')) return 'created';
    if (s.matches({ watching: 'checkingTask' })) return 'checking';
    if (s.matches({ watching: 'taskRunning' })) return 'running';
    if (s.matches('checkFailed')) return 'checkFailed';
    if (s.matches('timedOut')) return 'timedOut';
    if (s.matches('finished')) return 'finished';
    if (s.matches('taskFailed')) return 'taskFailed';
    return 'ready';
  },
  /** Step 3 is done: the answer holds a taskId. */
  hasTask: (s: QuickStartSnapshot) => s.hasTag('hasTask'),
  /** Step 4 is done: the task succeeded or failed. */
  taskEnded: (s: QuickStartSnapshot) => s.hasTag('taskEnded'),
  watching: (s: QuickStartSnapshot) => s.hasTag('watching'),
  canSend: (s: QuickStartSnapshot) => s.can({ type: 'SEND' }),
  created: (s: QuickStartSnapshot) => s.context.created,
  taskId: (s: QuickStartSnapshot) => s.context.taskId,
  lastCheck: (s: QuickStartSnapshot) => s.context.lastCheck,
  /** The task was read at least once: its real answer replaces the example. */
  checked: (s: QuickStartSnapshot) => s.context.lastCheck !== null,
  checks: (s: QuickStartSnapshot) => s.context.checks,
  /** How long the page waits before the next check on its own (while the task runs). */
  nextCheckMs: (s: QuickStartSnapshot) => checkDelayMs(QUICK_START_POLLING, s.context.checks, s.context.rateLimited),
  /** The API answered the last check with 429 (too many requests): the page waits longer. */
  rateLimited: (s: QuickStartSnapshot) => s.context.rateLimited > 0,
  error: (s: QuickStartSnapshot) => s.context.error,
  errorCode: (s: QuickStartSnapshot) => s.context.errorCode,
  errorKind: (s: QuickStartSnapshot) => s.context.errorKind,
};
