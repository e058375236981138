import { Turnstile } from '@marsidev/react-turnstile';
import { config } from '../../config';
import type { ChallengeWidgetProps } from '../../services/challenge';

/** Live mode's bot check: Cloudflare Turnstile. Loaded only when a login asks for a check. */
export default function TurnstileChallenge({ onLoad, onSuccess, onError }: ChallengeWidgetProps) {
  return (
    <Turnstile
      siteKey={config.turnstileSiteKey}
      onWidgetLoad={() => onLoad()}
      onSuccess={(token) => onSuccess(token)}
      onError={() => onError()}
      onExpire={() => onError()}
      options={{ theme: 'auto' }}
    />
  );
}
