/**
 * The providers' real addresses, answered by local stand-ins for every page of a browser context (popups too):
 * Google's sign-in, Cloudflare's Turnstile, the hosted checkouts, PayPal's SDK and window, Discord's consent page.
 * Anything else off this machine is refused, so a test never reaches the internet.
 */
import type { BrowserContext } from '@playwright/test';
import { routeCheckouts } from './checkouts';
import { routeDiscord, type DiscordStandinOptions } from './discord';
import { GoogleStandIn, type GoogleAccount } from './google';
import { routePaypal } from './paypal';
import { TurnstileStandIn } from './turnstile';

export { GoogleStandIn, TurnstileStandIn };

/**
 * Refuses every host off this machine. Routes added later win, so a context's stand-ins are added after this and
 * take their own hosts first.
 */
export async function refuseOtherHosts(context: BrowserContext): Promise<void> {
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
}

/** The payment providers' and Discord's stand-ins. */
export async function routeProviders(context: BrowserContext, apiUrl: string, discord: DiscordStandinOptions = {}): Promise<void> {
  await refuseOtherHosts(context);
  await routeCheckouts(context, apiUrl);
  await routePaypal(context, apiUrl);
  await routeDiscord(context, apiUrl, discord);
}

/** Google's and Cloudflare's stand-ins. */
export async function useStandIns(
  context: BrowserContext,
  googleAccounts: GoogleAccount[] = [],
): Promise<{ google: GoogleStandIn; turnstile: TurnstileStandIn }> {
  await refuseOtherHosts(context);
  const google = new GoogleStandIn(googleAccounts);
  const turnstile = new TurnstileStandIn();
  await google.install(context);
  await turnstile.install(context);
  return { google, turnstile };
}
