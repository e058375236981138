import { Link } from 'wouter';
import { Trans } from '@lingui/react/macro';
import styles from './Pages.module.css';

export default function NotFoundPage() {
  return (
    <section className={styles.centered}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1>
        <Trans>Page not found</Trans>
      </h1>
      <p className={styles.muted}>
        <Trans>The address may be mistyped, or the page has moved.</Trans>
      </p>
      <Link href="/">
        <Trans>Go to the home page</Trans>
      </Link>
    </section>
  );
}
