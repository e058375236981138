import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { earlyRenewalMachine } from '../../machines/earlyRenewal.machine';
import type { SessionUser } from '../../src/common/types';
import { defaultEventLabel, describeMachinePaths, done, failure } from './pathRunner';

const DAY_MS = 24 * 60 * 60 * 1000;
// The runner's fake clock starts at the real time and stays there unless a path waits: dates relative to now hold.
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const account = (fields: Partial<SessionUser>): SessionUser => ({
  id: 'u-1',
  email: 'ada@example.com',
  apiKey: 'sk-1',
  credits: 5000,
  alertThreshold: null,
  planEndTime: null,
  ...fields,
});

/** What the user actor may report, by name: each is a different answer of the offer's rules. */
const accounts = {
  lowBalance: account({ credits: 100, alertThreshold: 500 }),
  planEnding: account({ planEndTime: inDays(3) }),
  // Both at once: low credits come first, the more urgent of the two.
  lowAndEnding: account({ credits: 100, alertThreshold: 500, planEndTime: inDays(3) }),
  // At the threshold is not under it; a plan ending in more than a week, or already ended, is not ending soon.
  fine: account({ credits: 500, alertThreshold: 500, planEndTime: inDays(8) }),
  planEnded: account({ planEndTime: inDays(-1) }),
  noThreshold: account({ credits: 0, alertThreshold: null }),
  signedOut: null,
} as const;
type AccountName = keyof typeof accounts;
const expectedReason: Record<AccountName, 'lowBalance' | 'planEnding' | null> = {
  lowBalance: 'lowBalance',
  planEnding: 'planEnding',
  lowAndEnding: 'lowBalance',
  fine: null,
  planEnded: null,
  noThreshold: null,
  signedOut: null,
};
const nameOf = (value: unknown) => (Object.entries(accounts).find(([, candidate]) => candidate === value)?.[0] ?? 'unknown') as AccountName;

const offline = Object.assign(new Error('Network down'), { kind: 'network' });

describeMachinePaths('earlyRenewal machine', {
  machine: earlyRenewalMachine,
  events: [
    ...Object.values(accounts).map((reported) => ({ type: 'ACCOUNT_UPDATED' as const, account: reported })),
    done('findLastPackage', 'pkg-pro'),
    done('findLastPackage', null),
    failure('findLastPackage', offline),
    { type: 'DISMISS' },
    { type: 'RENEW' },
    { type: 'PAYMENT_SUCCEEDED' },
    { type: 'PAYMENT_ABANDONED' },
    { type: 'CLOSE' },
  ],
  eventLabel: (event: AnyEventObject) => (event.type === 'ACCOUNT_UPDATED' ? `ACCOUNT_UPDATED(${nameOf(event.account)})` : defaultEventLabel(event)),
  assertState: (snapshot, { event, previous, stepCalls, stepInvocations }) => {
    const { context } = snapshot;
    const before = previous?.context;
    expect(snapshot.hasTag('visible')).toBe(snapshot.matches('open') || snapshot.matches('renewing'));
    // What each state answers to: the modal's buttons and the payment's outcome.
    expect(snapshot.can({ type: 'DISMISS' })).toBe(snapshot.matches('open'));
    for (const type of ['PAYMENT_SUCCEEDED', 'PAYMENT_ABANDONED', 'CLOSE'] as const)
      expect(snapshot.can({ type })).toBe(snapshot.matches('renewing'));
    if (event.type === 'xstate.init') {
      expect(snapshot.matches('closed')).toBe(true);
      expect(context).toEqual({ reason: null, lastPackageId: null, dismissed: false });
    }

    // Once turned down, never offered again this session, whatever the account says.
    if (context.dismissed) expect(snapshot.can({ type: 'ACCOUNT_UPDATED', account: accounts.lowBalance })).toBe(snapshot.matches('open'));
    expect(context.dismissed).toBe(before?.dismissed === true || event.type === 'DISMISS' || event.type === 'CLOSE');

    // The decision: an account with a reason, while the offer is closed and not turned down, looks up the last
    // package (once); the offer opens with what it found.
    expect(stepInvocations('findLastPackage')).toHaveLength(
      snapshot.matches('findingLastPackage') && !previous?.matches('findingLastPackage') ? 1 : 0,
    );
    if (event.type === 'ACCOUNT_UPDATED') {
      const reason = expectedReason[nameOf(event.account)];
      if (previous?.matches('closed')) {
        const offered = reason !== null && !before?.dismissed;
        expect(snapshot.matches(offered ? 'findingLastPackage' : 'closed')).toBe(true);
        expect(context.reason).toBe(offered ? reason : before?.reason);
      } else if (previous?.matches('findingLastPackage') || previous?.matches('open')) {
        // Signed out, or no reason left (topped up elsewhere): the offer goes, forgotten; else it stays as it is.
        if (reason === null) {
          expect(snapshot.matches('closed')).toBe(true);
          expect(context).toMatchObject({ reason: null, lastPackageId: null, dismissed: before?.dismissed });
        } else {
          expect(snapshot.value).toEqual(previous.value);
          expect(context).toEqual(before);
        }
      } else {
        // Mid-payment the account is not looked at.
        expect(snapshot.matches('renewing')).toBe(true);
        expect(context).toEqual(before);
      }
    }
    if (event.type === 'xstate.done.actor.findLastPackage') {
      expect(snapshot.matches('open')).toBe(true);
      expect(context).toEqual({ ...before, lastPackageId: event.output });
    }
    // Without the order list there is no offer to make.
    if (event.type === 'xstate.error.actor.findLastPackage') {
      expect(snapshot.matches('closed')).toBe(true);
      expect(context).toEqual({ reason: null, lastPackageId: null, dismissed: false });
    }
    if (snapshot.matches('open') || snapshot.matches('findingLastPackage')) expect(context.reason).not.toBeNull();

    // Renewing needs a package to renew.
    if (event.type === 'RENEW') {
      expect(snapshot.matches('renewing')).toBe(previous?.matches('open') === true && before?.lastPackageId !== null);
      if (snapshot.matches('renewing')) expect(context.lastPackageId).not.toBeNull();
    }
    if (snapshot.matches('open')) expect(snapshot.can({ type: 'RENEW' })).toBe(context.lastPackageId !== null);
    if (event.type === 'DISMISS') expect(previous?.matches('open') && snapshot.matches('closed')).toBe(true);
    if (event.type === 'PAYMENT_ABANDONED') expect(snapshot.matches('open')).toBe(true);
    if (event.type === 'CLOSE') expect(previous?.matches('renewing') && snapshot.matches('closed')).toBe(true);

    const renewed = stepCalls('notifyRenewed');
    expect(renewed).toHaveLength(event.type === 'PAYMENT_SUCCEEDED' ? 1 : 0);
    if (event.type === 'PAYMENT_SUCCEEDED') {
      expect(snapshot.matches('closed')).toBe(true);
      expect(renewed[0]?.context).toMatchObject({ lastPackageId: 'pkg-pro', dismissed: false });
    }
  },
});
