/**
 * Demo mode's stand-alone pages: the pages a real third party would show (a checkout, Discord's consent
 * screen) and the demo image host. Boot renders them instead of the app; they live under these paths.
 * Known here, outside src/demo, so boot can tell them apart without loading demo mode first.
 */
export { DEMO_CHECKOUT_PATH } from '../domain/paymentProviders';

/** The demo Discord consent page (what discord.com/oauth2/authorize shows). */
export const DEMO_DISCORD_PATH = '/demo-discord/';
/** Generated images of the demo task API: `/demo-results/<taskId>/<n>` (the demo's image host). */
export const DEMO_RESULTS_PATH = '/demo-results/';

/** Where demo tasks "send" their callback: the demo server takes it, as an operator's server would. */
export const DEMO_TASK_CALLBACK_PATH = '/demo-callback';

export const DEMO_PAGE_PATHS = ['/demo-checkout/', DEMO_DISCORD_PATH, DEMO_RESULTS_PATH] as const;

export function isDemoPagePath(pathname: string): boolean {
  return DEMO_PAGE_PATHS.some((prefix) => pathname.startsWith(prefix));
}
