import { useEffect, type ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { Button } from '../../ui/Button';
import { EarlyRenewalModal } from '../billing/EarlyRenewalModal';
import styles from './Dashboard.module.css';

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
 * login modal, never data; once signed in, the page appears without a reload.
 */
export function DashboardLayout({ title, children, offerRenewal = true }: { title: ReactNode; children: ReactNode; offerRenewal?: boolean }) {
  const { t } = useLingui();
  const modal = useGlobalActor('loginModal');
  const anonymous = useGlobalSelector('user', userSelectors.isAnonymous);
  const user = useGlobalSelector('user', userSelectors.user);
  const hasUser = user !== null;

  useEffect(() => {
    if (anonymous) modal.send({ type: 'OPEN', view: 'signIn' });
  }, [anonymous, modal]);

  return (
    <div className={styles.layout}>
      <nav className={styles.sideNav} aria-label={t`Dashboard`}>
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
        {user && offerRenewal ? <EarlyRenewalModal user={user} /> : null}
        {hasUser ? (
          children
        ) : anonymous ? (
          <div className={styles.empty}>
            <p>
              <Trans>Sign in to see your dashboard.</Trans>
            </p>
            <Button variant="primary" onClick={() => modal.send({ type: 'OPEN', view: 'signIn' })}>
              <Trans>Sign in</Trans>
            </Button>
          </div>
        ) : null}
      </section>
    </div>
  );
}
