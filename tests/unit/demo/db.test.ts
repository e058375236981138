import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DB_STORAGE_KEY,
  DB_VERSION,
  SESSION_TTL_MS,
  accountForToken,
  createAccount,
  createSession,
  emptyData,
  findAccountByEmail,
  openDemoDb,
  verifyPassword,
} from '../../../src/demo/db';
import { memoryStorage } from '../../../src/demo/storage';
import { PASSWORD, call, signUp, startDemoServer } from './helpers';

const storage = memoryStorage();
startDemoServer({ storage });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('persistence', () => {
  it('a new database on the same storage still has the account, its password and its session', async () => {
    const { email, token } = await signUp();
    const reopened = openDemoDb(storage).read();
    const account = findAccountByEmail(reopened, email);
    expect(account).toBeDefined();
    if (!account) return;
    await expect(verifyPassword(account, PASSWORD)).resolves.toBe(true);
    await expect(verifyPassword(account, 'not-the-password')).resolves.toBe(false);
    expect(accountForToken(reopened, token)?.email).toBe(email);
  });

  it('picks up what another tab wrote', async () => {
    const mine = openDemoDb(storage);
    mine.read();
    const { email } = await signUp();
    expect(findAccountByEmail(mine.read(), email)).toBeDefined();
    expect((await call('login', { email, password: PASSWORD })).code).toBe(200);
  });
});

describe('unreadable storage', () => {
  it('discards a corrupt blob and starts empty', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = memoryStorage({ [DB_STORAGE_KEY]: '{"version":1,"accounts":[' });
    const db = openDemoDb(broken);
    expect(db.read()).toEqual(emptyData());
    expect(broken.getItem(DB_STORAGE_KEY)).toBeNull();
  });

  it('discards a blob of another version or shape', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const old = memoryStorage({ [DB_STORAGE_KEY]: JSON.stringify({ ...emptyData(), version: DB_VERSION - 1 }) });
    expect(openDemoDb(old).read()).toEqual(emptyData());
    const wrongShape = memoryStorage({ [DB_STORAGE_KEY]: JSON.stringify({ ...emptyData(), accounts: [{ id: 1 }] }) });
    expect(openDemoDb(wrongShape).read()).toEqual(emptyData());
  });

  it('keeps working when the storage refuses to write', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const full = {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const db = openDemoDb(full);
    const account = await createAccount(db.read(), { email: 'Full@Example.com', password: PASSWORD, referDomain: '', utmTerm: '' });
    expect(() => db.save()).not.toThrow();
    expect(findAccountByEmail(db.read(), 'full@example.com')).toBe(account);
  });
});

describe('sessions', () => {
  it('last seven days', async () => {
    const data = emptyData();
    const account = await createAccount(data, { email: 'week@example.com', password: PASSWORD, referDomain: '', utmTerm: '' }, 0);
    const session = createSession(data, account.id, 1_000);
    expect(accountForToken(data, session.token, 1_000 + SESSION_TTL_MS - 1)).toBe(account);
    expect(accountForToken(data, session.token, 1_000 + SESSION_TTL_MS)).toBeUndefined();
  });
});
