import type { ComponentType } from 'react';
import type { ChallengeAction, ChallengeFailure } from '../../machines/botCheck';

/**
 * The bot-check widget, whichever implementation runs it: Cloudflare Turnstile in live mode, the demo
 * challenge in demo mode. The login flow only ever sees these callbacks, and tells the widget which form it guards.
 */
export interface ChallengeWidgetProps {
  /** The form the check is for: the widget's `action`, which the API checks against the form the token came with. */
  action: ChallengeAction;
  /** The widget is on screen and ready to be solved. */
  onLoad(): void;
  /** The widget produced a token (an empty token is possible and is refused by the login flow). */
  onSuccess(token: string): void;
  /** The widget failed to load or the check failed; `failure` says whether it retries by itself, or what to do. */
  onError(failure: ChallengeFailure): void;
  /** The token expired unused; the widget refreshes it by itself. */
  onExpire(): void;
  /** An interactive challenge was left unsolved too long; the widget offers a fresh one by itself. */
  onTimeout(): void;
}
export type ChallengeWidget = ComponentType<ChallengeWidgetProps>;
