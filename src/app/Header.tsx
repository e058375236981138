import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../actors/AppActorContext';
import { userSelectors } from '../actors/user';
import { Button } from '../ui/Button';
import { AccountMenu } from './AccountMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeSwitcher } from './ThemeSwitcher';
import { Logo } from './Logo';
import { ProgressBar } from './ProgressBar';
import styles from './Header.module.css';

/** A page link that says when it is the current page (or, `nested`, a page under it; or one of `also`). */
function NavLink({ href, nested = false, also = [], children }: { href: string; nested?: boolean; also?: readonly string[]; children: ReactNode }) {
  const [location] = useLocation();
  const current = location === href || (nested && location.startsWith(`${href}/`)) || also.includes(location);
  return (
    <Link href={href} className={styles.navLink} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
}

const QUICK_START = ['/get-started'] as const;

export function Header() {
  const { t } = useLingui();
  const modal = useGlobalActor('loginModal');
  const signedIn = useGlobalSelector('user', userSelectors.isSignedIn);
  const hasUser = useGlobalSelector('user', (s) => userSelectors.user(s) !== null);
  const resolving = useGlobalSelector('user', userSelectors.isResolving);
  return (
    <header className={styles.header}>
      {/* Inside the banner landmark, so no content sits outside landmarks (it is fixed to the top either way). */}
      <ProgressBar />
      <div className={styles.inner}>
        <Link href="/" className={styles.brand} aria-label={t`Nano Banana API home`}>
          <Logo />
          <span>Nano Banana API</span>
        </Link>
        <nav className={styles.nav} aria-label={t`Main`}>
          <NavLink href="/playground/flux">
            <Trans>Playground</Trans>
          </NavLink>
          <NavLink href="/recent-history">
            <Trans>History</Trans>
          </NavLink>
          <NavLink href="/dashboard" nested>
            <Trans>Dashboard</Trans>
          </NavLink>
          {/* The API reference; the quick start is a part of the docs too, linked from the reference's top. */}
          <NavLink href="/docs" also={QUICK_START}>
            <Trans>Docs</Trans>
          </NavLink>
          <NavLink href="/join-discord">
            <Trans>Community</Trans>
          </NavLink>
        </nav>
        <div className={styles.tools} data-account-tools>
          <LanguageSwitcher />
          <ThemeSwitcher />
          {signedIn || hasUser ? (
            <AccountMenu />
          ) : resolving ? (
            <span className={styles.placeholder} aria-hidden="true" />
          ) : (
            <>
              <Button variant="ghost" onClick={() => modal.send({ type: 'OPEN', view: 'signIn' })}>
                <Trans>Sign in</Trans>
              </Button>
              <Button variant="primary" className={styles.hideOnPhone} onClick={() => modal.send({ type: 'OPEN', view: 'signUp' })}>
                <Trans>Get API key</Trans>
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
