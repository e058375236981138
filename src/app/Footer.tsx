import { Link } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { LEGAL_PAGE_PATHS } from '../domain/legalPages';
import { SITE_NAME } from './seo/site';
import styles from './Footer.module.css';

/** The foot of every page: the product's pages a developer looks for, and the legal pages. */
export function Footer() {
  const { t } = useLingui();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <p className={styles.brand}>
          <span>© {SITE_NAME}</span> <span className={styles.tagline}>{t`Image generation API for developers`}</span>
        </p>
        <nav className={styles.group} aria-label={t`Product`}>
          <ul className={styles.links}>
            <li>
              <Link href="/docs">
                <Trans>API reference</Trans>
              </Link>
            </li>
            <li>
              <Link href="/get-started">
                <Trans>Quick start</Trans>
              </Link>
            </li>
            <li>
              <Link href="/playground/flux">
                <Trans>Playground</Trans>
              </Link>
            </li>
            <li>
              <Link href="/join-discord">
                <Trans>Community</Trans>
              </Link>
            </li>
          </ul>
        </nav>
        <nav className={styles.group} aria-label={t`Legal`}>
          <ul className={styles.links}>
            <li>
              <Link href={LEGAL_PAGE_PATHS.terms}>
                <Trans>Terms</Trans>
              </Link>
            </li>
            <li>
              <Link href={LEGAL_PAGE_PATHS.privacy}>
                <Trans>Privacy</Trans>
              </Link>
            </li>
            <li>
              <Link href={LEGAL_PAGE_PATHS.refunds}>
                <Trans>Refunds</Trans>
              </Link>
            </li>
            <li>
              <Link href={LEGAL_PAGE_PATHS.contact}>
                <Trans>Contact</Trans>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
