import { Suspense, useEffect } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import { Spinner } from '../../ui/Spinner';

const loadBody = () => import('./LoginModalBody');
const LoginModalBody = retryableLazy(loadBody);

/**
 * The global login modal (closed, open.initial, open.verify). Its forms are a chunk of their own, off the first
 * load, fetched as soon as the app has rendered: they are there when the modal opens, offline too.
 */
export function LoginModal() {
  const { t } = useLingui();
  const modal = useGlobalActor('loginModal');
  const isOpen = useGlobalSelector('loginModal', (s) => s.hasTag('open'));
  const isVerify = useGlobalSelector('loginModal', (s) => s.hasTag('verify'));
  const view = useGlobalSelector('loginModal', (s) => s.context.view);
  // A failed fetch here is not an error yet: opening the modal tries again, and says so if it still fails.
  useEffect(() => void loadBody().catch(() => undefined), []);

  const title = isVerify
    ? t`Confirm you are human`
    : view === 'signUp'
      ? t`Create your account`
      : view === 'resetPassword'
        ? t`Reset your password`
        : t`Sign in`;
  const description = isVerify
    ? t`A quick check keeps bots away from free credits.`
    : view === 'signUp'
      ? t`Get an API key and free credits to try the models.`
      : view === 'resetPassword'
        ? t`We will e-mail you a code to set a new password.`
        : t`Welcome back. Sign in to your API dashboard.`;

  return (
    <Dialog open={isOpen} onDismiss={() => modal.send({ type: 'CLOSE' })} title={title} description={description}>
      <LoadBoundary
        fallback={(_error, retry) => (
          <div role="alert">
            <p>
              <Trans>The sign-in form could not be loaded. Check your connection, then try again.</Trans>
            </p>
            <Button onClick={retry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        )}
      >
        <Suspense
          fallback={
            <p role="status">
              <Spinner /> <Trans>Loading…</Trans>
            </p>
          }
        >
          <LoginModalBody />
        </Suspense>
      </LoadBoundary>
    </Dialog>
  );
}
