import { useCallback, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useLocalActor } from '../../actors/useLocalActor';
import { createResourceLogic } from '../../actors/resource';
import { paypalVaults } from '../../api/trade';

export interface SavedMethod {
  id: string;
  label: string;
}

export interface SavedPaypalMethods {
  methods: SavedMethod[];
  /** Reads them again (a first PayPal payment saves the method). */
  refresh: () => void;
}

/** The PayPal methods the account saved (get-all-available-vaults); none while loading or if unreadable. */
export function useSavedPaypalMethods(): SavedPaypalMethods {
  const [logic] = useState(() => createResourceLogic(() => paypalVaults()));
  const actor = useLocalActor(logic);
  // The loader is paypalVaults: its value is the saved methods.
  const methods = useSelector(actor, (s) => (s.context.value as SavedMethod[] | null) ?? []);
  const refresh = useCallback(() => actor.send({ type: 'REFRESH' }), [actor]);
  return { methods, refresh };
}
