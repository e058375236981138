/**
 * The providers' real addresses, answered by local stand-ins for every page of a browser context (popups too):
 * the hosted checkouts, PayPal's SDK and window, Discord's consent page. Anything else off this machine is refused,
 * so a test never reaches the internet.
 */
import type { BrowserContext } from '@playwright/test';
import { routeCheckouts } from './checkouts';
import { routeDiscord, type DiscordStandinOptions } from './discord';
import { routePaypal } from './paypal';

export async function routeProviders(context: BrowserContext, apiUrl: string, discord: DiscordStandinOptions = {}): Promise<void> {
  // Registered first, so matched last: the stand-ins below take their hosts before this refuses the rest.
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
  await routeCheckouts(context, apiUrl);
  await routePaypal(context, apiUrl);
  await routeDiscord(context, apiUrl, discord);
}
