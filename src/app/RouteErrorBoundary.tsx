import { Component, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import type { PageProgressActor } from '../actors/app';
import { Button } from '../ui/Button';
import { forgetFailedImports } from '../ui/retryableLazy';
import styles from './Pages.module.css';

interface Props {
  progress: PageProgressActor;
  /** The page's path: following a link to another page tries that page instead of keeping the error. */
  path: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  /** The path the error happened on. */
  failedPath: string | null;
}

/**
 * Catches a route that failed to load or render (a chunk that did not arrive after a deploy, a bug),
 * reports it to the page-progress flow, and offers a reload instead of a blank page.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, failedPath: null };
  /**
   * A page failed in this document. Browsers keep a script that failed to load as failed for the life of the
   * document, and with it every page that shares it: the next page opened once back online loads afresh.
   */
  private failedBefore = false;

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.error === null) return null;
    if (state.failedPath === null) return { failedPath: props.path };
    return state.failedPath === props.path ? null : { error: null, failedPath: null };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
    // The page's chunk is fetched again when the page is opened again.
    forgetFailedImports();
    this.failedBefore = true;
    this.props.progress.send({ type: 'FAIL' });
  }

  override componentDidUpdate(previous: Props) {
    // The address already names the next page: a reload opens it with fresh scripts.
    if (this.failedBefore && previous.path !== this.props.path && navigator.onLine) window.location.reload();
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
