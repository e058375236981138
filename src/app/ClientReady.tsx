import type { ReactNode } from 'react';
import { useGlobalSelector } from '../actors/AppActorContext';
import { useHydrated } from '../ui/useHydrated';

/**
 * Whether the browser's app has taken over: hydration is over (or there was none) and the language's messages are
 * in: the whole catalogue, or on a page hydrated for an anonymous visitor, the messages the page carries for what
 * its start's code can show (code that loads later waits for the rest itself: src/ui/retryableLazy.ts).
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
