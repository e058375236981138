import { useEffect } from 'react';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { useHydrated } from '../useHydrated';

/**
 * For pages whose data needs an account: once the visitor is known to be anonymous, the login modal opens
 * (the page shell stays visible behind it). Returns whether the visitor is anonymous and a way to ask again.
 */
export function useSignInWhenAnonymous(): { anonymous: boolean; openSignIn: () => void } {
  const modal = useGlobalActor('loginModal');
  const anonymous = useGlobalSelector('user', userSelectors.isAnonymous);
  // While a prerendered page hydrates, `anonymous` is the prerendered visitor's (always anonymous), and the
  // effects of that render see it: the modal waits for the visitor this browser really has.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && anonymous) modal.send({ type: 'OPEN', view: 'signIn' });
  }, [hydrated, anonymous, modal]);
  return { anonymous, openSignIn: () => modal.send({ type: 'OPEN', view: 'signIn' }) };
}
