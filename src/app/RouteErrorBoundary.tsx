import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { PageProgressActor } from '../actors/app';
import { Button } from '../ui/Button';
import styles from './Pages.module.css';

interface Props {
  progress: PageProgressActor;
  children: ReactNode;
}

/**
 * Catches a route that failed to load or render (a chunk that did not arrive after a deploy, a bug),
 * reports it to the page-progress flow, and offers a reload instead of a blank page.
 */
export class RouteErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
    this.props.progress.send({ type: 'FAIL' });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className={styles.centered} role="alert">
        <h1>
          <Trans>This page could not be loaded</Trans>
        </h1>
        <p className={styles.muted}>
          <Trans>Check your connection and reload. If it keeps happening, contact support.</Trans>
        </p>
        <Button variant="primary" onClick={() => window.location.reload()}>
          <Trans>Reload the page</Trans>
        </Button>
      </section>
    );
  }
}
