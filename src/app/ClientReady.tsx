import type { ReactNode } from 'react';
import { useGlobalSelector } from '../actors/AppActorContext';
import { useHydrated } from '../ui/useHydrated';

/**
 * Whether the browser's app has taken over: hydration is over (or there was none) and the whole catalogue of the
 * language is in. A hydrated page has only the messages it was prerendered with until then, so whatever was not
 * on the prerendered page waits for this.
 */
export function useClientReady(): boolean {
  const hydrated = useHydrated();
  const catalogueLoaded = useGlobalSelector('locale', (s) => s.context.locale !== null);
  return hydrated && catalogueLoaded;
}

/** Renders its children only once the browser's app has taken over (see useClientReady). */
export function ClientReady({ children }: { children: ReactNode }) {
  return useClientReady() ? children : null;
}
