/** Demo mode's entry: boot (src/main.tsx) starts the in-browser API and takes the demo's widgets from here. */
import type { GoogleSignIn, MicrosoftSignIn } from '../services/socialSignIn';
import { retryableLazy } from '../ui/retryableLazy';
import { createDemoGoogle } from './social/google';
import { createDemoMicrosoft } from './social/microsoft';

export { DemoControlsLauncher } from './DemoControlsLauncher';
/** The bot check's stand-in, fetched when a form first asks for one (as live mode's Turnstile is). */
export const DemoChallenge = retryableLazy(() => import('./DemoChallenge').then((module) => ({ default: module.DemoChallenge })));
/** Demo mode's stand-alone pages (main.tsx renders them instead of the app under their paths); loaded on demand. */
export async function renderDemoPage(root: HTMLElement): Promise<void> {
  const pages = await import('./pages/render');
  return pages.renderDemoPage(root);
}
/** PayPal with the demo PayPal page in a popup in place of PayPal's own. */
export { demoPaypal } from './paypal';

/** Google and Microsoft sign-in with demo pickers in place of the real popups (accounts kept in localStorage). */
export const demoGoogle: GoogleSignIn = createDemoGoogle();
export const demoMicrosoft: MicrosoftSignIn = createDemoMicrosoft();

/** Starts the in-browser API. Mock Service Worker is most of demo mode's code: its own chunk, loaded here. */
export async function startDemo(): Promise<void> {
  const worker = await import('./worker');
  return worker.startDemo();
}
