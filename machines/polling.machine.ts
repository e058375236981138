/**
 * Polling, written once: how long to wait before the next check (a back-off from a first delay, growing, up to a
 * cap, much longer while the API answers 429), how many checks may fail in a row, and how long polling may last.
 * The playground's generation, the quick start and every payment poll with these functions, each with its own
 * policy, and this chart is the behaviour they share, for QA to run in the explorer and for its own model test.
 *
 * Why the flows share these delays and counts rather than invoke this chart as a child: each flow's check is its own
 * call whose answers it keeps and words differently (the quick start shows every answer, a payment reads the order's
 * status, the playground keeps only the images), and the views and model tests read the check as a state of that
 * flow. A child actor would hide those states and answers behind its own events.
 */
import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { notProvidedActor, notProvidedCallback } from './notProvided';
import { isRateLimitedError } from './types';

/** How a flow polls. */
export interface PollingPolicy {
  /** The wait after the first check that settled nothing. */
  firstDelayMs: number;
  /** Each further check that settles nothing makes the next wait this many times longer… */
  growth: number;
  /** …up to this. */
  maxDelayMs: number;
  /** While the API answers 429, each answer in a row doubles the wait, up to this. */
  rateLimitedMaxDelayMs: number;
  /** Checks that may fail in a row; the one that reaches it stops polling. */
  maxErrorsInARow: number;
  /** How long polling lasts, from when it (re)started, before it gives up. */
  limitMs: number;
  /** No checks while the tab is hidden (one at once when it shows again). */
  pausesWhileHidden: boolean;
}

/** The back-off every flow uses: 2 s, then half as long again each time, up to 10 s (six checks a minute at most). */
export const BACK_OFF = { firstDelayMs: 2000, growth: 1.5, maxDelayMs: 10_000, rateLimitedMaxDelayMs: 60_000 } satisfies Partial<PollingPolicy>;

/**
 * The wait before the next check, after `unsettled` checks that did not settle what is polled (at least one: the
 * first wait is `firstDelayMs`) and `rateLimited` answers of 429 in a row (each doubles the wait).
 */
export function checkDelayMs(policy: PollingPolicy, unsettled: number, rateLimited = 0): number {
  const base = Math.min(policy.maxDelayMs, Math.round(policy.firstDelayMs * policy.growth ** Math.max(0, unsettled - 1)));
  return rateLimited > 0 ? Math.min(policy.rateLimitedMaxDelayMs, base * 2 ** rateLimited) : base;
}

/** The unsettled checks after which the wait stops growing: counting further would only grow the context. */
export function backOffSteps(policy: PollingPolicy): number {
  return 1 + Math.ceil(Math.log(policy.maxDelayMs / policy.firstDelayMs) / Math.log(policy.growth));
}

/** Whether the check that just failed is the last one the policy allows in a row (read before it is counted). */
export function isLastAllowedError(policy: PollingPolicy, errorsInARow: number): boolean {
  return errorsInARow + 1 >= policy.maxErrorsInARow;
}

/** What is left of the policy's time limit, polling since `since` (null: not started), at `now`. */
export function timeLeftMs(policy: PollingPolicy, since: number | null, now: number): number {
  return since === null ? policy.limitMs : Math.max(0, since + policy.limitMs - now);
}

/** What one check found: the polled thing is settled (the flow leaves polling), or still pending. */
export type CheckOutcome = 'settled' | 'pending';

export interface PollingInput {
  policy: PollingPolicy;
}

export interface PollingContext {
  policy: PollingPolicy;
  /** Checks since polling (re)started that settled nothing, counted up to backOffSteps: the wait grows with it. */
  unsettled: number;
  /** Checks in a row that failed; polling stops at the policy's maxErrorsInARow. */
  errorsInARow: number;
  /** Answers of 429 in a row: each doubles the wait. */
  rateLimited: number;
  /** When polling (re)started (ms since epoch): the time limit counts from here. */
  since: number | null;
}

export type PollingEvent =
  | { type: 'PAGE_HIDDEN' }
  | { type: 'PAGE_VISIBLE' }
  // After polling stopped (errors, time limit): start again, afresh.
  | { type: 'CHECK_AGAIN' }
  | DoneActorEvent<CheckOutcome, 'check'>
  | ErrorActorEvent<unknown, 'check'>;

const FRESH = { unsettled: 0, errorsInARow: 0, rateLimited: 0 } satisfies Partial<PollingContext>;

/**
 * The shared polling chart: check at once, wait a little longer after each check that settles nothing (much longer
 * after a 429), pause while the tab is hidden if the policy says so, stop after too many failed checks in a row or
 * when the time limit passes.
 */
export const pollingMachine = setup({
  types: {} as { context: PollingContext; events: PollingEvent; input: PollingInput },
  actors: {
    // The flow's own call, reduced to what polling needs to know.
    check: notProvidedActor<CheckOutcome>('check'),
    // Sends PAGE_HIDDEN / PAGE_VISIBLE as the tab is hidden or shown.
    watchPageVisibility: notProvidedCallback('watchPageVisibility'),
  },
  actions: {
    restart: assign({ ...FRESH, since: () => Date.now() }),
    countUnsettled: assign(({ context }) => ({
      unsettled: Math.min(backOffSteps(context.policy), context.unsettled + 1),
      errorsInARow: 0,
      rateLimited: 0,
    })),
    countError: assign(({ context }) => ({
      unsettled: Math.min(backOffSteps(context.policy), context.unsettled + 1),
      errorsInARow: Math.min(context.policy.maxErrorsInARow, context.errorsInARow + 1),
      rateLimited: 0,
    })),
    // Too many requests: neither the polled thing's fault nor the network's; wait longer and ask again.
    slowDown: assign({ rateLimited: ({ context }) => context.rateLimited + 1 }),
  },
  guards: {
    isSettled: ({ event }) => event.type === 'xstate.done.actor.check' && event.output === 'settled',
    isRateLimited: ({ event }) => event.type === 'xstate.error.actor.check' && isRateLimitedError(event.error),
    isLastAllowedError: ({ context }) => isLastAllowedError(context.policy, context.errorsInARow),
    pausesWhileHidden: ({ context }) => context.policy.pausesWhileHidden,
  },
  delays: {
    CHECK_DELAY: ({ context }) => checkDelayMs(context.policy, context.unsettled, context.rateLimited),
    // Measured from when polling (re)started, so the limit is the same however the waits were spent.
    TIME_LIMIT: ({ context }) => timeLeftMs(context.policy, context.since, Date.now()),
  },
}).createMachine({
  id: 'polling',
  context: ({ input }) => ({ policy: input.policy, ...FRESH, since: null }),
  initial: 'polling',
  states: {
    polling: {
      tags: 'polling',
      entry: 'restart',
      invoke: { id: 'watchPageVisibility', src: 'watchPageVisibility' },
      initial: 'checking',
      after: { TIME_LIMIT: 'timedOut' },
      states: {
        checking: {
          invoke: {
            id: 'check',
            src: 'check',
            onDone: [
              { guard: 'isSettled', target: '#polling.settled' },
              { target: 'waiting', actions: 'countUnsettled' },
            ],
            onError: [
              // The time limit still bounds it: 429s never stop polling on their own.
              { guard: 'isRateLimited', target: 'waiting', actions: 'slowDown' },
              { guard: 'isLastAllowedError', target: '#polling.stoppedAfterErrors', actions: 'countError' },
              { target: 'waiting', actions: 'countError' },
            ],
          },
          // The answer would only schedule the next check: it is asked for again when the tab shows.
          on: { PAGE_HIDDEN: { guard: 'pausesWhileHidden', target: 'pausedWhileHidden' } },
        },
        waiting: {
          after: { CHECK_DELAY: 'checking' },
          on: { PAGE_HIDDEN: { guard: 'pausesWhileHidden', target: 'pausedWhileHidden' } },
        },
        // Nobody looks at a hidden tab: no checks until it shows again, then one at once.
        pausedWhileHidden: {
          on: { PAGE_VISIBLE: 'checking' },
        },
      },
    },
    settled: { type: 'final' },
    // Too many failed checks in a row: nobody asks again until the user does.
    stoppedAfterErrors: {
      tags: 'stopped',
      on: { CHECK_AGAIN: 'polling' },
    },
    timedOut: {
      tags: 'stopped',
      on: { CHECK_AGAIN: 'polling' },
    },
  },
});
