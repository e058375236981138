import { Suspense } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useGlobalActor } from '../actors/AppActorContext';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteLoading } from './ProgressBar';
import { retryableLazy } from '../ui/retryableLazy';

// Every page is its own chunk, so the landing page ships only what it shows. A chunk that failed to arrive
// (offline) is fetched again the next time its page is opened.
const HomePage = retryableLazy(() => import('../features/home/HomePage'));
const NotFoundPage = retryableLazy(() => import('./NotFoundPage'));
const OverviewPage = retryableLazy(() => import('../features/dashboard/OverviewPage'));
const ApiKeysPage = retryableLazy(() => import('../features/dashboard/ApiKeysPage'));
const SettingsPage = retryableLazy(() => import('../features/dashboard/SettingsPage'));
const BillingPage = retryableLazy(() => import('../features/billing/BillingPage'));
const PlaygroundPage = retryableLazy(() => import('../features/playground/PlaygroundPage'));
const HistoryPage = retryableLazy(() => import('../features/history/HistoryPage'));
const JoinDiscordPage = retryableLazy(() => import('../features/discord/JoinDiscordPage'));
const GetStartedPage = retryableLazy(() => import('../features/get-started/GetStartedPage'));
const DocsPage = retryableLazy(() => import('../features/docs/DocsPage'));
// The statechart explorer is a demo-mode tool for QA: a live build leaves it (and its layout library) out.
const MachinesPage = import.meta.env.VITE_API_BASE_URL?.trim() ? null : retryableLazy(() => import('../features/machines/MachinesPage'));

export function AppRoutes() {
  const progress = useGlobalActor('pageProgress');
  const [path] = useLocation();
  return (
    <RouteErrorBoundary progress={progress} path={path}>
      <Suspense fallback={<RouteLoading />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/dashboard" component={OverviewPage} />
          <Route path="/dashboard/api-keys" component={ApiKeysPage} />
          <Route path="/dashboard/billing" component={BillingPage} />
          <Route path="/dashboard/settings" component={SettingsPage} />
          <Route path="/playground/flux" component={PlaygroundPage} />
          <Route path="/recent-history" component={HistoryPage} />
          <Route path="/join-discord" component={JoinDiscordPage} />
          <Route path="/get-started" component={GetStartedPage} />
          <Route path="/docs" component={DocsPage} />
          {MachinesPage ? <Route path="/__machines" component={MachinesPage} /> : null}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
