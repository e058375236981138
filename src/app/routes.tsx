import { lazy, Suspense } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { useGlobalActor } from '../actors/AppActorContext';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteLoading } from './ProgressBar';

// Every page is its own chunk, so the landing page ships only what it shows.
const HomePage = lazy(() => import('../features/home/HomePage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const ApiKeysPage = lazy(() => import('../features/dashboard/ApiKeysPage'));

export function AppRoutes() {
  const progress = useGlobalActor('pageProgress');
  return (
    <RouteErrorBoundary progress={progress}>
      <Suspense fallback={<RouteLoading />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/dashboard/api-keys" component={ApiKeysPage} />
          {/* The overview page is still to come (issue 4); until then the dashboard opens on the keys. */}
          <Route path="/dashboard">
            <Redirect to="/dashboard/api-keys" replace />
          </Route>
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
