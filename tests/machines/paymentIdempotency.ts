/**
 * How every payment machine keeps a purchase's idempotency key, checked after each replayed step: a fresh key on
 * PAY, sent with every order creation; kept when the creation's answer was lost, so RETRY sends the same key (the
 * server then hands back the order it may have made); spent once an answer was read (a coded refusal included), so any other RETRY (after a
 * refusal, a cancel, a failed or expired order) is a new purchase with a new key; forgotten on DISMISS.
 */
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { isLostAnswer } from '../../machines/lostAnswer';
import type { PaymentContext } from '../../machines/payment.shared';
import type { Invocation } from './pathRunner';

let issued = 0;
/** The tests' newIdempotencyKey: a new key each time, recognisable in failures. */
export function nextTestKey(): string {
  issued += 1;
  return `test-key-${issued}`;
}
const TEST_KEY = /^test-key-\d+$/;

interface PaymentSnapshot {
  context: PaymentContext;
  matches(value: never): boolean;
}

interface Step {
  event: AnyEventObject;
  previous: PaymentSnapshot | undefined;
  invocations(id: string): Invocation[];
  stepInvocations(id: string): Invocation[];
}

/** What the RETRY guards read, for the path generator: whether a key is still held. */
export function keyState(context: PaymentContext): { holdsKey: boolean } {
  return { holdsKey: context.idempotencyKey !== null };
}

export function assertIdempotencyKey(snapshot: PaymentSnapshot, { event, previous, invocations, stepInvocations }: Step): void {
  const { context } = snapshot;
  const key = context.idempotencyKey;
  const before = previous?.context;
  const is = (state: string) => snapshot.matches(state as never);
  const was = (state: string) => previous?.matches(state as never) === true;
  const entered = is('creatingOrder') && !was('creatingOrder');
  // A charge to a saved method holds its key while the buyer confirms it, and sends that one.
  if (is('confirmingCharge')) expect(key).toMatch(TEST_KEY);

  // Every creation of an order sends the purchase's key.
  const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
  expect(creates).toEqual(entered ? [{ packageId: context.packageId, vaultId: context.vaultId, idempotencyKey: key }] : []);
  if (entered) expect(key).toMatch(TEST_KEY);
  // Sent before this step: a new purchase's key is none of them.
  const sentBefore = invocations('createOrder')
    .filter((invocation) => !stepInvocations('createOrder').includes(invocation))
    .map((invocation) => (invocation.input as { idempotencyKey: string | null }).idempotencyKey);
  // A cancelled order was created: nothing of it may be asked for again.
  if (is('cancelled')) expect(key, 'a cancelled order leaves no key to reuse').toBeNull();

  switch (event.type) {
    case 'xstate.init':
    case 'DISMISS':
      expect(key).toBeNull();
      break;
    case 'PAY':
      expect(key).toMatch(TEST_KEY);
      expect(sentBefore).not.toContain(key);
      break;
    case 'RETRY':
      if (was('failed') && before?.idempotencyKey !== null && before?.idempotencyKey !== undefined) {
        // The answer was lost: the same purchase, sent again under its own key.
        expect(key).toBe(before.idempotencyKey);
        expect(sentBefore.at(-1)).toBe(key);
      } else {
        expect(key).toMatch(TEST_KEY);
        expect(sentBefore, 'a new purchase, a new key').not.toContain(key);
      }
      break;
    case 'xstate.done.actor.createOrder':
      // An answer arrived (an order, a refusal, a checkout the app refused): that purchase is over.
      expect(key).toBeNull();
      break;
    case 'xstate.error.actor.createOrder':
      // No answer, or none that could be read: the key stays for RETRY. A coded refusal is an answer: spent.
      if (isLostAnswer((event as { error?: unknown }).error)) expect(key).toBe(before?.idempotencyKey);
      else expect(key, 'a refusal spends the key').toBeNull();
      break;
    default:
      // A lost answer keeps the key for RETRY; nothing else touches it.
      if (previous) expect(key).toBe(before?.idempotencyKey);
  }
}
