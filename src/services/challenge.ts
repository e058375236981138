import type { ComponentType } from 'react';

/**
 * The bot-check widget, whichever implementation runs it: Cloudflare Turnstile in live mode, the demo
 * challenge in demo mode. The login flow only ever sees these three callbacks.
 */
export interface ChallengeWidgetProps {
  /** The widget is on screen and ready to be solved. */
  onLoad(): void;
  /** The widget produced a token (an empty token is possible and is refused by the login flow). */
  onSuccess(token: string): void;
  /** The widget failed to load or the check failed. */
  onError(): void;
}
export type ChallengeWidget = ComponentType<ChallengeWidgetProps>;
