import { Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { loginSelectors } from '../../actors/login';
import { useModeServices } from '../../services/ServicesContext';
import { Button } from '../../ui/Button';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { Spinner } from '../../ui/Spinner';
import styles from './AuthForm.module.css';

/** The login modal's verify mode: the bot check, then the same login is retried with its token. */
export function VerifyStep() {
  const login = useGlobalActor('login');
  const { ChallengeWidget } = useModeServices();
  const challenge = useGlobalSelector('login', loginSelectors.challengeState);

  return (
    <div className={styles.verify}>
      <p className={styles.status} role="status" aria-live="polite">
        {challenge === 'loading' ? (
          <>
            <Spinner /> <Trans>Loading the check…</Trans>
          </>
        ) : challenge === 'retrying' ? (
          <>
            <Spinner /> <Trans>Verified. Signing you in…</Trans>
          </>
        ) : challenge === 'failed' ? (
          <Trans>The check did not pass. Try it again.</Trans>
        ) : (
          <Trans>Complete the check to continue.</Trans>
        )}
      </p>
      {challenge === 'failed' ? (
        <Button variant="primary" onClick={() => login.send({ type: 'RELOAD_CHALLENGE' })}>
          <Trans>Try the check again</Trans>
        </Button>
      ) : challenge !== 'retrying' ? (
        <div className={styles.widget}>
          {/* A widget whose code cannot be fetched fails the check like one that errors: "Try the check again". */}
          <LoadBoundary fallback={() => null} onError={() => login.send({ type: 'CHALLENGE_ERROR' })}>
            <Suspense fallback={null}>
              <ChallengeWidget
                onLoad={() => login.send({ type: 'CHALLENGE_LOADED' })}
                onSuccess={(token) => login.send({ type: 'CHALLENGE_SOLVED', token })}
                onError={() => login.send({ type: 'CHALLENGE_ERROR' })}
              />
            </Suspense>
          </LoadBoundary>
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button variant="ghost" onClick={() => login.send({ type: 'CANCEL' })} disabled={challenge === 'retrying'}>
          <Trans>Back</Trans>
        </Button>
      </div>
    </div>
  );
}
