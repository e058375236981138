import { createContext, createElement, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { createActor, fromPromise, type Actor } from 'xstate';
import { resourceMachineFor, type ResourceResponse } from '../../machines/resource.machine';
import type { ApiResult } from '../api/client';
import { useInspect, type Inspect } from './inspection';

/** One thing read from the server, wired to the call that reads it. */
function createResourceLogic<T>(load: () => Promise<ApiResult<T>>) {
  return resourceMachineFor<T>().provide({
    actors: { load: fromPromise<ResourceResponse<T>>(() => load()) },
  });
}

type ResourceLogic<T> = ReturnType<typeof createResourceLogic<T>>;
type ResourceActor<T> = Actor<ResourceLogic<T>>;

/**
 * A read declared once (`defineRead(() => userDiscount())`) and used by any view with `useResource`. The same read
 * with the same arguments is one actor for everyone who uses it at the same time: one request, one state.
 */
export interface Read<T, TArgs extends readonly unknown[]> {
  readonly load: (...args: TArgs) => Promise<ApiResult<T>>;
  /** Its actors while views use them: per scope, then per call (the arguments as JSON). */
  readonly running: WeakMap<ReadScope, Map<string, SharedRead<T>>>;
}

interface SharedRead<T> {
  actor: ResourceActor<T>;
  users: number;
}

/** A part of the tree whose views share reads: the whole app, or what `OwnReads` wraps. */
interface ReadScope {
  readonly name: string;
}

export function defineRead<T, TArgs extends readonly unknown[] = []>(load: (...args: TArgs) => Promise<ApiResult<T>>): Read<T, TArgs> {
  return { load, running: new WeakMap() };
}

/**
 * The actor of one call of a read in a scope. Made in render, so two views rendered together find the same one,
 * and started by its first user's effect (`startUsing`).
 */
function sharedRead<T, TArgs extends readonly unknown[]>(
  read: Read<T, TArgs>,
  scope: ReadScope,
  args: TArgs,
  inspect: Inspect | undefined,
): SharedRead<T> {
  const key = JSON.stringify(args);
  const calls = read.running.get(scope) ?? new Map<string, SharedRead<T>>();
  read.running.set(scope, calls);
  const found = calls.get(key);
  if (found) return found;
  const made: SharedRead<T> = {
    actor: createActor(
      createResourceLogic(() => read.load(...args)),
      inspect ? { inspect } : {},
    ),
    users: 0,
  };
  calls.set(key, made);
  return made;
}

/**
 * A view starts using a read; the returned function ends that use. The last user's leaving stops the actor after
 * the current task, so React's effect replay in development (leave, come back at once) does not read twice.
 */
function startUsing<T, TArgs extends readonly unknown[]>(read: Read<T, TArgs>, scope: ReadScope, entry: SharedRead<T>): () => void {
  entry.users += 1;
  entry.actor.start();
  return () => {
    entry.users -= 1;
    queueMicrotask(() => {
      if (entry.users > 0) return;
      entry.actor.stop();
      const calls = read.running.get(scope);
      for (const [key, one] of calls ?? []) if (one === entry) calls?.delete(key);
    });
  };
}

const ReadScopeContext = createContext<ReadScope>({ name: 'app' });

/**
 * Its own set of reads for a part of the page that starts afresh when re-keyed (another account signed in): the
 * views inside share reads with each other, never with what was shown before.
 */
export function OwnReads({ children }: { children: ReactNode }) {
  const [scope] = useState<ReadScope>(() => ({ name: 'own' }));
  return createElement(ReadScopeContext.Provider, { value: scope }, children);
}

type ResourcePhase = 'loading' | 'failed' | 'ready';

interface ResourceView<T> {
  phase: ResourcePhase;
  /** What was read, null until it arrived; a failed refresh keeps it. */
  value: T | null;
  /** Why the last read failed, when it did. */
  error: string | null;
  /** Reads it again (a view that changed it); for everyone who shows it. */
  refresh: () => void;
  retry: () => void;
}

/** Shows a read: `const discount = useResource(discountRead)`, typed by the read's call. */
export function useResource<T, TArgs extends readonly unknown[]>(read: Read<T, TArgs>, ...args: TArgs): ResourceView<T> {
  const scope = useContext(ReadScopeContext);
  const inspect = useInspect();
  const key = JSON.stringify(args);
  // Keyed by the call: a new array of the same arguments is the same read.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const entry = useMemo(() => sharedRead(read, scope, args, inspect), [read, scope, key]);
  useEffect(() => startUsing(read, scope, entry), [read, scope, entry]);
  const { actor } = entry;
  const phase = useSelector(actor, (s): ResourcePhase => (s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready'));
  const value = useSelector(actor, (s) => s.context.value);
  const error = useSelector(actor, (s) => s.context.error);
  const refresh = useCallback(() => actor.send({ type: 'REFRESH' }), [actor]);
  const retry = useCallback(() => actor.send({ type: 'RETRY' }), [actor]);
  return { phase, value, error, refresh, retry };
}
