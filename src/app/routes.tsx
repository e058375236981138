import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useGlobalActor } from '../actors/AppActorContext';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteLoading } from './ProgressBar';

// Every page is its own chunk, so the landing page ships only what it shows.
const HomePage = lazy(() => import('../features/home/HomePage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const OverviewPage = lazy(() => import('../features/dashboard/OverviewPage'));
const ApiKeysPage = lazy(() => import('../features/dashboard/ApiKeysPage'));
const SettingsPage = lazy(() => import('../features/dashboard/SettingsPage'));
const BillingPage = lazy(() => import('../features/billing/BillingPage'));
const PlaygroundPage = lazy(() => import('../features/playground/PlaygroundPage'));
const HistoryPage = lazy(() => import('../features/history/HistoryPage'));
const JoinDiscordPage = lazy(() => import('../features/discord/JoinDiscordPage'));
const GetStartedPage = lazy(() => import('../features/get-started/GetStartedPage'));
// The statechart explorer is a demo-mode tool for QA: a live build leaves it (and its layout library) out.
const MachinesPage = import.meta.env.VITE_API_BASE_URL?.trim() ? null : lazy(() => import('../features/machines/MachinesPage'));

export function AppRoutes() {
  const progress = useGlobalActor('pageProgress');
  return (
    <RouteErrorBoundary progress={progress}>
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
          {MachinesPage ? <Route path="/__machines" component={MachinesPage} /> : null}
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
