import { Trans } from '@lingui/react/macro';
import { useGlobalActor } from '../../actors/AppActorContext';
import { useModeServices } from '../../app/ServicesContext';
import { MicrosoftButton } from './MicrosoftButton';
import styles from './SocialSignIn.module.css';

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
      <MicrosoftButton />
      <p className={styles.divider}>
        <span>
          <Trans>or with e-mail</Trans>
        </span>
      </p>
    </div>
  );
}
