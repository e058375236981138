/**
 * Cloudflare Turnstile's client-side error codes, read as the login flow's bot check needs them: does the widget
 * recover by itself, and if not, what can the visitor do.
 *
 * Cloudflare's "Client-side errors" (https://developers.cloudflare.com/turnstile/troubleshooting/client-side-errors/):
 * with `retry: auto` (the default) the widget "will automatically retry upon encountering a problem", every
 * `retry-interval`, and the error callback may be called again for each failed retry. Its "Error codes" table
 * (https://developers.cloudflare.com/turnstile/troubleshooting/client-side-errors/error-codes/) splits codes "by the
 * first three numbers into error-code families" and marks which a retry can fix (Retry: Yes): 102, 103, 104 and 106
 * (invalid parameters), 11060* (challenge timed out), 300 (generic client execution error), 600 (challenge execution
 * failure). The widget is left to retry those. The rest end the check:
 * - 11062* (an interactive challenge "became outdated"): "Reset the widget and re-initialize it", which is what the
 *   visitor's "Try the check again" does;
 * - 110500 (unsupported browser), 110510 (inconsistent user agent: an extension spoofing it);
 * - 200100 (the visitor's clock is wrong), 200010 (a cached copy of Turnstile);
 * - 105 (Turnstile called in a deprecated way), 110100 and 110110 (invalid sitekey), 110200 (domain not allowed),
 *   110420 and 110430 (invalid action or cData): the site's set-up;
 * - 100 (initialization problems: "reload the page and restart Turnstile"), 120 (Cloudflare-internal) and any code
 *   the table does not list: a fresh check may pass.
 */
import type { ChallengeFailure } from '../../machines/botCheck';

const RETRIED_FAMILIES: ReadonlySet<string> = new Set(['102', '103', '104', '106', '300', '600']);
const SITE_SETUP_CODES: ReadonlySet<string> = new Set(['110100', '110110', '110200', '110420', '110430']);

export function turnstileFailure(code: string): ChallengeFailure {
  const text = code.trim();
  // react-turnstile hands a render() that threw to the same callback, with the exception's message.
  if (!/^\d{6}$/.test(text)) return 'tryAgain';
  const family = text.slice(0, 3);
  if (RETRIED_FAMILIES.has(family) || text.startsWith('11060')) return 'widgetRetries';
  if (text === '110500' || text === '110510') return 'browser';
  if (text === '200100') return 'clock';
  if (text === '200010') return 'cache';
  if (family === '105' || SITE_SETUP_CODES.has(text)) return 'siteSetup';
  return 'tryAgain';
}
