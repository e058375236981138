import { useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { Dialog } from '../../ui/Dialog';
import { SignInForm } from './SignInForm';
import { CodeProtectedForm } from './CodeProtectedForm';
import { VerifyStep } from './VerifyStep';
import { SocialSignIn } from './SocialSignIn';

/**
 * The global login modal (closed, open.initial, open.verify). The forms stay mounted while the bot check
 * shows, so what the user typed is still there if the retry fails.
 */
export function LoginModal() {
  const { t } = useLingui();
  const modal = useGlobalActor('loginModal');
  const isOpen = useGlobalSelector('loginModal', (s) => s.hasTag('open'));
  const isVerify = useGlobalSelector('loginModal', (s) => s.hasTag('verify'));
  const view = useGlobalSelector('loginModal', (s) => s.context.view);
  const email = useGlobalSelector('loginModal', (s) => s.context.email);

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
      <div hidden={isVerify}>
        {view !== 'resetPassword' ? <SocialSignIn /> : null}
        {view === 'signIn' ? (
          <SignInForm key="signIn" initialEmail={email} />
        ) : (
          <CodeProtectedForm key={view} purpose={view === 'signUp' ? 'register' : 'resetPassword'} initialEmail={email} />
        )}
      </div>
      {isVerify ? <VerifyStep /> : null}
    </Dialog>
  );
}
