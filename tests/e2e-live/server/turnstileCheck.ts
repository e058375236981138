/**
 * What a real backend does with a bot-check token before it lets a sign-in through (docs/api.md, "Sign-in"), as
 * Cloudflare's "Validate the token" says (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/):
 * redeem it with Siteverify, then "Check additional fields: Validate the action and hostname when specified". A token
 * is accepted only when Siteverify says `success`, it was solved on the site's own host, and its `action` names the
 * form it came with: a token solved for the sign-in form cannot pass a sign-up or a password reset.
 */
import type { ChallengeAction } from '../../../machines/botCheck';
import settings from '../settings.json';
import { createSiteverify, type SiteverifyResult } from '../standins/turnstileTokens';

/** The form each sign-in path's token must have been solved for (the app's `challengeActionOf`, seen from the API). */
const ACTION_OF_PATH: ReadonlyMap<string, ChallengeAction> = new Map([
  ['/client/v1/user/login', 'login'],
  ['/client/v1/user/google-login', 'login'],
  ['/client/v1/user/outlook-login', 'login'],
  ['/client/v1/user/userRegistration', 'register'],
  ['/client/v1/user/reset-password', 'reset'],
]);

/** The hosts the site is served on: the preview's, by address and by name. */
const SITE_HOSTNAMES: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost']);

export interface TurnstileVerification extends SiteverifyResult {
  /** The token as sent, so a test can find the outcome of the tokens it handed over. */
  response: string;
  path: string;
  /** Whether the sign-in may go on: Siteverify's success, and the hostname and action this form expects. */
  accepted: boolean;
  /** Why a token Siteverify vouched for was still refused, or null. */
  refusal: string | null;
  at: string;
}

export function createTurnstileCheck(secret = settings.providers.turnstileSecretKey): (token: string, path: string) => TurnstileVerification {
  const siteverify = createSiteverify(secret);
  return (token, path) => {
    const result = siteverify({ secret, response: token });
    const expected = ACTION_OF_PATH.get(path);
    const refusal = !result.success
      ? null
      : !SITE_HOSTNAMES.has(result.hostname ?? '')
        ? `solved on ${result.hostname ?? 'no host'}, not on this site`
        : result.action !== expected
          ? `solved for "${result.action ?? ''}", not for "${expected ?? 'no form'}"`
          : null;
    return { ...result, response: token, path, accepted: result.success && refusal === null, refusal, at: new Date().toISOString() };
  };
}
