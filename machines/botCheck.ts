/**
 * What the login flow's bot check knows of the widget it shows: which form a check is for, and what a failed check
 * asks of the visitor. The widget's own codes (Cloudflare's client-side error codes) are read where the widget runs,
 * in src/services/turnstileFailure.ts; the chart sees only these.
 */
import type { LoginRequest } from '../src/common/types';

/**
 * The form a check guards, passed to the widget as its `action` and handed back by the check's verification, so the
 * API can refuse a token solved for another form (docs/api.md, "Sign-in").
 */
export type ChallengeAction = 'login' | 'register' | 'reset';

const ACTION_BY_REQUEST: Readonly<Record<LoginRequest['kind'], ChallengeAction>> = {
  email: 'login',
  google: 'login',
  microsoft: 'login',
  register: 'register',
  resetPassword: 'reset',
};

export function challengeActionOf(request: LoginRequest): ChallengeAction {
  return ACTION_BY_REQUEST[request.kind];
}

/**
 * Why the check did not give a token, grouped by what happens next:
 * - `widgetRetries`: the widget tries again by itself and stays on screen;
 * - the others end the check, each with what the visitor can do: `tryAgain` (a fresh check may pass), `unavailable`
 *   (it could not load), `browser` (unsupported, or its identity changed midway), `clock` (the device's time is wrong),
 *   `cache` (an outdated copy was cached), `siteSetup` (the site's own set-up; nothing the visitor can fix).
 */
export type ChallengeFailure = 'widgetRetries' | 'tryAgain' | 'unavailable' | 'browser' | 'clock' | 'cache' | 'siteSetup';

/**
 * Errors in a row the widget may retry by itself before the check ends as `tryAgain` (the visitor then starts a fresh
 * one). Cloudflare's widget retries after each such error, every `retry-interval` (8 s by default), and documents no
 * limit ("Widget configurations", https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/widget-configurations/):
 * a check that keeps failing would otherwise say "trying again by itself" for ever, with only Cancel to leave it.
 */
export const WIDGET_RETRIES_IN_A_ROW = 3;

/** The failures that end the check (the widget is taken down and the visitor told what to do). */
export type ChallengeEndingFailure = Exclude<ChallengeFailure, 'widgetRetries'>;
