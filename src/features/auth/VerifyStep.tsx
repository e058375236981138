import { Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import type { ChallengeEndingFailure } from '../../../machines/botCheck';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { loginSelectors } from '../../actors/login';
import { useModeServices } from '../../services/ServicesContext';
import { Button } from '../../ui/Button';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { Spinner } from '../../ui/Spinner';
import styles from './AuthForm.module.css';

/** What a check that ended without a token asks of the visitor. */
function FailureAdvice({ failure }: { failure: ChallengeEndingFailure | null }) {
  switch (failure) {
    case 'unavailable':
      return <Trans>The check could not load. Check your connection and try again; if it still does not load, reload the page.</Trans>;
    case 'browser':
      return (
        <Trans>This browser cannot complete the check. Update it, or turn off extensions that change how it identifies itself, then try again.</Trans>
      );
    case 'clock':
      return <Trans>Your device's clock is wrong, so the check cannot pass. Set the correct date and time, then try again.</Trans>;
    case 'cache':
      return <Trans>Your browser kept an outdated copy of the check. Clear its cache, then try again.</Trans>;
    case 'siteSetup':
      return <Trans>The check is not set up correctly for this site. Try again later; if it keeps failing, contact support.</Trans>;
    case 'tryAgain':
    case null:
      return <Trans>The check did not pass. Try it again.</Trans>;
  }
}

/** The login modal's verify mode: the bot check, then the same login is retried with its token. */
export function VerifyStep() {
  const login = useGlobalActor('login');
  const { ChallengeWidget } = useModeServices();
  const challenge = useGlobalSelector('login', loginSelectors.challengeState);
  const showsChallenge = useGlobalSelector('login', loginSelectors.showsChallenge);
  const failure = useGlobalSelector('login', loginSelectors.challengeFailure);
  const action = useGlobalSelector('login', loginSelectors.challengeAction);

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
        ) : challenge === 'retryingAfterError' ? (
          <Trans>The check ran into a problem and is trying again by itself.</Trans>
        ) : challenge === 'refreshingExpired' ? (
          <Trans>The check expired and is renewing itself. Complete it again if it asks.</Trans>
        ) : challenge === 'refreshingTimedOut' ? (
          <Trans>The check timed out. Complete the new one to continue.</Trans>
        ) : challenge === 'failed' ? (
          <FailureAdvice failure={failure} />
        ) : (
          <Trans>Complete the check to continue.</Trans>
        )}
      </p>
      {challenge === 'failed' ? (
        <Button variant="primary" onClick={() => login.send({ type: 'RELOAD_CHALLENGE' })}>
          <Trans>Try the check again</Trans>
        </Button>
      ) : null}
      {showsChallenge && action ? (
        <div className={styles.widget}>
          {/* A widget whose code cannot be fetched ends the check like one that cannot load: "Try the check again". */}
          <LoadBoundary fallback={() => null} onError={() => login.send({ type: 'CHALLENGE_ERROR', failure: 'unavailable' })}>
            <Suspense fallback={null}>
              <ChallengeWidget
                action={action}
                onLoad={() => login.send({ type: 'CHALLENGE_LOADED' })}
                onSuccess={(token) => login.send({ type: 'CHALLENGE_SOLVED', token })}
                onError={(reason) => login.send({ type: 'CHALLENGE_ERROR', failure: reason })}
                onExpire={() => login.send({ type: 'CHALLENGE_EXPIRED' })}
                onTimeout={() => login.send({ type: 'CHALLENGE_TIMEOUT' })}
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
