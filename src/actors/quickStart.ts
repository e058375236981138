import { useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { taskCheckOutcome, type PollTaskInput } from '../../machines/generation.machine';
import { pollingCheck } from '../../machines/polling.machine';
import { quickStartMachine } from '../../machines/quickStart.machine';
import type { GenerateCall } from '../api/contract';
import { generate, taskRecord } from '../api/generation';
import type { UserActor } from './app';
import { createPollerLogic, pollerSelectors } from './polling';

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
      poller: createPollerLogic(pollingCheck(taskCheckOutcome, (input: PollTaskInput, signal) => taskRecord(input.taskId, input.apiKey, { signal }))),
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

/** Where the first call is, the poller aside: while watching, whether a check is under way is the poller's. */
function flowPhase(s: QuickStartSnapshot): QuickStartPhase | 'watching' {
  if (s.matches('sendingRequest')) return 'sending';
  if (s.matches('requestFailed')) return 'requestFailed';
  if (s.matches('taskCreated')) return 'created';
  if (s.matches('watching')) return 'watching';
  if (s.matches('checkFailed')) return 'checkFailed';
  if (s.matches('timedOut')) return 'timedOut';
  if (s.matches('finished')) return 'finished';
  if (s.matches('taskFailed')) return 'taskFailed';
  return 'ready';
}

export const quickStartSelectors = {
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
  error: (s: QuickStartSnapshot) => s.context.error,
  errorCode: (s: QuickStartSnapshot) => s.context.errorCode,
  errorKind: (s: QuickStartSnapshot) => s.context.errorKind,
  /** The task's poller while watching (undefined otherwise): the views read the checks from it. */
  poller: (s: QuickStartSnapshot) => s.children.poller,
};

/** Where the first call is, as the page shows it; re-rendered as the poller moves between checking and waiting. */
export function useQuickStartPhase(actor: QuickStartActor): QuickStartPhase {
  const phase = useSelector(actor, flowPhase);
  const poller = useSelector(actor, quickStartSelectors.poller);
  const checking = useSelector(poller, pollerSelectors.checking);
  if (phase !== 'watching') return phase;
  return checking ? 'checking' : 'running';
}

/** What the page says of the checks while watching: how many settled nothing, 429s, and the next wait. */
export function useQuickStartChecks(actor: QuickStartActor) {
  const poller = useSelector(actor, quickStartSelectors.poller);
  return {
    checks: useSelector(poller, pollerSelectors.unsettled),
    rateLimited: useSelector(poller, pollerSelectors.rateLimited),
    nextCheckMs: useSelector(poller, pollerSelectors.nextCheckMs),
  };
}
