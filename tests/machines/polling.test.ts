import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyEventObject } from 'xstate';
import { TASK_POLLING } from '../../machines/generation.machine';
import { ORDER_POLLING } from '../../machines/payment.shared';
import {
  backOffSteps,
  BACK_OFF,
  checkDelayMs,
  isLastAllowedError,
  pollingMachine,
  timeLeftMs,
  type CheckedAnswer,
  type CheckOutcome,
  type PollingPolicy,
  type PollingReport,
} from '../../machines/polling.machine';
import { QUICK_START_POLLING } from '../../machines/quickStart.machine';
import { after, describeMachinePaths, done, failure, readStep, type PathEvent } from './pathRunner';

const offline = Object.assign(new Error('Could not reach the server'), { kind: 'network' });
const tooMany = Object.assign(new Error('Too many requests'), { kind: 'server', code: 429 });

/**
 * Small policies, so the paths reach the error limit: one that pauses while hidden (an order's), one that does not
 * and waits before its first check, failures not growing the wait (a task's).
 */
const PAUSING: PollingPolicy = {
  ...BACK_OFF,
  maxErrorsInARow: 2,
  limitMs: 60_000,
  pausesWhileHidden: true,
  waitsBeforeFirstCheck: false,
  failuresGrowTheWait: true,
};
const NOT_PAUSING: PollingPolicy = { ...PAUSING, pausesWhileHidden: false, waitsBeforeFirstCheck: true, failuresGrowTheWait: false };

/** The flow that invoked the chart, as a stub that keeps what it is told; each step takes what came during it. */
const reports: AnyEventObject[] = [];
const flow = createActor(
  fromCallback<PollingReport>(({ receive }) => {
    receive((report) => reports.push(report));
  }),
).start();

/** An answer as a flow's check hands it to the chart: what it says, and the answer itself for the flow. */
function checked(outcome: CheckOutcome): CheckedAnswer {
  return { outcome, answer: { answered: outcome } };
}

const events: Array<PathEvent<typeof pollingMachine>> = [
  { type: 'PAGE_HIDDEN' },
  { type: 'PAGE_VISIBLE' },
  { type: 'CHECK_AGAIN' },
  { type: 'CHECK_NOW' },
  done('check', checked('settled')),
  done('check', checked('pending')),
  done('check', checked('refused')),
  failure('check', offline),
  failure('check', tooMany),
  after('CHECK_DELAY', 'polling.polling.waiting'),
];
// The time limit is taken while a check is under way: while waiting, the next check's timer comes first.
const timeLimit = after('TIME_LIMIT', 'polling.polling');

const TOP = ['polling', 'settled', 'stoppedAfterErrors', 'timedOut'] as const;

describeMachinePaths('polling machine', {
  machine: pollingMachine,
  scenarios: [
    { name: 'pauses while hidden', input: { policy: PAUSING, check: null, reportTo: flow } },
    { name: 'keeps polling while hidden, waits first', input: { policy: NOT_PAUSING, check: null, reportTo: flow } },
  ],
  events: (snapshot) => (snapshot.matches({ polling: 'checking' }) ? [...events, timeLimit] : events),
  callbacks: { watchPageVisibility: ['PAGE_HIDDEN', 'PAGE_VISIBLE'] },
  // The counters tell states apart only up to where they change what happens next.
  serializeContext: (context) => ({
    pauses: context.policy.pausesWhileHidden,
    unsettled: Math.min(context.unsettled, 2),
    errorsInARow: context.errorsInARow,
    rateLimited: Math.min(context.rateLimited, 2),
  }),
  maxSimplePaths: 60,
  assertState: (snapshot, { event, previous, stepInvocations }) => {
    const { context, before, is, was, entered } = readStep(snapshot, previous);
    const { policy } = context;
    const told = reports.splice(0);
    expect(TOP.filter((state) => is(state))).toHaveLength(1);
    expect(snapshot.hasTag('polling')).toBe(is('polling'));
    expect(snapshot.hasTag('stopped')).toBe(is('stoppedAfterErrors') || is('timedOut'));
    expect(snapshot.hasTag('checking')).toBe(snapshot.matches({ polling: 'checking' }));
    expect(snapshot.hasTag('waiting')).toBe(snapshot.matches({ polling: 'waiting' }));
    // Only the user's "check now" skips a wait, and only a wait.
    expect(snapshot.can({ type: 'CHECK_NOW' })).toBe(snapshot.matches({ polling: 'waiting' }));

    // Polling (re)starts afresh, watching the tab, with its time limit counted from now; the first check at once, or
    // after the first wait, as if one check had settled nothing.
    expect(stepInvocations('watchPageVisibility')).toHaveLength(entered('polling') ? 1 : 0);
    if (entered('polling')) {
      const unsettled = policy.waitsBeforeFirstCheck ? 1 : 0;
      expect(context).toMatchObject({ unsettled, errorsInARow: 0, rateLimited: 0, since: Date.now() });
      expect(snapshot.matches({ polling: policy.waitsBeforeFirstCheck ? 'waiting' : 'checking' })).toBe(true);
    }
    // One check whenever checking is entered, with the flow's input.
    const startedCheck = snapshot.matches({ polling: 'checking' }) && !previous?.matches({ polling: 'checking' });
    expect(stepInvocations('check').map((invocation) => invocation.input)).toEqual(startedCheck ? [null] : []);

    // The flow hears every answer, why polling stopped, and nothing else.
    const expected: PollingReport[] = [];
    if (event.type === 'xstate.done.actor.check') expected.push({ type: 'polling.answered', answer: event.output.answer });
    // Stopped after errors: the last failure's words, the refusing answer or what the call rejected with.
    if (entered('stoppedAfterErrors')) {
      const failure = event.type === 'xstate.error.actor.check' ? { rejected: event.error } : { refused: { answered: 'refused' } };
      expected.push({ type: 'polling.stoppedAfterErrors', failure });
    }
    if (entered('timedOut')) expected.push({ type: 'polling.timedOut' });
    expect(told).toEqual(expected);

    const grown = Math.min(backOffSteps(policy), (before?.unsettled ?? 0) + 1);
    if (event.type === 'xstate.done.actor.check' && event.output.outcome === 'settled') expect(is('settled')).toBe(true);
    if (event.type === 'xstate.done.actor.check' && event.output.outcome === 'pending') {
      // Settled nothing: the wait grows, the failures in a row end.
      expect(snapshot.matches({ polling: 'waiting' })).toBe(true);
      expect(context).toMatchObject({ unsettled: grown, errorsInARow: 0, rateLimited: 0 });
    }
    if (event.type === 'xstate.error.actor.check' && event.error === tooMany) {
      // A 429 is waited out, twice as long each time, and never counts as a failure.
      expect(snapshot.matches({ polling: 'waiting' })).toBe(true);
      expect(context).toMatchObject({
        rateLimited: (before?.rateLimited ?? 0) + 1,
        errorsInARow: before?.errorsInARow,
        unsettled: before?.unsettled,
      });
    } else if (event.type === 'xstate.error.actor.check' || (event.type === 'xstate.done.actor.check' && event.output.outcome === 'refused')) {
      // A failed call and a refusing answer alike: one more failure in a row.
      const inARow = (before?.errorsInARow ?? 0) + 1;
      expect(context.errorsInARow).toBe(inARow);
      expect(context.rateLimited).toBe(0);
      expect(context.unsettled).toBe(policy.failuresGrowTheWait ? grown : before?.unsettled);
      if (inARow >= policy.maxErrorsInARow) expect(is('stoppedAfterErrors'), 'too many in a row: polling stops').toBe(true);
      else expect(snapshot.matches({ polling: 'waiting' }), 'a hiccup keeps asking').toBe(true);
    }
    if (event.type === 'PAGE_HIDDEN') {
      // Hidden: no check is asked, or waited for, until the tab shows again; unless the policy keeps polling.
      const polling = was({ polling: 'checking' }) || was({ polling: 'waiting' });
      expect(snapshot.matches({ polling: 'pausedWhileHidden' })).toBe(polling && policy.pausesWhileHidden);
      expect(context).toEqual(before);
    }
    if (event.type === 'PAGE_VISIBLE' && was({ polling: 'pausedWhileHidden' })) {
      // Shown again: one check at once.
      expect(startedCheck).toBe(true);
      expect(context).toEqual(before);
    }
    if (event.type === 'CHECK_NOW') {
      expect(startedCheck).toBe(true);
      expect(context).toEqual(before);
    }
    if (event.type.startsWith('xstate.after.CHECK_DELAY')) expect(startedCheck).toBe(true);
    if (event.type === timeLimit.type) expect(is('timedOut')).toBe(true);
    if (event.type === 'CHECK_AGAIN') expect(entered('polling')).toBe(was('stoppedAfterErrors') || was('timedOut'));
  },
});

describe('polling policies', () => {
  it('back off from 2 s, half as long again after each check that settles nothing, 10 s at most', () => {
    for (const policy of [TASK_POLLING, QUICK_START_POLLING, ORDER_POLLING])
      expect([1, 2, 3, 4, 5, 6, 20].map((unsettled) => checkDelayMs(policy, unsettled))).toEqual([2000, 3000, 4500, 6750, 10_000, 10_000, 10_000]);
    // The counter stops where the wait stops growing.
    expect(checkDelayMs(ORDER_POLLING, backOffSteps(ORDER_POLLING) - 1)).toBeLessThan(10_000);
    expect(checkDelayMs(ORDER_POLLING, backOffSteps(ORDER_POLLING))).toBe(10_000);
  });

  it('wait twice as long after each 429 in a row, up to a minute', () => {
    expect(checkDelayMs(TASK_POLLING, 1, 1)).toBe(4000);
    expect(checkDelayMs(TASK_POLLING, 3, 2)).toBe(18_000);
    expect(checkDelayMs(TASK_POLLING, 11, 10)).toBe(60_000);
  });

  it('stop at their number of failures in a row, and their time limit', () => {
    expect([0, 1, 2].map((errors) => isLastAllowedError(TASK_POLLING, errors))).toEqual([false, false, true]);
    expect(isLastAllowedError(QUICK_START_POLLING, 0)).toBe(true);
    expect([3, 4].map((errors) => isLastAllowedError(ORDER_POLLING, errors))).toEqual([false, true]);
    expect(timeLeftMs(ORDER_POLLING, null, 5)).toBe(60_000);
    expect(timeLeftMs(TASK_POLLING, 1000, 61_000)).toBe(120_000);
    expect(timeLeftMs(TASK_POLLING, 1000, 1000 + 180_005)).toBe(0);
    // Only an order's polling pauses while the tab is hidden: a generation's result is what the user comes back for.
    expect([TASK_POLLING, QUICK_START_POLLING, ORDER_POLLING].map((policy) => policy.pausesWhileHidden)).toEqual([false, false, true]);
    // A task just created is still running: the playground waits before its first read; the quick start's first
    // check is the user's, and a buyer may have paid already. Only an order's failed checks grow the wait.
    expect([TASK_POLLING, QUICK_START_POLLING, ORDER_POLLING].map((policy) => policy.waitsBeforeFirstCheck)).toEqual([true, false, false]);
    expect([TASK_POLLING, QUICK_START_POLLING, ORDER_POLLING].map((policy) => policy.failuresGrowTheWait)).toEqual([false, false, true]);
  });
});
