import { describe, expect, it } from 'vitest';
import { DB_STORAGE_KEY, emptyData } from '../../../src/demo/db';
import { createDemoEnvironment } from '../../../src/demo/environment';
import { memoryKeyVault } from '../../../src/demo/keyVault';
import { memoryStorage } from '../../../src/demo/storage';
import { call, dataOf, signUp, startDemoServer } from './helpers';

const storage = memoryStorage();
startDemoServer({ storage });

/** Everything the demo server wrote to its storage, as one string. */
function everythingStored(): string {
  return JSON.stringify(Object.fromEntries(['nanobanana.demo.db', 'nanobanana.demo.controls'].map((key) => [key, storage.getItem(key)])));
}

describe('the demo key vault', () => {
  it('derives the same key for the same row, another for another nonce or id', async () => {
    const vault = memoryKeyVault();
    const key = await vault.keyFor({ id: 'k1', nonce: 'n1' });
    expect(key).toMatch(/^nb_[0-9a-f]{40}$/);
    expect(await vault.keyFor({ id: 'k1', nonce: 'n1' })).toBe(key);
    expect(await vault.keyFor({ id: 'k1', nonce: 'n2' })).not.toBe(key);
    expect(await vault.keyFor({ id: 'k2', nonce: 'n1' })).not.toBe(key);
    // Another secret, other keys: a key cannot be worked out from the row alone.
    expect(await memoryKeyVault().keyFor({ id: 'k1', nonce: 'n1' })).not.toBe(key);
  });

  it('keeps no API key in storage: not the primary, not an added one, not a reset one', async () => {
    const { token, userInfo } = await signUp();
    const added = dataOf('addApiKey', await call('addApiKey', { name: 'CI' }, token));
    const { apiKey: reset } = dataOf('resetApiKey', await call('resetApiKey', {}, token));
    const stored = everythingStored();
    expect(stored).toContain(userInfo.email);
    for (const key of [userInfo.apiKey, added.apiKey, reset]) expect(stored).not.toContain(key);
    expect(stored).not.toMatch(/nb_[0-9a-f]{40}/);
  });

  it('still recognises every key it gave out, and no longer the one a reset replaced', async () => {
    const { token, userInfo } = await signUp();
    const added = dataOf('addApiKey', await call('addApiKey', { name: 'CI' }, token));
    expect(await call('credit', {}, `Bearer ${added.apiKey}`)).toMatchObject({ code: 200 });
    const { apiKey: reset } = dataOf('resetApiKey', await call('resetApiKey', {}, token));
    expect(await call('credit', {}, `Bearer ${reset}`)).toMatchObject({ code: 200 });
    expect((await call('credit', {}, `Bearer ${userInfo.apiKey}`)).code).toBe(401);
  });

  it('drops the keys a blob of an older version held in clear, and writes it back at once', () => {
    const oldStorage = memoryStorage();
    const account = {
      id: 'a1',
      email: 'old@example.com',
      passwordHash: null,
      salt: '',
      credits: 5,
      nickname: 'old',
      createTime: '2026-01-01T00:00:00.000Z',
      emailSubscriptionFlag: 1,
      alertEmail: null,
      alertThreshold: null,
      ipWhitelist: [],
      automaticDeduction: null,
      referDomain: '',
      utmTerm: '',
    };
    const plainKey = `nb_${'a'.repeat(40)}`;
    // Written before Discord codes and idempotent calls were kept.
    const { discordCodes: _discordCodes, idempotentCalls: _idempotentCalls, ...olderData } = emptyData();
    const blob = {
      ...olderData,
      accounts: [
        {
          ...account,
          apiKeys: [{ id: 'k1', name: 'Default', apiKey: plainKey, primary: true, createTime: '2026-01-01T00:00:00.000Z', lastUsedTime: null }],
        },
      ],
    };
    oldStorage.setItem(DB_STORAGE_KEY, JSON.stringify(blob));
    const env = createDemoEnvironment(oldStorage);
    const [row] = env.db.read().accounts[0]?.apiKeys ?? [];
    expect(row).toMatchObject({ id: 'k1', name: 'Default', primary: true });
    expect(row?.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(oldStorage.getItem(DB_STORAGE_KEY)).not.toContain(plainKey);
    expect(oldStorage.getItem(DB_STORAGE_KEY)).toContain(row?.nonce);
  });
});
