import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { useGlobalActor, useGlobalSelector } from '../actors/AppActorContext';
import { userSelectors } from '../actors/user';
import { Button } from '../ui/Button';
import styles from './Header.module.css';

/**
 * The signed-in user's balance, wherever the header shows it: a link to billing, where credits are bought.
 * `long` says "Balance: …" where the figure stands alone (the menus); the bar's pill says only the credits.
 */
export function BalanceLink({ className, long = false, onClick }: { className: string | undefined; long?: boolean; onClick?: () => void }) {
  const { t } = useLingui();
  const credits = useGlobalSelector('user', (s) => userSelectors.user(s)?.credits ?? null);
  return (
    // Only the bar's pill carries the title: the menus' links say "Balance" in their text.
    <Link href="/dashboard/billing" className={className} title={long ? undefined : t`Credit balance`} onClick={onClick}>
      {credits === null ? (
        t`Balance unknown`
      ) : long ? (
        <Plural value={credits} one="Balance: # credit" other="Balance: # credits" />
      ) : (
        <Plural value={credits} one="# credit" other="# credits" />
      )}
    </Link>
  );
}

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
      <BalanceLink className={styles.credits} />
      <button type="button" className={styles.avatar} popoverTarget="account-menu" aria-label={t`Account menu for ${profile.email}`}>
        {profile.email.slice(0, 1).toUpperCase()}
      </button>
      <div id="account-menu" popover="auto" className={styles.menu}>
        <p className={styles.menuEmail}>{profile.email}</p>
        <p className={styles.menuCredits}>
          {/* A link followed from the popover leaves it behind: the billing page shows without it. */}
          <BalanceLink className={styles.menuCreditsLink} long onClick={() => document.getElementById('account-menu')?.hidePopover()} />
        </p>
        <Button block variant="secondary" busy={loggingOut} onClick={() => user.send({ type: 'LOGOUT' })}>
          <Trans>Sign out</Trans>
        </Button>
      </div>
    </div>
  );
}
