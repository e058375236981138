import './styles/global.css';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { waitFor } from 'xstate';
import { configureApiClient } from './api/client';
import { config } from './config';
import { startApp, type AppActor, type UserActor } from './actors/app';
import { App } from './app/App';
import { preloadLoginForms } from './features/auth/LoginModal';
import type { ModeServices } from './app/ServicesContext';
import { captureReferral } from './services/referral';
import { initDeviceId } from './services/deviceId';
import { isDemoPagePath } from './services/demoPages';
import { setBackendReady } from './services/backendReady';
import { retryableLazy } from './ui/retryableLazy';

/** Demo mode starts the in-browser API before anything calls it; live mode loads Turnstile on demand. */
/** `?inspect`: the inspector service is only loaded when the address asks for it. */
async function startInspectorIfWanted() {
  if (!new URLSearchParams(window.location.search).has('inspect')) return undefined;
  const { inspectorWanted, startInspector } = await import('./services/inspector');
  return inspectorWanted(window.location.search) ? startInspector() : undefined;
}

async function startMode(): Promise<{ services: ModeServices; demoPanel?: ReactNode }> {
  // Read the variable itself, not config.mode: the bundler folds it to a constant, so a live build
  // drops the demo (MSW, the in-browser database) entirely. config.ts applies the same rule.
  if (!import.meta.env.VITE_API_BASE_URL?.trim()) {
    const demo = await import('./demo/boot');
    // The in-browser API starts while the page renders; requests wait for it (src/services/backendReady).
    setBackendReady(demo.startDemo());
    return {
      services: { ChallengeWidget: demo.DemoChallenge, google: demo.demoGoogle, microsoft: demo.demoMicrosoft, paypal: demo.demoPaypal },
      demoPanel: <demo.DemoControls />,
    };
  }
  // Live: Google's provider wraps every page; MSAL itself loads only when a Microsoft button appears.
  const [{ liveGoogle }, { liveMicrosoft }, { createLivePaypal }] = await Promise.all([
    import('./services/google/live'),
    import('./services/microsoft/live'),
    // Small: PayPal's SDK itself loads only when a PayPal payment starts.
    import('./services/paypal/live'),
  ]);
  const { paypalUserIdToken } = await import('./api/trade');
  const userIdToken = async () => {
    const result = await paypalUserIdToken();
    return result.code === 200 ? result.data.idToken : null;
  };
  const paypal = config.paypalClientId ? createLivePaypal(config.paypalClientId, userIdToken) : undefined;
  return { services: { ChallengeWidget: retryableLazy(() => import('./features/auth/TurnstileChallenge')), google: liveGoogle, microsoft: liveMicrosoft, paypal } };
}

function rootElement(): HTMLElement {
  const root = document.getElementById('root');
  if (!root) throw new Error('The #root element is missing from index.html.');
  return root;
}

async function boot() {
  // Demo mode's stand-ins for third-party pages (checkout, Discord consent, the image host): their own
  // page, not the app (no referral, no actors).
  if (!import.meta.env.VITE_API_BASE_URL?.trim() && isDemoPagePath(window.location.pathname)) {
    const demo = await import('./demo/boot');
    await demo.renderDemoPage(rootElement());
    return;
  }
  captureReferral();
  const { services, demoPanel } = await startMode();

  // A 401 anywhere ends the session in the user actor; the actor is bound once it exists.
  let app: AppActor | null = null;
  configureApiClient({ hooks: { onSessionExpired: () => app?.system.get('user')?.send({ type: 'SESSION_EXPIRED' }) } });
  const inspect = await startInspectorIfWanted();
  app = startApp({ google: services.google, ...(inspect ? { inspect } : {}) });

  // Render once the first catalogue is in, so nobody sees untranslated text flash by.
  const locale = app.system.get('locale');
  if (locale) await waitFor(locale, (s) => !s.hasTag('loading'), { timeout: 15_000 }).catch(() => undefined);

  createRoot(rootElement()).render(<App actor={app} services={services} demoPanel={demoPanel} inspect={inspect} />);

  // Coming back to the tab refreshes the user (credits, a session that expired meanwhile).
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') app?.system.get('user')?.send({ type: 'REFRESH' });
  });

  // The fingerprint library is heavy: compute the device id when the browser is idle.
  const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
  idle(() => void initDeviceId());
  // The sign-in modal's Microsoft button, fetched before anyone opens the modal. Offline, the modal fetches it
  // again when it opens (and says so if it still cannot).
  idle(() => void import('./features/auth/SocialSignIn').then((social) => social.loadMicrosoftButton()).catch(() => undefined));
  // The modal's other forms (create an account, reset a password, the bot check), likewise.
  idle(preloadLoginForms);
  // What was loaded for one account (PayPal's SDK, MSAL's accounts) is reset when the tab's account changes.
  idle(() => void followAccountChanges(app));
}

async function followAccountChanges(app: AppActor | null): Promise<void> {
  const user = app?.system.get('user') as UserActor | undefined;
  if (!user) return;
  const [{ followAccount }, { userSelectors }] = await Promise.all([import('./services/accountChange'), import('./actors/user')]);
  followAccount(user, (snapshot) => userSelectors.accountInView(snapshot)?.id ?? null);
}

void boot();
