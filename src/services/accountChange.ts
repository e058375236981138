/**
 * What is loaded or cached for one signed-in account (PayPal's SDK, loaded with that account's user ID token;
 * MSAL's accounts) registers a reset here, and the resets run when the tab's account changes: signed out, or
 * another account signed in (after a sign-out or an expired session alike). Only lazily loaded modules use this,
 * so none of it weighs on the first load.
 */
export type AccountReset = () => void | Promise<void>;

const resets = new Set<AccountReset>();

/** Registers a reset; returns what unregisters it. */
export function onAccountChange(reset: AccountReset): () => void {
  resets.add(reset);
  return () => {
    resets.delete(reset);
  };
}

/** Runs every reset; one that fails is logged and the others still run (one leftover must not keep the rest). */
export function accountChanged(): void {
  for (const reset of [...resets]) {
    try {
      void Promise.resolve(reset()).catch((error: unknown) => console.error('A reset on account change failed', error));
    } catch (error) {
      console.error('A reset on account change failed', error);
    }
  }
}

/** The little of an actor that following it needs. */
export interface AccountSource<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(listener: (snapshot: TSnapshot) => void): unknown;
}

const followed = new WeakSet<object>();

/**
 * Runs the resets whenever the account `accountOf` reads from the source's snapshots changes: to another account
 * or to nobody. Following the same source again does nothing, so any module may ask for it.
 */
export function followAccount<TSnapshot>(source: AccountSource<TSnapshot>, accountOf: (snapshot: TSnapshot) => string | null): void {
  if (followed.has(source)) return;
  followed.add(source);
  let account = accountOf(source.getSnapshot());
  source.subscribe((snapshot) => {
    const next = accountOf(snapshot);
    if (next === account) return;
    account = next;
    accountChanged();
  });
}
