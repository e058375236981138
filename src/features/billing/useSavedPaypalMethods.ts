import { useResource } from '../../actors/resource';
import { paypalVaultsRead } from '../../actors/reads';

export interface SavedMethod {
  id: string;
  label: string;
}

export interface SavedPaypalMethods {
  methods: SavedMethod[];
  /** Reads them again (a first PayPal payment saves the method). */
  refresh: () => void;
}

const NONE: SavedMethod[] = [];

/**
 * The PayPal methods the account saved (get-all-available-vaults); none while loading or if unreadable. The same
 * read as the automatic top-up's list on the billing page: one request, and a refresh shows in both.
 */
export function useSavedPaypalMethods(): SavedPaypalMethods {
  const { value, refresh } = useResource(paypalVaultsRead);
  return { methods: value ?? NONE, refresh };
}
