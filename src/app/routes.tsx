import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useGlobalActor } from '../actors/AppActorContext';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteLoading } from './ProgressBar';

// Every page is its own chunk, so the landing page ships only what it shows.
const HomePage = lazy(() => import('../features/home/HomePage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

export function AppRoutes() {
  const progress = useGlobalActor('pageProgress');
  return (
    <RouteErrorBoundary progress={progress}>
      <Suspense fallback={<RouteLoading />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
