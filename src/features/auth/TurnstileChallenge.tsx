import { Turnstile } from '@marsidev/react-turnstile';
import { config } from '../../config';
import type { ChallengeWidgetProps } from '../../services/challenge';
import { turnstileFailure } from '../../services/turnstileFailure';

/**
 * Live mode's bot check: Cloudflare Turnstile. Loaded only when a login asks for a check.
 *
 * The widget recovers by itself, as Cloudflare's "Widget configurations" document its defaults (named here so they
 * cannot drift, https://developers.cloudflare.com/turnstile/get-started/client-side-rendering/widget-configurations/):
 * `retry: auto` tries again after a failure every `retry-interval` (8 s), `refresh-expired: auto` renews a token that
 * ran out (after 300 s), `refresh-timeout: auto` offers a fresh interactive challenge after a timeout. The login flow
 * keeps it on screen through all three. `action` names the form the check guards (at most 32 of `A-Za-z0-9_-`);
 * Siteverify hands it back, and the API refuses a token solved for another form.
 */
export default function TurnstileChallenge({ action, onLoad, onSuccess, onError, onExpire, onTimeout }: ChallengeWidgetProps) {
  return (
    <Turnstile
      siteKey={config.turnstileSiteKey}
      onWidgetLoad={() => onLoad()}
      onSuccess={(token) => onSuccess(token)}
      onError={(code) => onError(turnstileFailure(code))}
      onExpire={() => onExpire()}
      onTimeout={() => onTimeout()}
      // Cloudflare's api.js could not be fetched (offline, or blocked): no widget will come.
      scriptOptions={{ onError: () => onError('unavailable') }}
      options={{ theme: 'auto', action, retry: 'auto', refreshExpired: 'auto', refreshTimeout: 'auto' }}
    />
  );
}
