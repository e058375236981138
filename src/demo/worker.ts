import { setupWorker } from 'msw/browser';
import { browserDemoEnvironment } from './environment';
import { createHandlers } from './handlers';

/** Starts the Mock Service Worker; every product API call is answered in the browser from then on. */
export async function startDemo(): Promise<void> {
  const worker = setupWorker(...createHandlers(browserDemoEnvironment()));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
