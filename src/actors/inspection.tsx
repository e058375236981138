import { createContext, useContext, type ReactNode } from 'react';
import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic, InspectionEvent, IsNotNever, Observer, RequiredActorOptionsKeys } from 'xstate';

/** What the Stately inspector listens with (`?inspect`): an actor option, absent otherwise. */
export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

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

type LocalActorArgs<TLogic extends AnyActorLogic> =
  IsNotNever<RequiredActorOptionsKeys<TLogic>> extends true ? [options: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }] : [options?: ActorOptions<TLogic>];

/**
 * A page's own actor (useActorRef), reported to the inspector when one is listening, so QA sees every running
 * actor, not only the global ones.
 */
export function useLocalActor<TLogic extends AnyActorLogic>(logic: TLogic, ...[options]: LocalActorArgs<TLogic>): Actor<TLogic> {
  const inspect = useContext(InspectContext);
  const withInspection = (inspect ? { ...options, inspect } : options) as ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown };
  return (useActorRef as (logic: TLogic, options?: ActorOptions<TLogic>) => Actor<TLogic>)(logic, withInspection);
}
