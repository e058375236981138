import { Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { useGlobalActor } from '../actors/AppActorContext';
import { retryableLazy } from '../ui/retryableLazy';
import { markPageHydrated, markPageReady } from '../prerender/boot';
import { RouteErrorBoundary } from './RouteErrorBoundary';
import { RouteLoading } from './ProgressBar';
import { useClientReady } from './ClientReady';

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
const TermsPage = retryableLazy(() => import('../features/legal/TermsPage'));
const PrivacyPage = retryableLazy(() => import('../features/legal/PrivacyPage'));
const RefundsPage = retryableLazy(() => import('../features/legal/RefundsPage'));
const ContactPage = retryableLazy(() => import('../features/legal/ContactPage'));
// The statechart explorer is a demo-mode tool for QA: a live build leaves it (and its layout library) out.
const StatechartExplorerPage = import.meta.env.VITE_API_BASE_URL?.trim()
  ? null
  : retryableLazy(() => import('../features/statechart-explorer/StatechartExplorerPage'));

const PAGES: Readonly<Record<string, { preloadWithPageMessages: () => void }>> = {
  '/': HomePage,
  '/dashboard': OverviewPage,
  '/dashboard/api-keys': ApiKeysPage,
  '/dashboard/billing': BillingPage,
  '/dashboard/settings': SettingsPage,
  '/playground/flux': PlaygroundPage,
  '/recent-history': HistoryPage,
  '/join-discord': JoinDiscordPage,
  '/get-started': GetStartedPage,
  '/docs': DocsPage,
  '/terms': TermsPage,
  '/privacy': PrivacyPage,
  '/refunds': RefundsPage,
  '/contact': ContactPage,
  ...(StatechartExplorerPage ? { '/__machines': StatechartExplorerPage } : {}),
};

/**
 * Fetches the code of the page the app starts on now (with the app's code, instead of after it). A prerendered page
 * carries the words of its own code, so it hydrates without waiting for the rest of the catalogue.
 */
export function preloadStartPage(path: string): void {
  (PAGES[path] ?? NotFoundPage).preloadWithPageMessages();
}

/**
 * In the page's Suspense boundary, so it runs once the first page is on screen (hydrated, or rendered): what was
 * typed meanwhile is handed to React at once, and once the browser's app has taken over, a hidden page shows and
 * the clicks held meanwhile go through. After the page, so that its effects, which start the page's own actors,
 * have run when what was typed reaches them; and before any later render, which React does only once these
 * effects have run, could set a field back to the value it was prerendered with.
 */
function PageReady() {
  const ready = useClientReady();
  useEffect(markPageHydrated, []);
  useEffect(() => {
    if (ready) markPageReady();
  }, [ready]);
  return null;
}

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
          <Route path="/terms" component={TermsPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/refunds" component={RefundsPage} />
          <Route path="/contact" component={ContactPage} />
          {StatechartExplorerPage ? <Route path="/__machines" component={StatechartExplorerPage} /> : null}
          <Route component={NotFoundPage} />
        </Switch>
        <PageReady />
      </Suspense>
    </RouteErrorBoundary>
  );
}
