import { expect } from 'vitest';
import { earlyRenewalMachine } from '../../machines/earlyRenewal.machine';
import { describeMachinePaths } from './pathRunner';

const lowBalance = { type: 'OFFER', reason: 'lowBalance', lastPackageId: 'pkg-pro' } as const;
const planEnding = { type: 'OFFER', reason: 'planEnding', lastPackageId: null } as const;

describeMachinePaths('earlyRenewal machine', {
  machine: earlyRenewalMachine,
  events: [
    lowBalance,
    planEnding,
    { type: 'DISMISS' },
    { type: 'RENEW' },
    { type: 'PAYMENT_SUCCEEDED' },
    { type: 'PAYMENT_ABANDONED' },
    { type: 'CLOSE' },
  ],
  assertState: (snapshot, { event, previous, stepCalls }) => {
    const { context } = snapshot;
    const before = previous?.context;
    expect(snapshot.hasTag('visible')).toBe(snapshot.matches('open') || snapshot.matches('renewing'));
    // What each state answers to: the modal's buttons and the payment's outcome.
    expect(snapshot.can({ type: 'DISMISS' })).toBe(snapshot.matches('open'));
    for (const type of ['PAYMENT_SUCCEEDED', 'PAYMENT_ABANDONED', 'CLOSE'] as const) expect(snapshot.can({ type })).toBe(snapshot.matches('renewing'));
    expect(snapshot.can(planEnding)).toBe(snapshot.matches('closed') && !context.dismissed);
    if (event.type === 'xstate.init') {
      expect(snapshot.matches('closed')).toBe(true);
      expect(context).toEqual({ reason: null, lastPackageId: null, dismissed: false });
    }

    // Once turned down, never offered again this session.
    if (context.dismissed) expect(snapshot.can(lowBalance)).toBe(false);
    expect(context.dismissed).toBe(before?.dismissed === true || event.type === 'DISMISS' || event.type === 'CLOSE');
    if (event.type === 'OFFER') {
      expect(previous?.matches('closed') && !before?.dismissed).toBe(true);
      expect(snapshot.matches('open')).toBe(true);
      expect(context).toMatchObject({ reason: event.reason, lastPackageId: event.lastPackageId });
    } else if (event.type !== 'xstate.init') {
      expect({ reason: context.reason, lastPackageId: context.lastPackageId }).toEqual({ reason: before?.reason, lastPackageId: before?.lastPackageId });
    }

    // Renewing needs a package to renew.
    if (event.type === 'RENEW') {
      expect(snapshot.matches('renewing')).toBe(true);
      expect(context.lastPackageId).not.toBeNull();
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
