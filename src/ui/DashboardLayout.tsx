import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useRoute } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalSelector } from '../actors/AppActorContext';
import { userSelectors } from '../actors/user';
import { SignInPrompt } from './signIn/SignInPrompt';
import { useSignInWhenAnonymous } from './signIn/useSignInWhenAnonymous';
import styles from './DashboardLayout.module.css';

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const [active] = useRoute(href);
  return (
    <Link href={href} className={styles.navLink} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/**
 * The signed-in user's area: side navigation and the page. An anonymous visitor sees the frame and the
 * login modal, never data; once signed in, the page appears without a reload. When the session expires
 * mid-work, the page stays, inert, behind the sign-in: signing back in carries on with what was typed, and
 * another account gets the page afresh (it is keyed by account). Only a page already shown to that account is
 * kept: one opened while the session is expired (a side-navigation link) asks to sign in, and loads nothing.
 */
export function DashboardLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useLingui();
  const { anonymous, openSignIn } = useSignInWhenAnonymous();
  const user = useGlobalSelector('user', userSelectors.user);
  const account = useGlobalSelector('user', userSelectors.accountInView);
  // Whose page this one has shown: the account kept behind the sign-in must be one it was shown to.
  const [shownTo, setShownTo] = useState<string | null>(user?.id ?? null);
  if (user && user.id !== shownTo) setShownTo(user.id);
  const keptAccount = user ?? (account && account.id === shownTo ? account : null);
  const tabs = useRef<HTMLElement>(null);
  const [location] = useLocation();

  // On a phone the navigation is a strip that scrolls sideways: the current page's tab is brought into sight
  // (centred when it can be), moving the strip only, never the page.
  useEffect(() => {
    const strip = tabs.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = current.offsetLeft - strip.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
  }, [location]);

  return (
    <div className={styles.layout}>
      <nav ref={tabs} className={styles.sideNav} aria-label={t`Dashboard`}>
        <NavLink href="/dashboard">
          <Trans>Overview</Trans>
        </NavLink>
        <NavLink href="/dashboard/api-keys">
          <Trans>API keys</Trans>
        </NavLink>
        <NavLink href="/dashboard/billing">
          <Trans>Billing</Trans>
        </NavLink>
        <NavLink href="/dashboard/settings">
          <Trans>Settings</Trans>
        </NavLink>
      </nav>
      <section className={styles.content} aria-labelledby="dashboard-title">
        <h1 id="dashboard-title" className={styles.title}>
          {title}
        </h1>
        {keptAccount ? (
          <div key={keptAccount.id} inert={user === null}>
            {children}
          </div>
        ) : anonymous ? (
          <SignInPrompt onSignIn={openSignIn}>
            <Trans>Sign in to see your dashboard.</Trans>
          </SignInPrompt>
        ) : null}
      </section>
    </div>
  );
}
