import { setupWorker } from 'msw/browser';
import { browserDemoEnvironment } from './environment';
import { createHandlers } from './handlers';

const WORKER_PATH = '/mockServiceWorker.js';

/**
 * MSW reloads the page when its worker is registered but does not control the page: after a hard reload, or
 * when the previous visit's worker was still installing as this page loaded. That reload comes seconds after
 * the page is ready and loses whatever the visitor opened or typed meanwhile. Unregistered first, the worker is
 * registered anew instead, and takes this page as it activates (it claims its clients): no reload.
 */
async function dropWorkerThatDoesNotControlThisPage(): Promise<void> {
  // Without service workers (Firefox's private windows) MSW's own start says why the demo cannot run.
  if (!('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
  const registrations = await navigator.serviceWorker.getRegistrations();
  const workerUrl = new URL(WORKER_PATH, location.origin).href;
  await Promise.all(
    registrations
      .filter((registration) => (registration.active ?? registration.waiting ?? registration.installing)?.scriptURL === workerUrl)
      .map((registration) => registration.unregister()),
  );
}

/** Starts the Mock Service Worker; every product API call is answered in the browser from then on. */
export async function startDemo(): Promise<void> {
  await dropWorkerThatDoesNotControlThisPage();
  const worker = setupWorker(...createHandlers(browserDemoEnvironment()));
  await worker.start({ serviceWorker: { url: WORKER_PATH }, onUnhandledRequest: 'bypass', quiet: true });
}
