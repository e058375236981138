/**
 * The stored login: the session token in the `authorization` cookie and the last user-info in
 * localStorage, so a reload shows the user at once while user-info refreshes it (seed sections 3, 4, 9).
 */
import Cookies from 'js-cookie';
import * as v from 'valibot';
import { UserSchema, type User } from '../api/contract';

export const TOKEN_COOKIE = 'authorization';
export const CACHED_USER_KEY = 'nanobanana.userInfo';
const TOKEN_LIFETIME_DAYS = 7;

function cookieAttributes(): Cookies.CookieAttributes {
  return { expires: TOKEN_LIFETIME_DAYS, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' };
}

export interface StoredLogin {
  token: string;
  cachedUser: User | null;
}

export function getToken(): string | undefined {
  const token = Cookies.get(TOKEN_COOKIE);
  return token === undefined || token === '' ? undefined : token;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, cookieAttributes());
}

function removeToken(): void {
  // Removal must name the same path (and domain, none here) the cookie was set with.
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

export function readCachedUser(): User | null {
  try {
    const raw = localStorage.getItem(CACHED_USER_KEY);
    if (raw === null) return null;
    const parsed = v.safeParse(UserSchema, JSON.parse(raw));
    if (parsed.success) return parsed.output;
  } catch {
    // Unreadable JSON or blocked storage: treated like a corrupt record.
  }
  removeCachedUser();
  return null;
}

function removeCachedUser(): void {
  try {
    localStorage.removeItem(CACHED_USER_KEY);
  } catch {
    // Storage blocked: nothing was cached either.
  }
}

/** Saving no user, or an empty record, removes the cached one (seed section 4). */
export function saveCachedUser(user: User | null | undefined): void {
  if (!user || Object.keys(user).length === 0) {
    removeCachedUser();
    return;
  }
  try {
    localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
  } catch (error) {
    // Quota or privacy mode: the user is still signed in, only the instant restore after reload is lost.
    console.error('Could not cache the user', error);
  }
}

/** Signing out and any 401: the cookie expires and the cached user goes with it. */
export function clearStoredLogin(): void {
  removeToken();
  removeCachedUser();
}

/** A login exists when a token is stored; the cached user may be missing. */
export function readStoredLogin(): StoredLogin | null {
  const token = getToken();
  if (token === undefined) return null;
  return { token, cachedUser: readCachedUser() };
}

export function persistLogin({ token, userInfo }: { token: string; userInfo: User }): void {
  setToken(token);
  saveCachedUser(userInfo);
}
