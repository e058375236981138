import { assign, setup } from 'xstate';
import { notProvidedAction } from './notProvided';

/** Why renewing early is offered: credits running low, or the plan about to end. */
export type RenewalReason = 'lowBalance' | 'planEnding';

export interface EarlyRenewalContext {
  reason: RenewalReason | null;
  /** The package bought last time, renewed as it is; without one there is nothing to renew in one click. */
  lastPackageId: string | null;
  /** Turned down this session: not offered again until the next one. */
  dismissed: boolean;
}

export type EarlyRenewalEvent =
  | { type: 'OFFER'; reason: RenewalReason; lastPackageId: string | null }
  | { type: 'DISMISS' }
  | { type: 'RENEW' }
  // What the payment run inside the modal ended with.
  | { type: 'PAYMENT_SUCCEEDED' }
  | { type: 'PAYMENT_ABANDONED' }
  | { type: 'CLOSE' };

/**
 * The modal offering to renew early. It only says what the modal shows: the renewal's payment is a payment
 * machine the view runs inside the modal, which reports back with PAYMENT_SUCCEEDED or PAYMENT_ABANDONED.
 */
export const earlyRenewalMachine = setup({
  types: {} as { context: EarlyRenewalContext; events: EarlyRenewalEvent },
  actions: {
    notifyRenewed: notProvidedAction('notifyRenewed'),
    setOffer: assign(({ event }) => (event.type === 'OFFER' ? { reason: event.reason, lastPackageId: event.lastPackageId } : {})),
    markDismissed: assign({ dismissed: true }),
  },
  guards: {
    mayOffer: ({ context }) => !context.dismissed,
    hasLastPackage: ({ context }) => context.lastPackageId !== null,
  },
}).createMachine({
  id: 'earlyRenewal',
  context: { reason: null, lastPackageId: null, dismissed: false },
  initial: 'closed',
  states: {
    closed: {
      on: { OFFER: { guard: 'mayOffer', target: 'open', actions: 'setOffer' } },
    },
    open: {
      tags: 'visible',
      on: {
        DISMISS: { target: 'closed', actions: 'markDismissed' },
        RENEW: { guard: 'hasLastPackage', target: 'renewing' },
      },
    },
    // The modal shows the payment for context.lastPackageId.
    renewing: {
      tags: 'visible',
      on: {
        PAYMENT_SUCCEEDED: { target: 'closed', actions: 'notifyRenewed' },
        PAYMENT_ABANDONED: 'open',
        // Closing the modal mid-payment counts as turning the offer down.
        CLOSE: { target: 'closed', actions: 'markDismissed' },
      },
    },
  },
});
