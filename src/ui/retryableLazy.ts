import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Module<P> = { default: ComponentType<P> };

/** How to start over each lazy component whose import failed since the last call of forgetFailedImports. */
const failedImports = new Set<() => void>();

/** A lazy component that can also be fetched ahead of time. */
export type PreloadableComponent<P> = ComponentType<P> & {
  /** Fetches the code now (when the browser is idle, say); never rejects: a failure is tried again on render. */
  preload: () => void;
};

/**
 * React.lazy, except that a failed import can be tried again: React.lazy keeps the rejection for good, so a
 * chunk that failed once (offline) would fail until a reload. The failure still reaches the error boundary;
 * once a boundary has caught it, forgetFailedImports() makes the next render import again. Once the code has
 * arrived (by a render or by `preload`), it renders at once, without suspending.
 */
export function retryableLazy<P extends object>(load: () => Promise<Module<P>>): PreloadableComponent<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  let loaded: ComponentType<P> | null = null;
  const startOver = () => {
    current = lazy(attempt);
  };
  const attempt = (): Promise<Module<P>> =>
    load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        failedImports.add(startOver);
        throw error;
      },
    );
  startOver();
  function RetryableLazy(props: P) {
    return loaded ? createElement(loaded, props) : createElement(current, props);
  }
  RetryableLazy.preload = () => {
    if (!loaded)
      void load().then(
        (module) => (loaded = module.default),
        () => undefined,
      );
  };
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
