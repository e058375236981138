import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { wholeCatalogue } from '../i18n/wholeCatalogue';

type Module<P> = { default: ComponentType<P> };

/** How to start over each lazy component whose import failed since the last call of forgetFailedImports. */
const failedImports = new Set<() => void>();

/** A lazy component that can also be fetched ahead of time. */
export type PreloadableComponent<P> = ComponentType<P> & {
  /** Fetches the code now (when the browser is idle, say); never rejects: a failure is tried again on render. */
  preload: () => void;
  /**
   * Fetches the code of the page being hydrated, whose words the page carries: it renders as soon as the code is
   * in, without waiting for the rest of the catalogue.
   */
  preloadWithPageMessages: () => void;
};

/**
 * React.lazy, except that a failed import can be tried again: React.lazy keeps the rejection for good, so a
 * chunk that failed once (offline) would fail until a reload. The failure still reaches the error boundary;
 * once a boundary has caught it, forgetFailedImports() makes the next render import again. Once the code has
 * arrived (by a render or by `preload`), it renders at once, without suspending.
 *
 * Code that loads on demand shows words a prerendered page may not carry: it renders once the whole catalogue of
 * the language is in too (src/i18n/wholeCatalogue.ts), except the page being hydrated, which carries its own.
 */
export function retryableLazy<P extends object>(load: () => Promise<Module<P>>): PreloadableComponent<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  let loaded: ComponentType<P> | null = null;
  let wordsOnPage = false;
  const startOver = () => {
    current = lazy(attempt);
  };
  const loadWithWords = (): Promise<Module<P>> => (wordsOnPage ? load() : Promise.all([load(), wholeCatalogue()]).then(([module]) => module));
  const attempt = (): Promise<Module<P>> =>
    loadWithWords().then(
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
      void loadWithWords().then(
        (module) => (loaded = module.default),
        () => undefined,
      );
  };
  RetryableLazy.preloadWithPageMessages = () => {
    wordsOnPage = true;
    RetryableLazy.preload();
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
