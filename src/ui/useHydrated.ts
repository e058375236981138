import { useSyncExternalStore } from 'react';
import { config, prerenderedGenerationApiBaseUrl } from '../config';

const neverChanges = () => () => undefined;

/**
 * False while React hydrates prerendered HTML (and where the page is prerendered), true in the browser after
 * that: what exists only in the browser (demo controls, say) renders once hydration is over, so hydration
 * finds the HTML exactly as prerendered.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/** `inBrowser`, except while hydrating (and prerendering), where it is `prerendered`: what the HTML was built with. */
export function useBrowserValue<T>(inBrowser: T, prerendered: T): T {
  return useSyncExternalStore(
    neverChanges,
    () => inBrowser,
    () => prerendered,
  );
}

/** The task API's base URL for code samples: a prerendered page shows the site's until it is hydrated. */
export function useGenerationApiBaseUrl(): string {
  return useBrowserValue(config.generationApiBaseUrl, prerenderedGenerationApiBaseUrl(config));
}
