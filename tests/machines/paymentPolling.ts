/**
 * How every payment machine polls a pending order, checked after each replayed step: the shared poller runs exactly
 * while a polling state is active, started afresh on entering it with the machine's policy and the order it knows, and
 * reporting to the machine; a settled status ends polling, a pending or refused answer leaves the asking to the poller,
 * and its reports of stopping (too many failed checks in a row, its time limit) lead where each machine says. How the
 * poller itself waits, pauses while hidden and counts failures is polling.test.ts's; the providers' timing tests run
 * it for real.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { CheckFailure, PollingInput, PollingPolicy, PollingReport } from '../../machines/polling.machine';
import type { CheckOrderResponse, PaymentCheckAnswer, PaymentContext } from '../../machines/payment.shared';
import type { Invocation } from './pathRunner';

type StateValue = string | Record<string, string>;

/** What the poller tells a payment machine (sent by the model, as the poller would). */
export const pollerAnswered = (answer: PaymentCheckAnswer): PollingReport<PaymentCheckAnswer> => ({ type: 'polling.answered', answer });
export const pollerStopped = (failure: CheckFailure<CheckOrderResponse>): PollingReport<CheckOrderResponse> => ({
  type: 'polling.stoppedAfterErrors',
  failure,
});
export const pollerTimedOut: PollingReport<CheckOrderResponse> = { type: 'polling.timedOut' };

interface PaymentSnapshot {
  context: PaymentContext;
  children: { poller?: { _parent?: unknown } };
  // xstate's own matches() takes the machine's state values; a string or an object of them is all this reads.
  matches(value: never): boolean;
  hasTag(tag: string): boolean;
}

interface Step {
  event: AnyEventObject;
  previous: PaymentSnapshot | undefined;
  stepInvocations(id: string): Invocation[];
}

/** A state that invokes the poller, and where its reports of stopping lead. */
export interface PollingState {
  state: StateValue;
  policy: PollingPolicy;
  stoppedAfterErrors: StateValue;
  timedOut: string;
}

export function assertPolling(
  snapshot: PaymentSnapshot,
  { event, previous, stepInvocations }: Step,
  states: readonly PollingState[],
  settlesSlowly = false,
): void {
  const { context } = snapshot;
  const before = previous?.context;
  // matches() is typed by each machine's state values; these are plain names and objects of them.
  const is = (value: StateValue) => snapshot.matches(value as never);
  const was = (value: StateValue) => previous?.matches(value as never) === true;
  const polling = states.find(({ state }) => is(state));
  const pollingBefore = states.find(({ state }) => was(state));
  const inStopped = states.some(({ stoppedAfterErrors }) => is(stoppedAfterErrors));

  // Polling stopped after failures is tagged for the view, and waits for the buyer.
  expect(snapshot.hasTag('checksStopped')).toBe(inStopped);

  // The poller runs exactly while a polling state is active: one, started on entering it (afresh: a new time limit,
  // no failure counted), with the state's policy and the order the machine knows, reporting to the machine.
  expect(snapshot.children.poller !== undefined).toBe(polling !== undefined);
  const started = polling !== undefined && !was(polling.state);
  const pollers = stepInvocations('poller').map((invocation) => invocation.input as PollingInput);
  expect(pollers.map(({ policy, check }) => ({ policy, check }))).toEqual(
    started ? [{ policy: polling.policy, check: { orderNo: context.order?.orderNo } }] : [],
  );
  for (const { reportTo } of pollers) expect(reportTo).toBe(snapshot.children.poller?._parent);

  if (event.type === 'polling.answered' && pollingBefore) {
    const answer = (event as Extract<PollingReport<PaymentCheckAnswer>, { type: 'polling.answered' }>).answer;
    // A look-up's answer is not a status (no status guard lets it through).
    const status = 'found' in answer ? null : answer.code === 200 ? answer.data.status : null;
    if (status === 'pending' && settlesSlowly && pollingBefore.state === 'confirming') {
      // A provider that settles slowly: the wait for it is its own state, with its own poller.
      expect(is('awaitingConfirmations')).toBe(true);
      expect(context).toEqual(before);
    } else if (status === null || status === 'pending') {
      // Not settled (or a refused answer, which the poller counts as a failed check): the same poller asks again.
      expect(is(pollingBefore.state), 'still polling').toBe(true);
      expect(snapshot.children.poller).toBe(previous?.children.poller);
      expect(context).toEqual(before);
    } else {
      expect(is(status === 'paid' ? 'paid' : status === 'cancelled' ? 'cancelled' : 'failed')).toBe(true);
      expect(context.order).toBe(before?.order);
    }
  }
  if (event.type === 'polling.stoppedAfterErrors' && pollingBefore) {
    // Too many failed checks in a row: polling stops, the order kept; the view words why.
    expect(is(pollingBefore.stoppedAfterErrors), 'too many in a row: polling stops').toBe(true);
    expect(context).toEqual(before);
  }
  if (event.type === 'polling.timedOut' && pollingBefore) {
    expect(is(pollingBefore.timedOut)).toBe(true);
    // The order is still remembered: it may be paid later, and CHECK_AGAIN asks about it.
    expect(context.order).toBe(before?.order);
  }
  if (event.type === 'CHECK_AGAIN' && !is('findingOrder')) {
    // Whatever stopped it, asking again starts a fresh poller about the same order (or looks the order up again).
    expect(started).toBe(true);
    expect(context.order).toBe(before?.order);
  }
}
