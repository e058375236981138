import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../actors/AppActorContext';
import { userSelectors } from '../actors/user';
import { Button } from '../ui/Button';
import styles from './Header.module.css';

/**
 * The signed-in user's menu: credits, e-mail, sign out. It is a native popover, so opening, closing on
 * Escape and on an outside click are the browser's, not a flag of ours.
 */
export function AccountMenu() {
  const { t } = useLingui();
  const user = useGlobalActor('user');
  const profile = useGlobalSelector('user', userSelectors.user);
  const loggingOut = useGlobalSelector('user', userSelectors.isLoggingOut);
  if (!profile) return null;
  return (
    <div className={styles.account}>
      <span className={styles.credits} title={t`Credit balance`}>
        {profile.credits === null ? t`Balance unknown` : <Plural value={profile.credits} one="# credit" other="# credits" />}
      </span>
      <button type="button" className={styles.avatar} popoverTarget="account-menu" aria-label={t`Account menu for ${profile.email}`}>
        {profile.email.slice(0, 1).toUpperCase()}
      </button>
      <div id="account-menu" popover="auto" className={styles.menu}>
        <p className={styles.menuEmail}>{profile.email}</p>
        <p className={styles.menuCredits}>
          {profile.credits === null ? t`Balance unknown` : <Plural value={profile.credits} one="Balance: # credit" other="Balance: # credits" />}
        </p>
        <Button block variant="secondary" busy={loggingOut} onClick={() => user.send({ type: 'LOGOUT' })}>
          <Trans>Sign out</Trans>
        </Button>
      </div>
    </div>
  );
}
