import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { User } from '../../../src/api/contract';
import {
  CACHED_USER_KEY,
  TOKEN_COOKIE,
  clearStoredLogin,
  cookiesUsable,
  getToken,
  persistLogin,
  readCachedUser,
  readStoredLogin,
  saveCachedUser,
  setToken,
} from '../../../src/services/session';
import { testUser } from '../fixtures/user';

const user = testUser();

beforeEach(() => {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the token cookie', () => {
  it('is named authorization, lives 7 days on path / with SameSite=Lax (a return from another site must find it: see session.ts)', () => {
    const set = vi.spyOn(Cookies, 'set');
    setToken('tok-1');
    expect(set).toHaveBeenCalledWith('authorization', 'tok-1', { expires: 7, path: '/', sameSite: 'Lax', secure: false });
    expect(document.cookie).toContain('authorization=tok-1');
    expect(getToken()).toBe('tok-1');
  });

  it('is Secure on an https page', () => {
    vi.stubGlobal('location', { protocol: 'https:' });
    const set = vi.spyOn(Cookies, 'set').mockReturnValue(undefined);
    setToken('tok-1');
    expect(set.mock.calls[0]?.[2]).toMatchObject({ secure: true });
  });

  it('reads as no token when absent or empty', () => {
    expect(getToken()).toBeUndefined();
    document.cookie = 'authorization=; path=/';
    expect(getToken()).toBeUndefined();
  });
});

describe('whether cookies can be used', () => {
  it('is true when a cookie written can be read back, and leaves no probe behind', () => {
    expect(cookiesUsable()).toBe(true);
    expect(document.cookie).not.toContain('cookieProbe');
  });

  it('is false when the browser says cookies are off', () => {
    vi.stubGlobal('navigator', { ...navigator, cookieEnabled: false });
    expect(cookiesUsable()).toBe(false);
  });

  it('is false when cookies are dropped silently', () => {
    vi.spyOn(Cookies, 'set').mockReturnValue(undefined);
    expect(cookiesUsable()).toBe(false);
  });
});

describe('the cached user', () => {
  it('round-trips through localStorage under its product key, without the API key', () => {
    saveCachedUser(user);
    const stored = JSON.parse(localStorage.getItem(CACHED_USER_KEY) ?? 'null') as Record<string, unknown>;
    const { apiKey: _apiKey, ...rest } = user;
    expect(stored).toEqual(rest);
    expect(localStorage.getItem(CACHED_USER_KEY)).not.toContain('sk-1');
    // The key is known again only when user-info answers.
    expect(readCachedUser()).toEqual({ ...user, apiKey: '' });
  });

  it('a record an older version wrote with the key is rewritten without it when read', () => {
    localStorage.setItem(CACHED_USER_KEY, JSON.stringify(user));
    expect(readCachedUser()).toEqual({ ...user, apiKey: '' });
    expect(localStorage.getItem(CACHED_USER_KEY)).not.toContain('sk-1');
    expect(JSON.parse(localStorage.getItem(CACHED_USER_KEY) ?? 'null')).toMatchObject({ id: 'u1', email: 'ada@example.com' });
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['an empty record', {} as User],
  ])('saving %s removes it', (_label, empty) => {
    saveCachedUser(user);
    saveCachedUser(empty);
    expect(localStorage.getItem(CACHED_USER_KEY)).toBeNull();
  });

  it.each([
    ['unreadable JSON', '{"id": "u1", '],
    ['the wrong shape', JSON.stringify({ id: 'u1', email: 42 })],
    ['not an object', '"hello"'],
  ])('a corrupt record (%s) reads as null and is removed', (_label, raw) => {
    localStorage.setItem(CACHED_USER_KEY, raw);
    expect(readCachedUser()).toBeNull();
    expect(localStorage.getItem(CACHED_USER_KEY)).toBeNull();
  });

  it('a record missing optional fields is completed by the schema', () => {
    localStorage.setItem(CACHED_USER_KEY, JSON.stringify({ id: 7, email: 'a@b.c' }));
    // No balance sent: unknown (null), never a made-up 0.
    expect(readCachedUser()).toMatchObject({ id: '7', email: 'a@b.c', apiKey: '', credits: null, ipWhitelist: [] });
  });
});

describe('the stored login', () => {
  it('persists the token and the user together, and reads them back (the key stays in memory only)', () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    expect(readStoredLogin()).toEqual({ token: 'tok-1', cachedUser: { ...user, apiKey: '' } });
    expect(JSON.stringify({ ...localStorage })).not.toContain('sk-1');
    expect(document.cookie).not.toContain('sk-1');
  });

  it('exists without a cached user as long as a token does', () => {
    setToken('tok-1');
    expect(readStoredLogin()).toEqual({ token: 'tok-1', cachedUser: null });
  });

  it('is absent without a token, and a cached user left without one is removed', () => {
    saveCachedUser(user);
    expect(readStoredLogin()).toBeNull();
    expect(localStorage.getItem(CACHED_USER_KEY)).toBeNull();
  });

  it('clearing expires the cookie and removes the cached user', () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    const remove = vi.spyOn(Cookies, 'remove');
    clearStoredLogin();
    expect(remove).toHaveBeenCalledWith('authorization', { path: '/' });
    expect(getToken()).toBeUndefined();
    expect(document.cookie).not.toContain('authorization=tok-1');
    expect(localStorage.getItem(CACHED_USER_KEY)).toBeNull();
    expect(readStoredLogin()).toBeNull();
  });
});
