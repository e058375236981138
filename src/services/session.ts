/**
 * The stored login: the session token in the `authorization` cookie and the last user-info in
 * localStorage, so a reload shows the user at once while user-info refreshes it.
 *
 * No secret is stored beside the token: the cached user is kept without its API key, which lives in memory
 * only and comes back with user-info after a reload. A cached user without a token is a leftover of an
 * expired or cleared session and is removed as soon as it is noticed.
 */
import Cookies from 'js-cookie';
import * as v from 'valibot';
import { UserSchema, type User } from '../api/contract';
import { CACHED_USER_KEY, TOKEN_COOKIE } from './sessionKeys';

export { CACHED_USER_KEY, TOKEN_COOKIE };
const TOKEN_LIFETIME_DAYS = 7;

/**
 * Lax, not Strict: a flow needs it. A visitor arriving from another site — back from Creem's, PayPal's or
 * Discord's page, or following any outside link — must find the session, and WebKit (Safari, every iOS browser)
 * leaves Strict cookies out of `document.cookie` on a page reached that way, so the page would see no login
 * (and sign-in would read as blocked cookies) until a same-site reload. Lax costs nothing here: the token is
 * sent in a header by this site's script (the API client omits credentials), never by the browser on its own.
 * Secure on every https origin.
 */
function cookieAttributes(): Cookies.CookieAttributes {
  return { expires: TOKEN_LIFETIME_DAYS, path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' };
}

const COOKIE_PROBE = 'nanobanana.cookieProbe';

/**
 * Whether this browser keeps this site's cookies. When it blocks them, a sign-in could not last beyond the
 * page, and every later call would read as an expired login: sign-in says so up front instead.
 */
export function cookiesUsable(): boolean {
  if (typeof navigator !== 'undefined' && !navigator.cookieEnabled) return false;
  try {
    Cookies.set(COOKIE_PROBE, '1', { path: '/', sameSite: 'Lax', secure: location.protocol === 'https:' });
    const kept = Cookies.get(COOKIE_PROBE) === '1';
    Cookies.remove(COOKIE_PROBE, { path: '/' });
    return kept;
  } catch {
    return false;
  }
}

export interface StoredLogin {
  token: string;
  cachedUser: User | null;
}

export function getToken(): string | undefined {
  const token = Cookies.get(TOKEN_COOKIE);
  return token === undefined || token === '' ? undefined : token;
}

/** Whether a session token is stored (it may have expired: only the server can tell). */
export function hasStoredSession(): boolean {
  return getToken() !== undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, cookieAttributes());
}

function removeToken(): void {
  // Removal must name the same path (and domain, none here) the cookie was set with.
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
}

/** The user as it may be stored: everything but the API key. */
function withoutSecrets(user: User): Omit<User, 'apiKey'> {
  const { apiKey: _apiKey, ...rest } = user;
  return rest;
}

/** The cached user, with an empty API key: the real one is known only once user-info answers. */
export function readCachedUser(): User | null {
  try {
    const raw = localStorage.getItem(CACHED_USER_KEY);
    if (raw === null) return null;
    const stored: unknown = JSON.parse(raw);
    const parsed = v.safeParse(UserSchema, stored);
    if (parsed.success) {
      // A record written by an older version holds the key: rewritten without it at once.
      if (typeof stored === 'object' && stored !== null && 'apiKey' in stored) saveCachedUser(parsed.output);
      return { ...parsed.output, apiKey: '' };
    }
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

/** Saving no user, or an empty record, removes the cached one. The API key is never written. */
export function saveCachedUser(user: User | null | undefined): void {
  if (!user || Object.keys(user).length === 0) {
    removeCachedUser();
    return;
  }
  try {
    localStorage.setItem(CACHED_USER_KEY, JSON.stringify(withoutSecrets(user)));
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

/** A login exists when a token is stored; the cached user may be missing. Without a token, no user stays cached. */
export function readStoredLogin(): StoredLogin | null {
  const token = getToken();
  if (token === undefined) {
    removeCachedUser();
    return null;
  }
  return { token, cachedUser: readCachedUser() };
}

export function persistLogin({ token, userInfo }: { token: string; userInfo: User }): void {
  setToken(token);
  saveCachedUser(userInfo);
}
