import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/** How to start over each lazy component whose import failed since the last call of forgetFailedImports. */
const failedImports = new Set<() => void>();

/**
 * React.lazy, except that a failed import can be tried again: React.lazy keeps the rejection for good, so a
 * chunk that failed once (offline) would fail until a reload. The failure still reaches the error boundary;
 * once a boundary has caught it, forgetFailedImports() makes the next render import again.
 */
export function retryableLazy<P extends object>(load: () => Promise<Module<P>>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const startOver = () => {
    current = lazy(attempt);
  };
  const attempt = (): Promise<Module<P>> =>
    load().catch((error: unknown) => {
      failedImports.add(startOver);
      throw error;
    });
  startOver();
  function RetryableLazy(props: P) {
    return createElement(current, props);
  }
  return RetryableLazy;
}

/**
 * Called by error boundaries after they caught a failure (never during render, where React may still be
 * about to read the rejection): the failed imports are fetched again the next time they render.
 */
export function forgetFailedImports(): void {
  for (const startOver of failedImports) startOver();
  failedImports.clear();
}
