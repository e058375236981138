/**
 * Renders the stand-alone demo page the current address names: a provider's checkout, Discord's consent
 * screen, or a generated image. Each path prefix is in src/services/demoPages.ts.
 */
import { DEMO_CHECKOUT_PATH, DEMO_DISCORD_PATH, DEMO_RESULTS_PATH } from '../../services/demoPages';
import { renderDemoCheckout } from '../checkout/render';
import { renderDemoDiscord } from '../discord/render';
import { renderDemoResult } from '../results/render';

export async function renderDemoPage(root: HTMLElement): Promise<void> {
  const { pathname } = window.location;
  if (pathname.startsWith(DEMO_CHECKOUT_PATH)) return renderDemoCheckout(root);
  if (pathname.startsWith(DEMO_DISCORD_PATH)) return renderDemoDiscord(root);
  if (pathname.startsWith(DEMO_RESULTS_PATH)) return renderDemoResult(root);
  throw new Error(`No demo page at ${pathname}`);
}
