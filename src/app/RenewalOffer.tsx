import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useGlobalSelector } from '../actors/AppActorContext';
import { userSelectors } from '../actors/user';
import { forgetFailedImports, retryableLazy } from '../ui/retryableLazy';

const EarlyRenewalModal = retryableLazy(() => import('../features/billing/EarlyRenewalModal'));

/**
 * An offer whose code could not be fetched (offline) is not shown, and must not take the app down with it: it
 * is tried again on the next page (the boundary is keyed by the address).
 */
export class OfferUnavailable extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    forgetFailedImports();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Where the early-renewal offer may show: the signed-in dashboard, except Billing (where buying is the page
 * itself). Whether it shows is the earlyRenewal chart's decision; its code loads only on those pages.
 */
export function RenewalOffer() {
  const [path] = useLocation();
  const user = useGlobalSelector('user', userSelectors.user);
  const offered = (path === '/dashboard' || path.startsWith('/dashboard/')) && path !== '/dashboard/billing';
  return user && offered ? (
    <OfferUnavailable key={path}>
      <Suspense fallback={null}>
        <EarlyRenewalModal user={user} />
      </Suspense>
    </OfferUnavailable>
  ) : null;
}
