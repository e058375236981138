/**
 * How every payment machine polls a pending order, checked after each replayed step: at once when polling starts,
 * then after a wait that grows with each check that settles nothing, never while the tab is hidden, and not after
 * MAX_FAILED_CHECKS checks in a row got no answer. Each machine's test names its polling states and where polling
 * stops after failures.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { CHECK_DELAY_STEPS, MAX_FAILED_CHECKS, type PaymentContext } from '../../machines/payment.shared';
import type { Invocation } from './pathRunner';

/** What the page-visibility watcher sends: both are offered in every state (only polling takes them). */
export const VISIBILITY_EVENTS = [{ type: 'PAGE_HIDDEN' }, { type: 'PAGE_VISIBLE' }] as const;
export const VISIBILITY_CALLBACKS = { watchPageVisibility: ['PAGE_HIDDEN', 'PAGE_VISIBLE'] } as const;

interface PaymentSnapshot {
  context: PaymentContext;
  // xstate's own matches() takes the machine's state values; a string or an object of them is all this reads.
  matches(value: never): boolean;
  hasTag(tag: string): boolean;
}

interface Step {
  event: AnyEventObject;
  previous: PaymentSnapshot | undefined;
  stepInvocations(id: string): Invocation[];
}

export interface PollingStates {
  /** The states that poll, each with the substates checking, waitingToCheck and pausedWhileHidden. */
  polling: readonly string[];
  /** Where polling ends up after too many failures, by the polling state it stopped in. */
  stoppedAfterErrors(polling: string): string | Record<string, string>;
}

const counts = (context: PaymentContext | undefined) => ({ unsettledChecks: context?.unsettledChecks, failedChecks: context?.failedChecks });
const FRESH = { unsettledChecks: 0, failedChecks: 0 };

export function assertPolling(
  snapshot: PaymentSnapshot,
  { event, previous, stepInvocations }: Step,
  { polling: states, stoppedAfterErrors }: PollingStates,
): void {
  const { context } = snapshot;
  const before = previous?.context;
  // matches() is typed by each machine's state values; these are plain names and objects of them.
  const is = (value: string | Record<string, string>) => snapshot.matches(value as never);
  const was = (value: string | Record<string, string>) => previous?.matches(value as never) === true;
  const polling = states.find((state) => is(state));
  const pollingBefore = states.find((state) => was(state));
  const stopped = states.map(stoppedAfterErrors);
  const inStopped = stopped.some((state) => is(state));

  // Polling stopped after failures is tagged for the view, and waits for the buyer.
  expect(snapshot.hasTag('checksStopped')).toBe(inStopped);

  // One question when a check starts, about the order the machine knows.
  const startedCheck = polling !== undefined && is({ [polling]: 'checking' }) && !was({ [polling]: 'checking' });
  expect(stepInvocations('checkOrder').map((invocation) => invocation.input)).toEqual(startedCheck ? [{ orderNo: context.order?.orderNo }] : []);
  // The tab is watched from the moment polling starts, once per polling state, and polling starts afresh.
  const startedPolling = polling !== undefined && polling !== pollingBefore;
  expect(stepInvocations('watchPageVisibility')).toHaveLength(startedPolling ? 1 : 0);
  if (startedPolling) expect(counts(context)).toEqual(FRESH);

  const grown = Math.min(CHECK_DELAY_STEPS, (before?.unsettledChecks ?? 0) + 1);
  if (event.type === 'xstate.done.actor.checkOrder' && event.output.code === 200) {
    const status: unknown = event.output.data.status;
    if (status === 'pending') {
      // Not settled: ask again after a longer wait; the failures in a row are over.
      expect(pollingBefore && is({ [pollingBefore]: 'waitingToCheck' })).toBe(true);
      expect(counts(context)).toEqual({ unsettledChecks: grown, failedChecks: 0 });
    } else expect(is(status === 'paid' ? 'paid' : status === 'cancelled' ? 'cancelled' : 'failed')).toBe(true);
    expect(context.order).toBe(before?.order);
  }
  // A refused answer is no answer: counted like a call that failed.
  const unanswered = event.type === 'xstate.error.actor.checkOrder' || (event.type === 'xstate.done.actor.checkOrder' && event.output.code !== 200);
  if (unanswered && pollingBefore) {
    const failures = (before?.failedChecks ?? 0) + 1;
    expect(counts(context)).toEqual({ unsettledChecks: grown, failedChecks: failures });
    expect(context.order).toBe(before?.order);
    if (failures < MAX_FAILED_CHECKS) expect(is({ [pollingBefore]: 'waitingToCheck' }), 'a hiccup keeps asking').toBe(true);
    else expect(is(stoppedAfterErrors(pollingBefore)), 'too many in a row: polling stops').toBe(true);
  }
  if (event.type.startsWith('xstate.after.CONFIRM_INTERVAL.')) {
    expect(pollingBefore && is({ [pollingBefore]: 'checking' })).toBe(true);
    // The wait that just ended followed at least one unsettled check (the runner measured its length).
    expect(context.unsettledChecks).toBeGreaterThan(0);
  }
  if (event.type === 'PAGE_HIDDEN') {
    // Hidden: no check is asked, or waited for, until the tab shows again.
    expect(pollingBefore && (was({ [pollingBefore]: 'checking' }) || was({ [pollingBefore]: 'waitingToCheck' }))).toBe(true);
    expect(pollingBefore && is({ [pollingBefore]: 'pausedWhileHidden' }), 'no checks while hidden').toBe(true);
    expect(context).toEqual(before);
  }
  if (event.type === 'PAGE_VISIBLE') {
    // Shown again: one check at once, the wait where it was.
    expect(pollingBefore && was({ [pollingBefore]: 'pausedWhileHidden' })).toBe(true);
    expect(pollingBefore && is({ [pollingBefore]: 'checking' })).toBe(true);
    expect(context).toEqual(before);
  }
  if (event.type === 'CHECK_AGAIN') {
    // Whatever stopped it, asking again starts from the shortest wait with no failure counted.
    expect(counts(context)).toEqual(FRESH);
    expect(context.order).toBe(before?.order);
  }
}
