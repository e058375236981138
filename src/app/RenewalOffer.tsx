import { Suspense } from 'react';
import { useLocation } from 'wouter';
import { useGlobalSelector } from '../actors/AppActorContext';
import { userSelectors } from '../actors/user';
import { retryableLazy } from '../ui/retryableLazy';
import { HiddenIfUnavailable } from './HiddenIfUnavailable';

const EarlyRenewalModal = retryableLazy(() => import('../features/billing/EarlyRenewalModal'));

/**
 * Where the early-renewal offer may show: the signed-in dashboard, except Billing (where buying is the page
 * itself). Whether it shows is the earlyRenewal chart's decision; its code loads only on those pages (fetched again
 * on the next page if it could not be).
 */
export function RenewalOffer() {
  const [path] = useLocation();
  const user = useGlobalSelector('user', userSelectors.user);
  const offered = (path === '/dashboard' || path.startsWith('/dashboard/')) && path !== '/dashboard/billing';
  return user && offered ? (
    <HiddenIfUnavailable key={path}>
      <Suspense fallback={null}>
        <EarlyRenewalModal user={user} />
      </Suspense>
    </HiddenIfUnavailable>
  ) : null;
}
