import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ChallengeWidgetProps } from '../services/challenge';
import { DEMO_PASS_PREFIX } from './botCheck';
import { randomHex } from './crypto';
import styles from './DemoChallenge.module.css';
import qa from './qa.module.css';

/** Like a real widget: a moment to load, a moment to verify, a moment before it retries by itself. */
export const CHALLENGE_LOAD_MS = 400;
export const CHALLENGE_VERIFY_MS = 500;
export const CHALLENGE_RETRY_MS = 1500;

type Phase = 'loading' | 'ready' | 'verifying' | 'passed' | 'failed' | 'retrying';

/**
 * Demo mode's bot check, in place of Cloudflare Turnstile. Besides passing, it can fail (for good, or retrying by
 * itself as Turnstile does for most failures), time out (a fresh check follows at once, as Turnstile's does) and
 * "pass" with an empty token, so QA can reach every branch of the verify step.
 */
export function DemoChallenge({ onLoad, onSuccess, onError, onTimeout }: ChallengeWidgetProps) {
  const [phase, setPhase] = useState<Phase>('loading');
  const verifyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const checkboxId = useId();

  // The parent hands in new callbacks on every render; the load timer must not restart for each.
  const loaded = useEffectEvent(() => onLoad());

  useEffect(() => {
    const timer = setTimeout(() => {
      setPhase('ready');
      loaded();
    }, CHALLENGE_LOAD_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(verifyTimer.current);
      clearTimeout(retryTimer.current);
    };
  }, []);

  const verify = () => {
    setPhase('verifying');
    verifyTimer.current = setTimeout(() => {
      setPhase('passed');
      onSuccess(DEMO_PASS_PREFIX + randomHex(24));
    }, CHALLENGE_VERIFY_MS);
  };

  const failCheck = () => {
    setPhase('failed');
    onError('tryAgain');
  };

  const failAndRetry = () => {
    setPhase('retrying');
    onError('widgetRetries');
    retryTimer.current = setTimeout(() => setPhase('ready'), CHALLENGE_RETRY_MS);
  };

  const busy = phase === 'loading' || phase === 'verifying' || phase === 'retrying';
  return (
    <div className={styles.card} aria-busy={busy}>
      <div className={styles.main}>
        {phase === 'loading' ? (
          <p className={styles.status}>
            <span className={styles.spinner} aria-hidden="true" />
            <Trans>Loading the demo bot check…</Trans>
          </p>
        ) : (
          <label className={styles.human} htmlFor={checkboxId}>
            <input
              id={checkboxId}
              type="checkbox"
              checked={phase === 'verifying' || phase === 'passed'}
              disabled={phase !== 'ready'}
              onChange={verify}
            />
            <span>
              <Trans>I am human</Trans>
            </span>
            {phase === 'verifying' ? <span className={styles.spinner} aria-hidden="true" /> : null}
          </label>
        )}
        <span className={styles.brand}>
          <Trans>Demo check</Trans>
        </span>
      </div>
      {phase === 'ready' ? (
        <div className={qa.buttons}>
          <button type="button" className={qa.button} onClick={failCheck}>
            <Trans>Fail the check</Trans>
          </button>
          <button type="button" className={qa.button} onClick={() => onSuccess('')}>
            <Trans>Pass with an empty token</Trans>
          </button>
          <button type="button" className={qa.button} onClick={failAndRetry}>
            <Trans>Fail, then retry by itself</Trans>
          </button>
          <button type="button" className={qa.button} onClick={() => onTimeout()}>
            <Trans>Time out</Trans>
          </button>
        </div>
      ) : null}
      <p className={styles.status} aria-live="polite">
        {phase === 'verifying' ? (
          <Trans>Verifying…</Trans>
        ) : phase === 'passed' ? (
          <Trans>Passed.</Trans>
        ) : phase === 'failed' ? (
          <Trans>The check failed.</Trans>
        ) : phase === 'retrying' ? (
          <Trans>The check failed. Retrying in a moment…</Trans>
        ) : null}
      </p>
    </div>
  );
}
