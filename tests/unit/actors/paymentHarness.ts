/**
 * What the tests of the payment actors over the demo API share: the app's toasts, recorded; a stand-in for the user
 * actor that records what it is sent; and actors started for one test and stopped after it.
 */
import { afterEach, vi } from 'vitest';
import type { AnyActorRef } from 'xstate';
import type { UserActor } from '../../../src/actors/app';
import type { Notifier } from '../../../src/services/notifier';

/** A notifier whose calls a test reads (reset it before each test). */
export function recordingNotifier() {
  return {
    success: vi.fn<Notifier['success']>(),
    error: vi.fn<Notifier['error']>(),
    loading: vi.fn<Notifier['loading']>(),
    dismiss: vi.fn<Notifier['dismiss']>(),
  };
}
export type RecordingNotifier = ReturnType<typeof recordingNotifier>;

/** How many "Payment received" toasts the notifier showed. */
export function paymentNewsCount(notices: RecordingNotifier): number {
  return notices.success.mock.calls.filter(([message]) => String(message).startsWith('Payment received')).length;
}

/** The user actor as the payment actors use it: only what they send it (a REFRESH after a payment) is recorded. */
export type RecordingUser = UserActor & { send: ReturnType<typeof vi.fn> };
export function recordingUser(): RecordingUser {
  return { send: vi.fn() } as unknown as RecordingUser;
}

/** Starts an actor that is stopped after the current test; call at the top level of a test file. */
export function stoppedAfterEachTest(): <T extends AnyActorRef>(actor: T) => T {
  const running: AnyActorRef[] = [];
  afterEach(() => {
    for (const actor of running.splice(0)) actor.stop();
  });
  return (actor) => {
    running.push(actor);
    actor.start();
    return actor;
  };
}
