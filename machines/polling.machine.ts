/**
 * Polling, written once: how long to wait before the next check (a back-off from a first delay, growing, up to a
 * cap, much longer while the API answers 429), how many checks may fail in a row, and how long polling may last,
 * and the one chart that polls with them. Every flow that polls invokes this chart as a child actor: the playground's
 * generation, the quick start and the payments (confirming an order, and a WeChat code's order while the code shows),
 * each with its own policy and its own check: the call, with the input the flow gives it, and how an answer reads
 * (pollingCheck).
 *
 * The child reports to the flow that invoked it (`reportTo`): every answer (the quick start shows each one, the
 * playground keeps the images, a payment leaves on a settled status), and why it stopped (too many failed checks
 * in a row, with the last failure, or the time limit). The flow's own states follow those reports; the view reads
 * whether a check is under way, and the counts behind the next wait, from the child's snapshot.
 */
import {
  assign,
  enqueueActions,
  fromPromise,
  setup,
  type AnyActorRef,
  type DoneActorEvent,
  type ErrorActorEvent,
  type PromiseActorLogic,
} from 'xstate';
import { refusal, rejection, type CallFailure } from './callErrors';
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
  /** The first check waits the first delay, as after a check that settled nothing (a task just created is still running). */
  waitsBeforeFirstCheck: boolean;
  /** A failed check makes the next wait longer too, as a check that settled nothing does. */
  failuresGrowTheWait: boolean;
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

/**
 * What one check's answer says: the polled thing is settled (polling ends), still pending (ask again later), or the
 * API refused to say (an answer with a code other than 200): a failed check, as when the call itself fails.
 */
export type CheckOutcome = 'settled' | 'pending' | 'refused';

/** A check's answer as the chart gets it: what it says, and the answer itself, passed on to the flow untouched. */
export interface CheckedAnswer<TAnswer = unknown> {
  outcome: CheckOutcome;
  answer: TAnswer;
}

/** Why the last check failed: a refusing answer, or what the call rejected with. */
export type CheckFailure<TAnswer = unknown> = { refused: TAnswer } | { rejected: unknown };

/**
 * What the chart tells the flow that invoked it. A flow lists these with its own answer type: the answers are its
 * own check's (pollingCheck), which the chart passes on without reading them.
 */
export type PollingReport<TAnswer = unknown> =
  /** Every answer, whatever it says (a refusing one then also counts as a failure). */
  | { type: 'polling.answered'; answer: TAnswer }
  /** Too many failed checks in a row: the last one's failure. */
  | { type: 'polling.stoppedAfterErrors'; failure: CheckFailure<TAnswer> }
  /** The time limit passed before the polled thing settled. */
  | { type: 'polling.timedOut' };

export interface PollingInput {
  policy: PollingPolicy;
  /** What each check is invoked with (the task, the order): the flow's, passed to its check untouched. */
  check: unknown;
  /** Who hears the reports: the flow that invoked the chart (none when it runs on its own, in the explorer). */
  reportTo?: AnyActorRef;
}

export interface PollingContext extends PollingInput {
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
  // While waiting for the next check: check now (the user asked).
  | { type: 'CHECK_NOW' }
  // After polling stopped (errors, time limit): start again, afresh.
  | { type: 'CHECK_AGAIN' }
  | DoneActorEvent<CheckedAnswer, 'check'>
  | ErrorActorEvent<unknown, 'check'>;

/** The wait before the next check, as polling's context stands. */
export function nextCheckDelayMs(context: Pick<PollingContext, 'policy' | 'unsettled' | 'rateLimited'>): number {
  return checkDelayMs(context.policy, context.unsettled, context.rateLimited);
}

/**
 * A flow's check as the chart invokes it: `call` with the input the flow gave the chart, its answer read by
 * `outcomeOf`. The chart cannot be generic over the check (XState's types resolve a chart's actors only when they
 * are concrete), so the check's input reaches it as unknown: it is always the `check` the same flow put in the
 * chart's input, of the type `call` takes.
 */
export function pollingCheck<TCheckInput, TAnswer>(
  outcomeOf: (answer: TAnswer) => CheckOutcome,
  call: (input: TCheckInput, signal: AbortSignal) => Promise<TAnswer>,
): PromiseActorLogic<CheckedAnswer, unknown> {
  return fromPromise<CheckedAnswer, unknown>(async ({ input, signal }) => {
    const answer = await call(input as TCheckInput, signal);
    return { outcome: outcomeOf(answer), answer };
  });
}

/** Why polling stopped after errors, as a flow keeps it for the view to word: the refusal, or the rejection. */
export function checkFailure(failure: CheckFailure<{ code: number | string; msg: string }>): CallFailure {
  return 'refused' in failure ? refusal(failure.refused) : rejection(failure.rejected);
}

function fresh(policy: PollingPolicy) {
  return { unsettled: policy.waitsBeforeFirstCheck ? 1 : 0, errorsInARow: 0, rateLimited: 0 };
}

/**
 * The polling chart every flow invokes: check at once (or after the first wait, if the policy says so), wait a
 * little longer after each check that settles nothing (much longer after a 429), pause while the tab is hidden if
 * the policy says so, stop after too many failed checks in a row or when the time limit passes. Every answer, and
 * why polling stopped, is reported to `reportTo`.
 */
export const pollingMachine = setup({
  types: {} as { context: PollingContext; events: PollingEvent; input: PollingInput },
  actors: {
    // The flow's own call and reading of its answer (pollingCheck).
    check: notProvidedActor<CheckedAnswer, unknown>('check'),
    // Sends PAGE_HIDDEN / PAGE_VISIBLE as the tab is hidden or shown.
    watchPageVisibility: notProvidedCallback('watchPageVisibility'),
  },
  actions: {
    restart: assign(({ context }) => ({ ...fresh(context.policy), since: Date.now() })),
    countUnsettled: assign(({ context }) => ({
      unsettled: Math.min(backOffSteps(context.policy), context.unsettled + 1),
      errorsInARow: 0,
      rateLimited: 0,
    })),
    countError: assign(({ context }) => ({
      unsettled: context.policy.failuresGrowTheWait ? Math.min(backOffSteps(context.policy), context.unsettled + 1) : context.unsettled,
      errorsInARow: Math.min(context.policy.maxErrorsInARow, context.errorsInARow + 1),
      rateLimited: 0,
    })),
    // Too many requests: neither the polled thing's fault nor the network's; wait longer and ask again.
    slowDown: assign({ rateLimited: ({ context }) => context.rateLimited + 1 }),
    // Every answer goes to the flow, whatever it says: the flow keeps or shows what it needs of it.
    reportAnswer: enqueueActions(({ context: { reportTo }, enqueue }, { answer }: CheckedAnswer) => {
      if (reportTo) enqueue.sendTo(reportTo, { type: 'polling.answered', answer });
    }),
    // The last failure's words are the flow's to show: the refusing answer, or what the call rejected with.
    reportStoppedAfterErrors: enqueueActions(({ context: { reportTo }, enqueue }, failure: CheckFailure) => {
      if (reportTo) enqueue.sendTo(reportTo, { type: 'polling.stoppedAfterErrors', failure });
    }),
    reportTimedOut: enqueueActions(({ context: { reportTo }, enqueue }) => {
      if (reportTo) enqueue.sendTo(reportTo, { type: 'polling.timedOut' });
    }),
  },
  guards: {
    isSettled: (_, checked: CheckedAnswer) => checked.outcome === 'settled',
    isRefused: (_, checked: CheckedAnswer) => checked.outcome === 'refused',
    isRateLimited: (_, { error }: { error: unknown }) => isRateLimitedError(error),
    isLastAllowedError: ({ context }) => isLastAllowedError(context.policy, context.errorsInARow),
    isLastAllowedRefusal: ({ context }, checked: CheckedAnswer) =>
      checked.outcome === 'refused' && isLastAllowedError(context.policy, context.errorsInARow),
    pausesWhileHidden: ({ context }) => context.policy.pausesWhileHidden,
    waitsBeforeFirstCheck: ({ context }) => context.policy.waitsBeforeFirstCheck,
  },
  delays: {
    CHECK_DELAY: ({ context }) => nextCheckDelayMs(context),
    // Measured from when polling (re)started, so the limit is the same however the waits were spent.
    TIME_LIMIT: ({ context }) => timeLeftMs(context.policy, context.since, Date.now()),
  },
}).createMachine({
  id: 'polling',
  context: ({ input }) => ({ ...input, ...fresh(input.policy), since: null }),
  initial: 'polling',
  states: {
    polling: {
      tags: 'polling',
      entry: 'restart',
      invoke: { id: 'watchPageVisibility', src: 'watchPageVisibility' },
      initial: 'starting',
      after: { TIME_LIMIT: 'timedOut' },
      states: {
        // Decides at once whether the first check waits; never a resting state.
        starting: {
          always: [{ guard: 'waitsBeforeFirstCheck', target: 'waiting' }, { target: 'checking' }],
        },
        checking: {
          tags: 'checking',
          invoke: {
            id: 'check',
            src: 'check',
            // Typed here: a check's input is unknown to the chart, and a function would be unknown too.
            input: ({ context }: { context: PollingContext }) => context.check,
            onDone: [
              {
                guard: { type: 'isSettled', params: ({ event }) => event.output },
                target: '#polling.settled',
                actions: { type: 'reportAnswer', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isLastAllowedRefusal', params: ({ event }) => event.output },
                target: '#polling.stoppedAfterErrors',
                actions: [
                  { type: 'reportAnswer', params: ({ event }) => event.output },
                  'countError',
                  { type: 'reportStoppedAfterErrors', params: ({ event }) => ({ refused: event.output.answer }) },
                ],
              },
              {
                guard: { type: 'isRefused', params: ({ event }) => event.output },
                target: 'waiting',
                actions: [{ type: 'reportAnswer', params: ({ event }) => event.output }, 'countError'],
              },
              { target: 'waiting', actions: [{ type: 'reportAnswer', params: ({ event }) => event.output }, 'countUnsettled'] },
            ],
            onError: [
              // The time limit still bounds it: 429s never stop polling on their own.
              { guard: { type: 'isRateLimited', params: ({ event }) => ({ error: event.error }) }, target: 'waiting', actions: 'slowDown' },
              {
                guard: 'isLastAllowedError',
                target: '#polling.stoppedAfterErrors',
                actions: ['countError', { type: 'reportStoppedAfterErrors', params: ({ event }) => ({ rejected: event.error }) }],
              },
              { target: 'waiting', actions: 'countError' },
            ],
          },
          // The answer would only schedule the next check: it is asked for again when the tab shows.
          on: { PAGE_HIDDEN: { guard: 'pausesWhileHidden', target: 'pausedWhileHidden' } },
        },
        waiting: {
          tags: 'waiting',
          after: { CHECK_DELAY: 'checking' },
          on: { CHECK_NOW: 'checking', PAGE_HIDDEN: { guard: 'pausesWhileHidden', target: 'pausedWhileHidden' } },
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
      entry: 'reportTimedOut',
      on: { CHECK_AGAIN: 'polling' },
    },
  },
});
