import { useEffect } from 'react';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { useHydrated } from '../useHydrated';

const OPEN_SIGN_IN = { type: 'OPEN', view: 'signIn' } as const;

/** For a page that asks an anonymous visitor to sign in with a button of its own: who the visitor is, and the ask. */
export function useSignInPrompt(): { anonymous: boolean; openSignIn: () => void } {
  const modal = useGlobalActor('loginModal');
  const anonymous = useGlobalSelector('user', userSelectors.isAnonymous);
  return { anonymous, openSignIn: () => modal.send(OPEN_SIGN_IN) };
}

/**
 * For pages whose data needs an account: once the visitor is known to be anonymous, the login modal opens
 * (the page shell stays visible behind it). Returns whether the visitor is anonymous and a way to ask again.
 */
export function useSignInWhenAnonymous(): { anonymous: boolean; openSignIn: () => void } {
  const modal = useGlobalActor('loginModal');
  const prompt = useSignInPrompt();
  // While a prerendered page hydrates, `anonymous` is the prerendered visitor's (always anonymous), and the
  // effects of that render see it: the modal waits for the visitor this browser really has.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && prompt.anonymous) modal.send(OPEN_SIGN_IN);
  }, [hydrated, prompt.anonymous, modal]);
  return prompt;
}
