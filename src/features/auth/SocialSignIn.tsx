import { Suspense, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { useGlobalActor } from '../../actors/AppActorContext';
import { useModeServices } from '../../services/ServicesContext';
import { Button } from '../../ui/Button';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import styles from './SocialSignIn.module.css';

/** The Microsoft button (its statechart and the MSAL error table) is not needed before the modal opens. */
export const loadMicrosoftButton = () => import('./MicrosoftButton');
const MicrosoftButton = retryableLazy(() => loadMicrosoftButton().then((module) => ({ default: module.MicrosoftButton })));

/**
 * The button as it shows before its code is in: disabled (as it starts anyway), so nothing moves when it
 * arrives; with a note when the code could not be fetched (offline, or a new version deployed meanwhile).
 */
function UnloadedMicrosoftButton({ problem }: { problem?: ReactNode }) {
  return (
    <div className={styles.provider}>
      <Button block size="lg" disabled>
        <Trans>Continue with Microsoft</Trans>
      </Button>
      {problem}
    </div>
  );
}

/**
 * Browsers keep a script that failed to load as failed for the rest of the page's life: offline, trying again
 * says the same; once back online, only a fresh page can fetch the button's code.
 */
function retryOrReload(retry: () => void) {
  if (navigator.onLine) window.location.reload();
  else retry();
}

function Divider() {
  return (
    <p className={styles.divider}>
      <span>
        <Trans>or with e-mail</Trans>
      </span>
    </p>
  );
}

/**
 * Where the Google and Microsoft buttons will be while they are not rendered yet: the dialog's first paint, and the
 * copy of the dialog that a prerendered page opens before the app has started. Disabled, the same size, so that the
 * e-mail form below stays where it is when they arrive.
 */
export function SocialSignInPlaceholder() {
  const { google, microsoft } = useModeServices();
  if (!google && !microsoft) return null;
  return (
    <div className={styles.social}>
      {google ? (
        <div className={styles.provider}>
          <Button block size="lg" className={styles.googlePlaceholder} disabled>
            <Trans>Continue with Google</Trans>
          </Button>
        </div>
      ) : null}
      {microsoft ? <UnloadedMicrosoftButton /> : null}
      <Divider />
    </div>
  );
}

/**
 * Google and Microsoft sign-in, above the e-mail form. Both end in the same global login flow. A build without a
 * provider's setting shows no button for it, and none at all without either.
 */
export function SocialSignIn() {
  const { google, microsoft } = useModeServices();
  const login = useGlobalActor('login');
  if (!google && !microsoft) return null;
  return (
    <div className={styles.social}>
      {google ? (
        <div className={styles.provider}>
          <google.Button
            onCredential={({ credential, nonce }) => login.send({ type: 'SUBMIT', request: { kind: 'google', credential, nonce } })}
            onError={(error) => {
              // A Google library failure: log it, then start over with a fresh page (docs/product.md, "Google
              // sign-in failure").
              console.error(error);
              window.location.reload();
            }}
          />
        </div>
      ) : null}
      {microsoft ? (
        <LoadBoundary
          fallback={(_error, retry) => (
            <UnloadedMicrosoftButton
              problem={
                <p className={styles.note} role="alert">
                  <Trans>Microsoft sign-in could not load. Check your connection.</Trans>{' '}
                  <button type="button" className={styles.retry} onClick={() => retryOrReload(retry)}>
                    <Trans>Try again</Trans>
                  </button>
                </p>
              }
            />
          )}
        >
          <Suspense fallback={<UnloadedMicrosoftButton />}>
            <MicrosoftButton microsoft={microsoft} />
          </Suspense>
        </LoadBoundary>
      ) : null}
      <Divider />
    </div>
  );
}
