import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button } from '../Button';
import styles from './SignInPrompt.module.css';

/** Where a page's data would be, for an anonymous visitor: why to sign in, and the button to do it. */
export function SignInPrompt({ children, onSignIn }: { children: ReactNode; onSignIn: () => void }) {
  return (
    <div className={styles.prompt}>
      <p>{children}</p>
      <Button variant="primary" onClick={onSignIn}>
        <Trans>Sign in</Trans>
      </Button>
    </div>
  );
}
