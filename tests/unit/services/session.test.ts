import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Cookies from 'js-cookie';
import type { User } from '../../../src/api/contract';
import {
  CACHED_USER_KEY,
  TOKEN_COOKIE,
  clearStoredLogin,
  getToken,
  persistLogin,
  readCachedUser,
  readStoredLogin,
  saveCachedUser,
  setToken,
} from '../../../src/services/session';

const user: User = {
  id: 'u1',
  email: 'ada@example.com',
  apiKey: 'sk-1',
  credits: 10,
  emailSubscriptionFlag: 1,
  alertEmail: null,
  alertThreshold: null,
  ipWhitelist: [],
  automaticDeduction: null,
  planEndTime: null,
  discordUsername: null,
};

beforeEach(() => {
  Cookies.remove(TOKEN_COOKIE, { path: '/' });
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the token cookie', () => {
  it('is named authorization, lives 7 days on path / with SameSite=Lax', () => {
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

describe('the cached user', () => {
  it('round-trips through localStorage under its product key', () => {
    saveCachedUser(user);
    expect(JSON.parse(localStorage.getItem(CACHED_USER_KEY) ?? 'null')).toEqual(user);
    expect(readCachedUser()).toEqual(user);
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
  it('persists the token and the user together, and reads them back', () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    expect(readStoredLogin()).toEqual({ token: 'tok-1', cachedUser: user });
  });

  it('exists without a cached user as long as a token does', () => {
    setToken('tok-1');
    expect(readStoredLogin()).toEqual({ token: 'tok-1', cachedUser: null });
  });

  it('is absent without a token, even with a cached user', () => {
    saveCachedUser(user);
    expect(readStoredLogin()).toBeNull();
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
