import { useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import type { GoogleButtonProps } from '../../services/socialSignIn';
import { demoNonce, encodeDemoCredential, type DemoIdentity } from '../socialCredential';
import type { KeyValueStorage } from '../storage';
import { loadAccounts, rememberAccount } from './accounts';
import { AccountPicker } from './AccountPicker';
import { GoogleLogo } from './logos';
import styles from './GoogleButton.module.css';

const GOOGLE_LIBRARY_ERROR_MESSAGE = 'Demo: Google sign-in library error';

/**
 * Demo mode's "Continue with Google": opens a demo account chooser where the real button opens Google's
 * popup. Closing the chooser calls nothing, as closing Google's popup does not either.
 */
export function DemoGoogleButton({ onCredential, onError, storage }: GoogleButtonProps & { storage: () => KeyValueStorage }) {
  const { t } = useLingui();
  const [accounts, setAccounts] = useState<DemoIdentity[] | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const close = () => {
    setAccounts(null);
    button.current?.focus();
  };

  const choose = (account: DemoIdentity, isNew: boolean) => {
    if (isNew) rememberAccount('google', account, storage());
    close();
    onCredential({ credential: encodeDemoCredential('google', account), nonce: demoNonce() });
  };

  // The live button reports every failure through one onError, with no detail: so does the demo.
  const fail = (reason: string) => {
    close();
    onError(new Error(`${GOOGLE_LIBRARY_ERROR_MESSAGE}: ${reason}`));
  };

  return (
    <>
      <button ref={button} type="button" className={styles.button} onClick={() => setAccounts(loadAccounts('google', storage()))}>
        <GoogleLogo />
        <span>
          <Trans>Continue with Google</Trans>
        </span>
      </button>
      {accounts
        ? // In <body>, not inside the login form: the chooser's own form must not nest in it.
          createPortal(
            <AccountPicker
              logo={<GoogleLogo size={24} />}
              title={<Trans>Choose an account</Trans>}
              subtitle={<Trans>to continue to Nano Banana API</Trans>}
              accounts={accounts}
              onChoose={choose}
              onCancel={close}
              simulations={[
                { label: t`A sign-in library error`, run: () => fail('library error') },
                { label: t`Popup blocked`, run: () => fail('popup blocked') },
                { label: t`Interaction in progress`, run: () => fail('interaction in progress') },
                { label: t`No ID token`, run: () => fail('no credential') },
              ]}
            />,
            document.body,
          )
        : null}
    </>
  );
}
