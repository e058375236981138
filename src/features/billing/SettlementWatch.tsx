import { useEffect, useState } from 'react';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { createSettlementWatchLogic } from '../../actors/settlementWatch';
import { useLocalActor } from '../../actors/useLocalActor';
import { userSelectors } from '../../actors/user';
import { subscribeSettlingOrders } from '../../services/settlingOrdersWatchers';

/**
 * The settlement watch of the whole app (the shell mounts it: src/app/SettlementWatchMount.tsx). It shows nothing
 * itself: its chart tells the buyer with toasts and has the user actor read the balance again.
 */
export default function SettlementWatch() {
  const user = useGlobalActor('user');
  const accountId = useGlobalSelector('user', (s) => userSelectors.user(s)?.id ?? null);
  const [logic] = useState(() => createSettlementWatchLogic(user));
  const watch = useLocalActor(logic, { input: { accountId } });
  // The chart follows whoever is signed in (the same account again changes nothing).
  useEffect(() => watch.send({ type: 'ACCOUNT_CHANGED', accountId }), [watch, accountId]);
  // The list written by this tab (the billing page, the watch's own claims) or another: the chart reads it again.
  useEffect(() => subscribeSettlingOrders(() => watch.send({ type: 'WATCH_LIST_CHANGED' })), [watch]);
  return null;
}
