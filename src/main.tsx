import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { configureApiClient } from './api/client';
import { config } from './config';
import { createApp, type AppActor, type UserActor } from './actors/app';
import { App } from './app/App';
import { preloadStartPage } from './app/routes';
import { preloadLoginForms } from './features/auth/LoginModal';
import type { ModeServices } from './services/ServicesContext';
import { captureReferral } from './services/referral';
import { initDeviceId } from './services/deviceId';
import { hasStoredSession } from './services/session';
import { afterFirstAction } from './services/firstAction';
import { isDemoPagePath } from './services/demoPages';
import { setBackendStarter } from './services/backendReady';
import { setNotifier } from './services/notifier';
import { retryableLazy } from './ui/retryableLazy';
import { toast } from './ui/toast';
import { afterNextFrame, bootMode, markPageReady, prerenderedDialogOpen, prerenderedMessages, whenPageReady } from './prerender/boot';
import { PRERENDER_LOCALE, startPrerenderedApp } from './prerender/prerenderedApp';
import { i18n, initialLocale } from './i18n/catalog';
import { setWholeCatalogue, wholeCatalogue } from './i18n/wholeCatalogue';
import { startInspectorIfWanted } from './app/inspectorStart';

/** Demo mode starts the in-browser API before anything calls it; live mode loads Turnstile on demand. */
async function startMode(): Promise<{ services: ModeServices; demoPanel?: ReactNode }> {
  // Read the variable itself, not config.mode: the bundler folds it to a constant, so a live build
  // drops the demo (MSW, the in-browser database) entirely. config.ts applies the same rule.
  if (!import.meta.env.VITE_API_BASE_URL?.trim()) {
    const demo = await import('./demo/boot');
    // The in-browser API starts when the first request needs it; requests wait for it (src/services/backendReady).
    setBackendStarter(() => demo.startDemo());
    const { DemoControlsLauncher } = demo;
    return {
      services: { ChallengeWidget: demo.DemoChallenge, google: demo.demoGoogle, microsoft: demo.demoMicrosoft, paypal: demo.demoPaypal },
      demoPanel: <DemoControlsLauncher />,
    };
  }
  // Live: Google's script loads when One Tap or its button is first needed; MSAL only when a Microsoft button appears.
  // A provider without its setting is left out altogether.
  const [google, microsoft, { createLivePaypal }] = await Promise.all([
    config.googleClientId ? import('./services/google/live').then((module) => module.liveGoogle) : null,
    config.microsoftClientId ? import('./services/microsoft/live').then((module) => module.liveMicrosoft) : null,
    // Small: PayPal's SDK itself loads only when a PayPal payment starts.
    import('./services/paypal/live'),
  ]);
  const { paypalUserIdToken } = await import('./api/trade');
  const userIdToken = async () => {
    const result = await paypalUserIdToken();
    return result.code === 200 ? result.data.idToken : null;
  };
  const paypal = config.paypalClientId ? createLivePaypal(config.paypalClientId, userIdToken) : undefined;
  return {
    services: {
      ChallengeWidget: retryableLazy(() => import('./features/auth/TurnstileChallenge')),
      google,
      microsoft,
      paypal,
    },
  };
}

function rootElement(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html.');
  return root;
}

async function boot() {
  // The API client and the actors tell the user things through the app's toasts.
  setNotifier(toast);
  // Demo mode's stand-ins for third-party pages (checkout, Discord consent, the image host): their own
  // page, not the app (no referral, no actors).
  if (!import.meta.env.VITE_API_BASE_URL?.trim() && isDemoPagePath(window.location.pathname)) {
    const demo = await import('./demo/boot');
    // The host's fallback file may be a prerendered page: it never shows under a demo page.
    rootElement().replaceChildren();
    await demo.renderDemoPage(rootElement());
    markPageReady();
    return;
  }
  preloadStartPage(window.location.pathname);
  captureReferral();
  const { services, demoPanel } = await startMode();

  // A 401 anywhere ends the session in the user actor; the actor is bound once it exists.
  let app: AppActor | null = null;
  configureApiClient({ hooks: { onSessionExpired: () => app?.system.get('user')?.send({ type: 'SESSION_EXPIRED' }) } });
  const inspect = await startInspectorIfWanted(window.location.search);

  // A prerendered page in the visitor's language is adopted as it is, with the messages it carries: those it was
  // rendered with and those its start's code can show. A signed-in visitor's page changes for the account right
  // after hydration, with words the page does not carry: the whole catalogue comes first. Anyone else starts on
  // the page's messages, and the rest of the catalogue is fetched once something beyond the page is wanted.
  const messages = bootMode() === 'hydrate' ? prerenderedMessages() : null;
  const pageMessages = messages !== null && !hasStoredSession() && initialLocale() === PRERENDER_LOCALE;
  if (pageMessages) {
    i18n.load(PRERENDER_LOCALE, messages);
    i18n.activate(PRERENDER_LOCALE);
  }
  // Made, then started, in two tasks: together they are one long task on a phone's CPU.
  const created = createApp({ google: services.google, pageMessages, ...(inspect ? { inspect } : {}) });
  await yieldToBrowser();
  created.start();
  app = created;
  if (pageMessages) setWholeCatalogue(() => catalogueCompleted(created));

  // What the visitor may open next: the rest of the catalogue, the sign-in dialog's Microsoft button and other forms.
  const whatMayOpenNext = () => {
    void wholeCatalogue();
    if (services.microsoft) void import('./features/auth/SocialSignIn').then((social) => social.loadMicrosoftButton()).catch(() => undefined);
    preloadLoginForms();
  };
  // A copy of the sign-in dialog is open already (opened before the app came: src/prerender/themeBoot/): its forms
  // and their words are fetched now, beside the hydration, so that the app's dialog shows them as it takes the
  // copy's place, and nothing typed meanwhile goes to a dialog still loading.
  if (prerenderedDialogOpen()) whatMayOpenNext();

  if (messages) {
    if (!pageMessages) await catalogueLoaded(app);
    // Each step in a task of its own: the page stays responsive (a phone's CPU takes a while for each).
    await yieldToBrowser();
    await warmLocaleData(PRERENDER_LOCALE);
    const prerendered = startPrerenderedApp(() => Promise.resolve(messages));
    await yieldToBrowser();
    // As a transition, React hydrates in slices and yields between them, instead of one long task.
    startTransition(() => {
      hydrateRoot(rootElement(), <App actor={app} prerendered={prerendered} services={services} demoPanel={demoPanel} inspect={inspect} />);
    });
  } else {
    // Render once the first catalogue is in, so nobody sees untranslated text flash by.
    await catalogueLoaded(app);
    createRoot(rootElement()).render(<App actor={app} services={services} demoPanel={demoPanel} inspect={inspect} />);
  }

  // Coming back to the tab refreshes the user (credits, a session that expired meanwhile).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') app?.system.get('user')?.send({ type: 'REFRESH' });
  });

  // Work the first view does not need, which would otherwise compete with it, or be fetched on every visit whether
  // or not anyone opens anything. What the visitor may open next: once they have acted and what they opened has
  // painted, so that it does not compete with their first tap (a dialog opens on its shell meanwhile, and what it
  // shows at once asks for its own parts as it renders; offline, it fetches them again when it opens). The device
  // id (the fingerprint library is heavy) and the registry that resets what was loaded for one account (PayPal's
  // SDK, MSAL's accounts) when the tab's account changes: for a visitor with a session once the page is ready
  // (their API calls carry the device id), for an anonymous one once they act.
  const accountWork = () => {
    void initDeviceId();
    void followAccountChanges(app);
  };
  void afterFirstAction().then(whatMayOpenNext);
  void whenPageReady().then(() => {
    if (hasStoredSession()) accountWork();
    else void afterFirstAction().then(accountWork);
  });
}

/**
 * Asks the locale actor for the rest of the catalogue (again, if it failed before); resolves once a whole catalogue
 * is in (the page's language, or one chosen meanwhile), or could not be fetched.
 */
async function catalogueCompleted(app: AppActor): Promise<void> {
  const locale = app.system.get('locale');
  if (!locale) return;
  locale.send({ type: 'CATALOGUE_WANTED' });
  await waitFor(locale, (s) => (s.hasTag('ready') && !s.hasTag('partialCatalogue')) || s.matches('failed')).catch(() => undefined);
}

/** The first catalogue is in (or failed: the locale machine says so on screen), at most 15 s. */
async function catalogueLoaded(app: AppActor): Promise<void> {
  const locale = app.system.get('locale');
  if (locale) await waitFor(locale, (s) => !s.hasTag('loading'), { timeout: 15_000 }).catch(() => undefined);
}

/**
 * The first number, plural and list formatter of a locale loads its data, which on a phone's CPU takes a long task
 * of its own (measured 2026-11-29 with the CPU slowed 4 times: 58 ms for the first Intl.NumberFormat). Made here, each
 * in a task of its own, hydration's formatters (made by the same components as the prerendered page) find the data
 * loaded instead of adding that time to one of its slices.
 */
async function warmLocaleData(locale: string): Promise<void> {
  const warmers = [
    () => new Intl.NumberFormat(locale).format(1),
    () => new Intl.PluralRules(locale).select(1),
    () => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(['a', 'b']),
  ];
  for (const warm of warmers) {
    try {
      warm();
    } catch {
      // A browser without one of them formats without it later, as it would have anyway.
    }
    await yieldToBrowser();
  }
}

/** Between the boot's steps: after a frame, so that a tap answered meanwhile is painted first. */
function yieldToBrowser(): Promise<void> {
  return afterNextFrame();
}

async function followAccountChanges(app: AppActor | null): Promise<void> {
  const user = app?.system.get('user') as UserActor | undefined;
  if (!user) return;
  const [{ followAccount }, { userSelectors }] = await Promise.all([import('./services/accountChange'), import('./actors/user')]);
  followAccount(user, (snapshot) => userSelectors.accountInView(snapshot)?.id ?? null);
}

void boot();
