import { Suspense, useSyncExternalStore } from 'react';
import { useGlobalSelector } from '../actors/AppActorContext';
import { userSelectors } from '../actors/user';
import { settlementWatchWanted, subscribeSettlingOrders } from '../services/settlingOrdersWatchers';
import { retryableLazy } from '../ui/retryableLazy';
import { HiddenIfUnavailable } from './HiddenIfUnavailable';

const SettlementWatch = retryableLazy(() => import('../features/billing/SettlementWatch'));

/**
 * Where the settlement watch runs: the whole app, on every page. Its code is fetched only once someone signed in has
 * an order waiting on this browser (checked against the watch list, here or as another tab writes it), so that the
 * start of the app carries none of it; from then on it stays, and its chart decides what to check (nothing while
 * nobody is signed in, only the list of whoever is).
 */
export function SettlementWatchMount() {
  const accountId = useGlobalSelector('user', (s) => userSelectors.user(s)?.id ?? null);
  // Once wanted, for the page's life: the chart runs on (the code is not a flow of its own).
  const wanted = useSyncExternalStore(
    subscribeSettlingOrders,
    () => settlementWatchWanted(accountId),
    () => false,
  );
  return wanted ? (
    // Not keyed by account: the chart follows a change of account itself. Offline when its code was first asked for,
    // it is tried again on the next visit.
    <HiddenIfUnavailable>
      <Suspense fallback={null}>
        <SettlementWatch />
      </Suspense>
    </HiddenIfUnavailable>
  ) : null;
}
