import { and, assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { SessionUser } from '../src/common/types';
import { notProvidedAction, notProvidedActor } from './notProvided';

/** Why renewing early is offered: credits running low, or the plan about to end. */
export type RenewalReason = 'lowBalance' | 'planEnding';

/** The plan ends within this many days (and has not ended yet): the moment to offer renewing. */
const PLAN_ENDING_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface EarlyRenewalContext {
  reason: RenewalReason | null;
  /** The package bought last time, renewed as it is; without one there is nothing to renew in one click. */
  lastPackageId: string | null;
  /** Turned down this session: not offered again until the next one. */
  dismissed: boolean;
}

export type EarlyRenewalEvent =
  /** From the user actor: the account the server confirmed, or null once nobody is signed in. */
  | { type: 'ACCOUNT_UPDATED'; account: SessionUser | null }
  | { type: 'DISMISS' }
  | { type: 'RENEW' }
  // What the payment run inside the modal ended with.
  | { type: 'PAYMENT_SUCCEEDED' }
  | { type: 'PAYMENT_ABANDONED' }
  | { type: 'CLOSE' }
  // What the look-up of the last paid package reports.
  | DoneActorEvent<string | null, 'findLastPackage'>
  | ErrorActorEvent<unknown, 'findLastPackage'>;

function accountOf(event: EarlyRenewalEvent): SessionUser | null {
  return event.type === 'ACCOUNT_UPDATED' ? event.account : null;
}

/** Credits under the account's own alert threshold. */
export function isBalanceLow(account: Pick<SessionUser, 'credits'> & { alertThreshold?: unknown }): boolean {
  const threshold = account.alertThreshold;
  return typeof threshold === 'number' && account.credits !== null && account.credits < threshold;
}

/** The plan ends within PLAN_ENDING_DAYS and has not ended yet. */
export function isPlanEnding(account: { readonly [field: string]: unknown }, now: number): boolean {
  const end = typeof account.planEndTime === 'string' && account.planEndTime !== '' ? Date.parse(account.planEndTime) : Number.NaN;
  return end > now && end - now <= PLAN_ENDING_DAYS * DAY_MS;
}

/**
 * The modal offering to renew early. It decides when to offer, from the account the user actor reports: credits
 * under the alert threshold first (the more urgent), else a plan ending within a week; then it looks up the
 * package bought last, the one a renewal buys again. The renewal's payment is a payment machine the view runs
 * inside the modal, which reports back with PAYMENT_SUCCEEDED or PAYMENT_ABANDONED.
 */
export const earlyRenewalMachine = setup({
  types: {} as { context: EarlyRenewalContext; events: EarlyRenewalEvent },
  actors: {
    findLastPackage: notProvidedActor<string | null>('findLastPackage'),
  },
  actions: {
    notifyRenewed: notProvidedAction('notifyRenewed'),
    offerForLowBalance: assign({ reason: 'lowBalance' as RenewalReason }),
    offerForPlanEnding: assign({ reason: 'planEnding' as RenewalReason }),
    setLastPackage: assign((_, lastPackageId: string | null) => ({ lastPackageId })),
    forgetOffer: assign({ reason: null, lastPackageId: null }),
    markDismissed: assign({ dismissed: true }),
  },
  guards: {
    notDismissed: ({ context }) => !context.dismissed,
    isBalanceLow: ({ event }) => {
      const account = accountOf(event);
      return account !== null && isBalanceLow(account);
    },
    isPlanEnding: ({ event }) => {
      const account = accountOf(event);
      return account !== null && isPlanEnding(account, Date.now());
    },
    noReasonLeft: ({ event }) => {
      const account = accountOf(event);
      return account === null || (!isBalanceLow(account) && !isPlanEnding(account, Date.now()));
    },
    hasLastPackage: ({ context }) => context.lastPackageId !== null,
  },
}).createMachine({
  id: 'earlyRenewal',
  context: { reason: null, lastPackageId: null, dismissed: false },
  initial: 'closed',
  states: {
    closed: {
      on: {
        ACCOUNT_UPDATED: [
          { guard: and(['notDismissed', 'isBalanceLow']), target: 'findingLastPackage', actions: 'offerForLowBalance' },
          { guard: and(['notDismissed', 'isPlanEnding']), target: 'findingLastPackage', actions: 'offerForPlanEnding' },
        ],
      },
    },
    // Nothing shows yet: the offer opens once the last package is known.
    findingLastPackage: {
      invoke: {
        id: 'findLastPackage',
        src: 'findLastPackage',
        onDone: { target: 'open', actions: { type: 'setLastPackage', params: ({ event }) => event.output } },
        // Without the order list there is nothing to offer in one click, and no reason to interrupt.
        onError: { target: 'closed', actions: 'forgetOffer' },
      },
      on: {
        ACCOUNT_UPDATED: { guard: 'noReasonLeft', target: 'closed', actions: 'forgetOffer' },
      },
    },
    open: {
      tags: 'visible',
      on: {
        DISMISS: { target: 'closed', actions: 'markDismissed' },
        RENEW: { guard: 'hasLastPackage', target: 'renewing' },
        // Signed out, or the balance topped up elsewhere (the billing page): the offer no longer holds.
        ACCOUNT_UPDATED: { guard: 'noReasonLeft', target: 'closed', actions: 'forgetOffer' },
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
