import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Link, useLocation } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../actors/AppActorContext';
import { disclosureLogic } from '../actors/disclosure';
import { useLocalActor } from '../actors/useLocalActor';
import { userSelectors } from '../actors/user';
import { Button } from '../ui/Button';
import { LineIcon } from '../ui/LineIcon';
import { AccountMenu, BalanceLink } from './AccountMenu';
import { LanguageSwitcher } from './LanguageSwitcher';
import { ThemeSwitcher } from './ThemeSwitcher';
import { Logo } from './Logo';
import { ProgressBar } from './ProgressBar';
import styles from './Header.module.css';

/** A page link that says when it is the current page (or, `nested`, a page under it; or one of `also`). */
function NavLink({
  href,
  nested = false,
  also = [],
  onFollow,
  children,
}: {
  href: string;
  nested?: boolean;
  also?: readonly string[];
  /** Called when the link is followed, even to the page already shown (whose path then does not change). */
  onFollow: () => void;
  children: ReactNode;
}) {
  const [location] = useLocation();
  const current = location === href || (nested && location.startsWith(`${href}/`)) || also.includes(location);
  return (
    <Link href={href} className={styles.navLink} aria-current={current ? 'page' : undefined} onClick={onFollow}>
      {children}
    </Link>
  );
}

const QUICK_START = ['/get-started'] as const;
const SITE_MENU_ID = 'site-menu';

/**
 * The site's header. On a wide screen everything sits in one row; below 1100 px the page links, language, theme
 * and balance move into a menu its button opens under the bar (a disclosure, not a modal: the page stays usable),
 * so the bar keeps one row in every language.
 */
export function Header() {
  const { t } = useLingui();
  const modal = useGlobalActor('loginModal');
  const signedIn = useGlobalSelector('user', userSelectors.isSignedIn);
  const hasUser = useGlobalSelector('user', (s) => userSelectors.user(s) !== null);
  const resolving = useGlobalSelector('user', userSelectors.isResolving);
  const menu = useLocalActor(disclosureLogic);
  const menuOpen = useSelector(menu, (s) => s.hasTag('open'));
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const [location] = useLocation();

  const closeMenu = () => menu.send({ type: 'CLOSE' });
  // A link followed from the menu has done its job: the new page shows without the menu over it. The links close
  // it themselves too, for a link to the page already shown (/dashboard from /dashboard?welcome). Only a change of
  // page closes it: a tap on the menu button made while the app was starting is replayed before this first runs.
  const shownLocation = useRef(location);
  useEffect(() => {
    if (shownLocation.current === location) return;
    shownLocation.current = location;
    menu.send({ type: 'CLOSE' });
  }, [location, menu]);

  // A press anywhere outside the header puts the open menu away, as a click outside a disclosure menu does.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !header.current?.contains(event.target)) menu.send({ type: 'CLOSE' });
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen, menu]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !menuOpen) return;
    event.stopPropagation();
    menu.send({ type: 'CLOSE' });
    menuButton.current?.focus();
  };

  return (
    <header ref={header} className={styles.header} onKeyDown={closeOnEscape}>
      {/* Inside the banner landmark, so no content sits outside landmarks (it is fixed to the top either way). */}
      <ProgressBar />
      <div className={styles.inner}>
        <Link href="/" className={styles.brand} aria-label={t`Nano Banana API home`}>
          <Logo />
          <span>Nano Banana API</span>
        </Link>
        <div id={SITE_MENU_ID} className={styles.siteMenu} data-open={menuOpen || undefined}>
          <nav className={styles.nav} aria-label={t`Main`}>
            <NavLink onFollow={closeMenu} href="/playground/flux">
              <Trans>Playground</Trans>
            </NavLink>
            <NavLink onFollow={closeMenu} href="/recent-history">
              <Trans>History</Trans>
            </NavLink>
            <NavLink onFollow={closeMenu} href="/dashboard" nested>
              <Trans>Dashboard</Trans>
            </NavLink>
            {/* The API reference; the quick start is a part of the docs too, linked from the reference's top. */}
            <NavLink onFollow={closeMenu} href="/docs" also={QUICK_START}>
              <Trans>Docs</Trans>
            </NavLink>
            <NavLink onFollow={closeMenu} href="/join-discord">
              <Trans>Community</Trans>
            </NavLink>
          </nav>
          {/* Marked as account tools: with a stored session they wait hidden with them, so the account's
              arrival beside them is no visible shift. */}
          <div className={styles.preferences} data-account-tools>
            <LanguageSwitcher />
            <ThemeSwitcher />
            {/* The bar has no room for the balance on a phone: the menu shows it. */}
            {hasUser ? <BalanceLink className={styles.menuBalance} long /> : null}
          </div>
        </div>
        <div className={styles.tools} data-account-tools>
          {signedIn || hasUser ? (
            <AccountMenu />
          ) : resolving ? (
            <span className={styles.placeholder} aria-hidden="true" />
          ) : (
            <>
              <Button variant="ghost" data-opens-dialog="signIn" onClick={() => modal.send({ type: 'OPEN', view: 'signIn' })}>
                <Trans>Sign in</Trans>
              </Button>
              <Button
                variant="primary"
                className={styles.hideOnPhone}
                data-opens-dialog="signUp"
                onClick={() => modal.send({ type: 'OPEN', view: 'signUp' })}
              >
                <Trans>Get API key</Trans>
              </Button>
            </>
          )}
        </div>
        <button
          ref={menuButton}
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls={SITE_MENU_ID}
          aria-label={t`Menu`}
          onClick={() => menu.send({ type: 'TOGGLE' })}
        >
          <LineIcon size={20}>
            <path d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </LineIcon>
        </button>
      </div>
    </header>
  );
}
