import { lazy, Suspense } from 'react';
import { Trans } from '@lingui/react/macro';
import { useGlobalActor } from '../../actors/AppActorContext';
import { useModeServices } from '../../app/ServicesContext';
import { Button } from '../../ui/Button';
import styles from './SocialSignIn.module.css';

/** The Microsoft button (its statechart and the MSAL error table) is not needed before the modal opens. */
export const loadMicrosoftButton = () => import('./MicrosoftButton');
const MicrosoftButton = lazy(() => loadMicrosoftButton().then((module) => ({ default: module.MicrosoftButton })));

/** What the button shows while it starts anyway (initializing: disabled), so nothing moves when it arrives. */
function StartingMicrosoftButton() {
  return (
    <div className={styles.provider}>
      <Button block size="lg" disabled>
        <Trans>Continue with Microsoft</Trans>
      </Button>
    </div>
  );
}

/** Google and Microsoft sign-in, above the e-mail form. Both end in the same global login flow. */
export function SocialSignIn() {
  const { google } = useModeServices();
  const login = useGlobalActor('login');
  return (
    <div className={styles.social}>
      <div className={styles.provider}>
        <google.Button
          onCredential={(credential) => login.send({ type: 'SUBMIT', request: { kind: 'google', credential } })}
          onError={(error) => {
            // The seed's rule for a Google library failure: log it, then start over with a fresh page.
            console.error(error);
            window.location.reload();
          }}
        />
      </div>
      <Suspense fallback={<StartingMicrosoftButton />}>
        <MicrosoftButton />
      </Suspense>
      <p className={styles.divider}>
        <span>
          <Trans>or with e-mail</Trans>
        </span>
      </p>
    </div>
  );
}
