/**
 * What the app shell needs of the watch list of slowly settling orders (src/services/settlingOrders.ts), and nothing
 * more, as it is part of the start of every page: where the list is kept, whether an account has an order waiting on
 * it, and who to call when it changes.
 */

export const SETTLING_ORDERS_KEY = 'nanobanana.settlingOrders';

const listeners = new Set<() => void>();

/** Another tab changed the list (the storage event fires only in the other tabs of this browser). */
function onStorage(event: StorageEvent): void {
  if (event.key === SETTLING_ORDERS_KEY || event.key === null) announceSettlingOrdersChanged();
}

/**
 * Calls `listener` whenever the list changes, in this tab (synchronously, as it is written) or in another one; returns
 * the unsubscribe.
 */
export function subscribeSettlingOrders(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

/** The list was written in this tab. */
export function announceSettlingOrdersChanged(): void {
  for (const listener of listeners) listener();
}

/**
 * Whether the account's list holds an entry not yet told: read without validating (the watch validates what it reads),
 * so a damaged entry may say yes, and the watch then finds nothing to do.
 */
export function mayHaveSettlingOrders(accountId: string, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  try {
    const all: unknown = JSON.parse(storage.getItem(SETTLING_ORDERS_KEY) ?? '{}');
    const mine: unknown = typeof all === 'object' && all !== null && Object.hasOwn(all, accountId) ? Reflect.get(all, accountId) : undefined;
    return Array.isArray(mine) && mine.some((entry: unknown) => typeof entry === 'object' && entry !== null && !('toldAt' in entry));
  } catch {
    return false;
  }
}

/** Set once an account of this page had an order waiting: see settlementWatchWanted. */
let watchWanted = false;

/**
 * Whether the settlement watch belongs on this page: from the moment the signed-in account has an order waiting, for
 * the rest of the page's life (its chart then decides what to check, and tells a settlement even as the list empties).
 * A fact of the page, kept here rather than in the view that mounts the watch.
 */
export function settlementWatchWanted(accountId: string | null, storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  if (!watchWanted && accountId !== null && mayHaveSettlingOrders(accountId, storage)) watchWanted = true;
  return watchWanted;
}
