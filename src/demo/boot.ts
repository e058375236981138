/** Demo mode's entry: boot (src/main.tsx) starts the in-browser API and takes the demo's widgets from here. */
import { setupWorker } from 'msw/browser';
import { browserDemoEnvironment } from './environment';
import { createHandlers } from './handlers';

export { DemoControls } from './DemoControls';
export { DemoChallenge } from './DemoChallenge';

/** Starts the Mock Service Worker; every product API call is answered in the browser from then on. */
export async function startDemo(): Promise<void> {
  const worker = setupWorker(...createHandlers(browserDemoEnvironment()));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
