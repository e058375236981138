/**
 * The credit package each account bought last on this browser, so the billing page starts from it instead of from a
 * bigger one. Kept in local storage per account; what is read back is checked against the catalogue, so a damaged
 * or stale value (a package since withdrawn) falls back to the smallest package.
 */
import * as v from 'valibot';
import { findPackage } from '../domain/creditPackages';

export const LAST_PACKAGE_KEY = 'nanobanana.lastPackage';

/** At most this many accounts are remembered: a shared browser must not grow the value for ever. */
const MAX_ACCOUNTS = 20;

const LastPackagesSchema = v.record(v.pipe(v.string(), v.minLength(1)), v.pipe(v.string(), v.minLength(1)));

export type LastPackageStorage = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStorage(): LastPackageStorage {
  return localStorage;
}

function readAll(storage: LastPackageStorage): Record<string, string> {
  try {
    const raw = storage.getItem(LAST_PACKAGE_KEY);
    if (raw === null) return {};
    const parsed = v.safeParse(LastPackagesSchema, JSON.parse(raw));
    return parsed.success ? parsed.output : {};
  } catch {
    // Storage blocked or a damaged value: nothing remembered.
    return {};
  }
}

/** The package this account bought last here, if it is still in the catalogue. */
export function readLastPackage(accountId: string, storage: LastPackageStorage = defaultStorage()): string | null {
  const packageId = readAll(storage)[accountId];
  return packageId !== undefined && findPackage(packageId) ? packageId : null;
}

/** Remembers a paid package for the account (the newest purchase last, the oldest account dropped first). */
export function saveLastPackage(accountId: string, packageId: string, storage: LastPackageStorage = defaultStorage()): void {
  if (!findPackage(packageId)) return;
  const rest = Object.entries(readAll(storage)).filter(([id]) => id !== accountId);
  const kept = [...rest.slice(-(MAX_ACCOUNTS - 1)), [accountId, packageId] as const];
  try {
    storage.setItem(LAST_PACKAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
  } catch {
    // Without storage the page starts from the smallest package next time.
  }
}
