import type { BrowserContext } from '@playwright/test';
import { GoogleStandIn, type GoogleAccount } from './google';
import { TurnstileStandIn } from './turnstile';

export { GoogleStandIn, TurnstileStandIn };

/**
 * Nothing leaves for the internet; Google's and Cloudflare's hosts are answered by their stand-ins. On the context,
 * so a popup (Google's account chooser) is answered too. Routes added later win, so the stand-ins go after the
 * catch-all.
 */
export async function useStandIns(
  context: BrowserContext,
  googleAccounts: GoogleAccount[] = [],
): Promise<{ google: GoogleStandIn; turnstile: TurnstileStandIn }> {
  await context.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
  const google = new GoogleStandIn(googleAccounts);
  const turnstile = new TurnstileStandIn();
  await google.install(context);
  await turnstile.install(context);
  return { google, turnstile };
}
