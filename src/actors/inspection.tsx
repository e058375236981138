import { createContext, useContext, type ReactNode } from 'react';
import type { InspectionEvent } from 'xstate';
import type { Inspect } from '../services/inspector';

/** What the Stately inspector listens with (`?inspect`): an actor option, absent otherwise. */
export type { Inspect };

const InspectContext = createContext<Inspect | undefined>(undefined);

export function InspectProvider({ inspect, children }: { inspect: Inspect | undefined; children: ReactNode }) {
  return <InspectContext.Provider value={inspect}>{children}</InspectContext.Provider>;
}

/** The inspector's listener, when `?inspect` started one: for actors made outside React's hooks. */
export function useInspect(): Inspect | undefined {
  return useContext(InspectContext);
}

/** Hands one inspection event to a listener, whichever of the two shapes it has. */
export function report(inspect: Inspect | undefined, event: InspectionEvent): void {
  if (typeof inspect === 'function') inspect(event);
  else inspect?.next?.(event);
}
