import { Component, type ReactNode } from 'react';
import { forgetFailedImports } from '../ui/retryableLazy';

/**
 * A lazily loaded part of the shell (the early-renewal offer, the settlement watch) whose code could not be fetched
 * (offline) is not shown, and must not take the app down with it: its code is fetched again when the boundary is
 * mounted anew (a key that changes).
 */
export class HiddenIfUnavailable extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    forgetFailedImports();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
