/** Demo mode's entry: boot (src/main.tsx) starts the in-browser API and takes the demo's widgets from here. */
import { setupWorker } from 'msw/browser';
import { browserDemoEnvironment } from './environment';
import { createHandlers } from './handlers';
import type { GoogleSignIn, MicrosoftSignIn } from '../services/socialSignIn';
import { createDemoGoogle } from './social/google';
import { createDemoMicrosoft } from './social/microsoft';

export { DemoControls } from './DemoControls';
export { DemoChallenge } from './DemoChallenge';
/** The demo checkout pages (main.tsx renders them instead of the app under DEMO_CHECKOUT_PATH). */
export { renderDemoCheckout } from './checkout/render';
/** PayPal with the demo PayPal page in a popup in place of PayPal's own. */
export { demoPaypal } from './paypal';

/** Google and Microsoft sign-in with demo pickers in place of the real popups (accounts kept in localStorage). */
export const demoGoogle: GoogleSignIn = createDemoGoogle();
export const demoMicrosoft: MicrosoftSignIn = createDemoMicrosoft();

/** Starts the Mock Service Worker; every product API call is answered in the browser from then on. */
export async function startDemo(): Promise<void> {
  const worker = setupWorker(...createHandlers(browserDemoEnvironment()));
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
