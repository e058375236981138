import { useEffect } from 'react';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';

/**
 * For pages whose data needs an account: once the visitor is known to be anonymous, the login modal opens
 * (the page shell stays visible behind it). Returns whether the visitor is anonymous and a way to ask again.
 */
export function useSignInWhenAnonymous(): { anonymous: boolean; openSignIn: () => void } {
  const modal = useGlobalActor('loginModal');
  const anonymous = useGlobalSelector('user', userSelectors.isAnonymous);
  useEffect(() => {
    if (anonymous) modal.send({ type: 'OPEN', view: 'signIn' });
  }, [anonymous, modal]);
  return { anonymous, openSignIn: () => modal.send({ type: 'OPEN', view: 'signIn' }) };
}
