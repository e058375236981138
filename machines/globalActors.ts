import type { AnyActorRef } from 'xstate';

/** The systemIds the app machine gives its global actors (machines/app.machine.ts). */
export type GlobalActorId = 'user' | 'login' | 'loginModal' | 'theme' | 'locale' | 'pageProgress' | 'googleOneTap' | 'earlyRenewal';

/**
 * A `sendTo` target: the global actor registered under `systemId`, so a message between global actors is an
 * action of the sending chart (the explorer lists it; the inspector shows sender and receiver).
 *
 * A machine run on its own (a test, the explorer) has no such actor: the message then comes back to the
 * sender, which ignores it, as no machine handles the events it sends to others. In the app the receiver must
 * already exist when the message is resolved: the app machine starts the receivers of boot-time messages first.
 */
export function globalActor(systemId: GlobalActorId) {
  return ({ system, self }: { system: { get(id: string): AnyActorRef | undefined }; self: AnyActorRef }): AnyActorRef => system.get(systemId) ?? self;
}
