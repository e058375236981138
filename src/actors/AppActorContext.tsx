import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { AppActor, EarlyRenewalActor, LocaleActor, LoginModalActor, PageProgressActor, ThemeActor, UserActor } from './app';
import type { loginLogic } from './login';
import type { ActorRefFrom } from 'xstate';

const AppActorContext = createContext<AppActor | null>(null);

export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

/** The root actor of the app (the explorer follows it and reaches its system); pages use useGlobalActor. */
export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('The app actor is missing: render inside <AppActorProvider>.');
  return actor;
}

type LoginActor = ActorRefFrom<typeof loginLogic>;
interface GlobalActors {
  user: UserActor;
  login: LoginActor;
  loginModal: LoginModalActor;
  theme: ThemeActor;
  locale: LocaleActor;
  pageProgress: PageProgressActor;
  earlyRenewal: EarlyRenewalActor;
}

/** One of the global actors, found through the actor system by its systemId. */
export function useGlobalActor<K extends keyof GlobalActors>(systemId: K): GlobalActors[K] {
  const actor = useAppActor().system.get(systemId) as GlobalActors[K] | undefined;
  if (!actor) throw new Error(`The global actor "${systemId}" is not running.`);
  return actor;
}

/** Reads a slice of a global actor's snapshot; re-renders only when that slice changes. */
export function useGlobalSelector<K extends keyof GlobalActors, T>(systemId: K, selector: (snapshot: SnapshotFrom<GlobalActors[K]>) => T): T {
  const actor = useGlobalActor(systemId);
  return useSelector(actor, selector as (snapshot: unknown) => T);
}
