import { fromPromise, type ActorRefFrom } from 'xstate';
import { t } from '@lingui/core/macro';
import { notify } from '../services/notifier';
import { earlyRenewalMachine, isBalanceLow as balanceLow, isPlanEnding as planEnding } from '../../machines/earlyRenewal.machine';
import type { User } from '../api/contract';
import { payOrderList } from '../api/orders';

export const earlyRenewalLogic = earlyRenewalMachine.provide({
  actors: {
    findLastPackage: fromPromise(() => lastPaidPackage()),
  },
  actions: {
    notifyRenewed: () => {
      notify.success(t`Renewed. Your new credits are in your balance.`);
    },
  },
});

export type EarlyRenewalActor = ActorRefFrom<typeof earlyRenewalLogic>;

/** Credits under the account's own alert threshold: the moment to offer renewing (the machine's rule). */
export function isBalanceLow(user: Pick<User, 'credits' | 'alertThreshold'>): boolean {
  return balanceLow(user);
}

/** The plan ends within a week (and has not ended yet): the other moment to offer renewing (the machine's rule). */
export function isPlanEnding(user: Pick<User, 'planEndTime'>, now = Date.now()): boolean {
  return planEnding(user, now);
}

/** The package of the account's latest paid order, the one a renewal buys again (null: never bought). */
async function lastPaidPackage(): Promise<string | null> {
  const result = await payOrderList({ pageNum: 1, pageSize: 20 });
  if (result.code !== 200) return null;
  return result.data.records.find((order) => order.status === 'paid')?.packageId ?? null;
}
