import { Suspense, useDeferredValue, useMemo, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { retryableLazy } from '../../ui/retryableLazy';
import { Spinner } from '../../ui/Spinner';
import { SignInForm } from './SignInForm';
import { SocialSignIn, SocialSignInPlaceholder } from './SocialSignIn';

// Signing in is what the modal opens on; creating an account, resetting a password and the bot check are
// chunks of their own, fetched when the browser is idle (preloadLoginForms) or when first shown.
const CodeProtectedForm = retryableLazy(() => import('./CodeProtectedForm').then((module) => ({ default: module.CodeProtectedForm })));
const VerifyStep = retryableLazy(() => import('./VerifyStep').then((module) => ({ default: module.VerifyStep })));

/** Fetches the modal's other forms ahead of time, so they show at once when asked for. */
export function preloadLoginForms(): void {
  CodeProtectedForm.preload();
  VerifyStep.preload();
}

/** A part of the modal that loads on demand: a spinner meanwhile, and a way to try again if it cannot. */
function OnDemand({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary
      fallback={(_error, retry) => (
        <div role="alert">
          <p>
            <Trans>This form could not be loaded. Check your connection, then try again.</Trans>
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
        {children}
      </Suspense>
    </LoadBoundary>
  );
}

/**
 * The global login modal (closed, open.initial, open.verify). The forms stay mounted while the bot check
 * shows, so what the user typed is still there if the retry fails.
 */
export function LoginModal() {
  const { t } = useLingui();
  const modal = useGlobalActor('loginModal');
  const isOpen = useGlobalSelector('loginModal', (s) => s.hasTag('open'));
  const isVerify = useGlobalSelector('loginModal', (s) => s.hasTag('verify'));
  // Closed, the modal holds the sign-in form ready (the header's "Sign in" opens it), so that a tap only shows it.
  const view = useGlobalSelector('loginModal', (s) => (s.hasTag('open') ? s.context.view : 'signIn'));
  const email = useGlobalSelector('loginModal', (s) => s.context.email);
  // The dialog opens on its shell (heading, e-mail form, close button, and where the Google and Microsoft buttons
  // go), painted at the tap; the buttons themselves, the costlier part, are rendered in the background right after.
  const socialShown = useDeferredValue(isOpen, false);

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

  // The same elements closed and open: opening the modal reveals what was rendered while closed, with no render.
  const content = useMemo(
    () => (
      <>
        <div hidden={isVerify}>
          {view === 'resetPassword' ? null : socialShown ? <SocialSignIn /> : <SocialSignInPlaceholder />}
          {view === 'signIn' ? (
            <SignInForm key="signIn" initialEmail={email} />
          ) : (
            <OnDemand>
              <CodeProtectedForm key={view} purpose={view === 'signUp' ? 'register' : 'resetPassword'} initialEmail={email} />
            </OnDemand>
          )}
        </div>
        {isVerify ? (
          <OnDemand>
            <VerifyStep />
          </OnDemand>
        ) : null}
      </>
    ),
    [isVerify, view, email, socialShown],
  );

  return (
    <Dialog open={isOpen} onDismiss={() => modal.send({ type: 'CLOSE' })} title={title} description={description} readyWhileClosed>
      {content}
    </Dialog>
  );
}
