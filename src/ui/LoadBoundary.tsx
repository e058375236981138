import { Component, type ErrorInfo, type ReactNode } from 'react';
import { forgetFailedImports } from './retryableLazy';

interface LoadBoundaryProps {
  children: ReactNode;
  /** What shows instead of the part that failed; `retry` renders the children again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  /** Told once per failure (to log it, or to move a flow to its failed state). */
  onError?: (error: Error) => void;
}

/**
 * Keeps a failure local: a part of the page that failed to load or render (a lazy chunk that did not arrive
 * offline or after a deploy) shows its fallback, and the rest of the page stays as it was. A retry renders the
 * part again, importing a failed chunk again (see retryableLazy).
 */
export class LoadBoundary extends Component<LoadBoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo) {
    console.error(error);
    forgetFailedImports();
    this.props.onError?.(error);
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
