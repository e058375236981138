import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useLocalActor } from '../../actors/useLocalActor';
import { createResourceLogic } from '../../actors/resource';
import type { Discount } from '../../api/contract';
import { userDiscount } from '../../api/user';

/** The account's discount (null while loading, if it has none, or if it could not be read: list prices then). */
export function useDiscount(): Discount | null {
  const [logic] = useState(() => createResourceLogic(() => userDiscount()));
  const actor = useLocalActor(logic);
  // The loader is userDiscount: its value is a Discount or null.
  return useSelector(actor, (s) => s.context.value as Discount | null);
}
