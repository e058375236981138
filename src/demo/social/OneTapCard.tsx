import { useEffect, useId, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DemoIdentity } from '../socialCredential';
import { GoogleLogo } from './logos';
import { AccountIdentity } from './AccountIdentity';
import styles from './OneTapCard.module.css';

interface OneTapCardProps {
  accounts: DemoIdentity[];
  onChoose(account: DemoIdentity): void;
  onClose(): void;
}

/** Demo mode's Google One Tap: a non-modal card in the top-right corner, like Google's own. */
export function OneTapCard({ accounts, onChoose, onClose }: OneTapCardProps) {
  const { t } = useLingui();
  const idPrefix = useId();
  const card = useRef<HTMLDivElement>(null);

  // Non-modal: it must not take focus from the page, but Escape inside it closes it as Google's does.
  useEffect(() => {
    const element = card.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div ref={card} role="dialog" aria-modal="false" aria-label={t`Sign in with Google`} className={styles.card}>
      <div className={styles.header}>
        <GoogleLogo />
        <p className={styles.title}>
          <Trans>Sign in to Nano Banana API with Google</Trans>
        </p>
        <button type="button" className={styles.close} aria-label={t`Close`} onClick={onClose}>
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
            <path d="M3.5 3.5l9 9m0-9l-9 9" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <ul className={styles.accounts}>
        {accounts.map((account, index) => {
          const emailId = `${idPrefix}-${index}`;
          const name = account.name;
          return (
            <li key={account.email} className={styles.row}>
              <AccountIdentity account={account} emailId={emailId} />
              <button type="button" className={styles.continue} aria-describedby={emailId} onClick={() => onChoose(account)}>
                <Trans>Continue as {name}</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
