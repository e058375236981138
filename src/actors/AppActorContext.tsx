import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { useSyncExternalStoreWithSelector } from 'use-sync-external-store/with-selector';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { ActorRefFrom } from 'xstate';
import type { AppActor, EarlyRenewalActor, LocaleActor, LoginModalActor, PageProgressActor, ThemeActor, UserActor } from './app';
import type { loginLogic } from './login';

const AppActorContext = createContext<AppActor | null>(null);
/** The app in the state its page was prerendered in, while React hydrates that page (see prerenderedApp.ts). */
const PrerenderedAppContext = createContext<AppActor | null>(null);

/**
 * `prerendered`: when the page is hydrated, the app as it was prerendered. Until hydration is over, views read
 * the global actors' snapshots from it, so the first render matches the HTML; then they read `actor`'s.
 */
export function AppActorProvider({ actor, prerendered = null, children }: { actor: AppActor; prerendered?: AppActor | null; children: ReactNode }) {
  return (
    <AppActorContext.Provider value={actor}>
      <PrerenderedAppContext.Provider value={prerendered}>{children}</PrerenderedAppContext.Provider>
    </AppActorContext.Provider>
  );
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

/**
 * Reads a slice of a global actor's snapshot; re-renders only when that slice changes. While React hydrates a
 * prerendered page it reads the prerendered app's snapshot instead (React's "server snapshot"), and re-renders
 * with the live one right after.
 */
export function useGlobalSelector<K extends keyof GlobalActors, T>(systemId: K, selector: (snapshot: SnapshotFrom<GlobalActors[K]>) => T): T {
  const actor: AnyActorRef = useGlobalActor(systemId);
  const prerendered: AnyActorRef | undefined = useContext(PrerenderedAppContext)?.system.get(systemId);
  const subscribe = useCallback((onChange: () => void) => actor.subscribe({ next: onChange, error: onChange }).unsubscribe, [actor]);
  const getSnapshot = useCallback(() => actor.getSnapshot() as SnapshotFrom<GlobalActors[K]>, [actor]);
  const getPrerenderedSnapshot = useCallback(() => (prerendered ?? actor).getSnapshot() as SnapshotFrom<GlobalActors[K]>, [prerendered, actor]);
  return useSyncExternalStoreWithSelector(subscribe, getSnapshot, getPrerenderedSnapshot, selector);
}
