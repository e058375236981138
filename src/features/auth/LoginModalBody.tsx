import { useGlobalSelector } from '../../actors/AppActorContext';
import { SignInForm } from './SignInForm';
import { CodeProtectedForm } from './CodeProtectedForm';
import { VerifyStep } from './VerifyStep';
import { SocialSignIn } from './SocialSignIn';

/**
 * What the login modal holds: the providers, the form of the chosen view, and the bot check. Its own chunk,
 * fetched right after boot: no first page needs it before a click. The forms stay mounted while the bot check
 * shows, so what the user typed is still there if the retry fails.
 */
export default function LoginModalBody() {
  const isVerify = useGlobalSelector('loginModal', (s) => s.hasTag('verify'));
  const view = useGlobalSelector('loginModal', (s) => s.context.view);
  const email = useGlobalSelector('loginModal', (s) => s.context.email);
  return (
    <>
      <div hidden={isVerify}>
        {view !== 'resetPassword' ? <SocialSignIn /> : null}
        {view === 'signIn' ? (
          <SignInForm key="signIn" initialEmail={email} />
        ) : (
          <CodeProtectedForm key={view} purpose={view === 'signUp' ? 'register' : 'resetPassword'} initialEmail={email} />
        )}
      </div>
      {isVerify ? <VerifyStep /> : null}
    </>
  );
}
