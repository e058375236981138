import { useActorRef } from '@xstate/react';
import type { Actor, ActorOptions, AnyActorLogic, IsNotNever, RequiredActorOptionsKeys } from 'xstate';
import { useInspect } from './inspection';

type LocalActorArgs<TLogic extends AnyActorLogic> =
  IsNotNever<RequiredActorOptionsKeys<TLogic>> extends true
    ? [options: ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown }]
    : [options?: ActorOptions<TLogic>];

/**
 * A page's own actor (useActorRef), reported to the inspector when one is listening, so QA sees every running
 * actor, not only the global ones.
 */
export function useLocalActor<TLogic extends AnyActorLogic>(logic: TLogic, ...[options]: LocalActorArgs<TLogic>): Actor<TLogic> {
  const inspect = useInspect();
  const withInspection = (inspect ? { ...options, inspect } : options) as ActorOptions<TLogic> & { [K in RequiredActorOptionsKeys<TLogic>]: unknown };
  return (useActorRef as (logic: TLogic, options?: ActorOptions<TLogic>) => Actor<TLogic>)(logic, withInspection);
}
