import { fromCallback, type ActorRefFrom, type PromiseActorLogic, type SnapshotFrom } from 'xstate';
import { nextCheckDelayMs, pollingMachine, type CheckedAnswer } from '../../machines/polling.machine';

/**
 * Tells a polling machine when the tab is hidden or shown, so nobody's order is asked about while nobody looks; a
 * tab hidden already when polling starts says so at once. (Only a policy that pauses while hidden acts on it.)
 */
const watchPageVisibility = fromCallback(({ sendBack }) => {
  const report = () => sendBack({ type: document.visibilityState === 'hidden' ? 'PAGE_HIDDEN' : 'PAGE_VISIBLE' });
  if (document.visibilityState === 'hidden') report();
  document.addEventListener('visibilitychange', report);
  return () => document.removeEventListener('visibilitychange', report);
});

/** The shared polling chart with a flow's check (pollingCheck): what the flow's `poller` is provided with. */
export function createPollerLogic(check: PromiseActorLogic<CheckedAnswer, unknown>) {
  return pollingMachine.provide({ actors: { check, watchPageVisibility } });
}

type PollerSnapshot = SnapshotFrom<ActorRefFrom<typeof pollingMachine>>;

/**
 * What a view reads of a flow's poller (the flow's `poller` child, undefined while it does not poll): whether a check
 * is under way, and what the next wait is made of.
 */
export const pollerSelectors = {
  checking: (s: PollerSnapshot | undefined) => s?.hasTag('checking') ?? false,
  /** Checks since polling started that settled nothing. */
  unsettled: (s: PollerSnapshot | undefined) => s?.context.unsettled ?? 0,
  /** The API answered the last check with 429 (too many requests): the wait is longer. */
  rateLimited: (s: PollerSnapshot | undefined) => (s?.context.rateLimited ?? 0) > 0,
  /** How long the poller waits before the next check on its own. */
  nextCheckMs: (s: PollerSnapshot | undefined) => (s ? nextCheckDelayMs(s.context) : 0),
};
