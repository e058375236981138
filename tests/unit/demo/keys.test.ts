import { describe, expect, it } from 'vitest';
import { MAX_API_KEYS } from '../../../src/demo/db';
import { call, dataOf, signUp, startDemoServer } from './helpers';

startDemoServer();

async function keysOf(token: string) {
  return dataOf('apiKeyList', await call('apiKeyList', {}, token));
}

describe('API keys', () => {
  it('lists the primary key first, then the newest', async () => {
    const { token, userInfo } = await signUp();
    const first = dataOf('addApiKey', await call('addApiKey', { name: '  Staging  ' }, token));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = dataOf('addApiKey', await call('addApiKey', { name: 'Production' }, token));
    expect(first).toMatchObject({ name: 'Staging', primary: false, lastUsedTime: null });
    expect(first.apiKey).toMatch(/^nb_[0-9a-f]{40}$/);
    expect(first.apiKey).not.toBe(second.apiKey);
    const keys = await keysOf(token);
    expect(keys.map((key) => key.name)).toEqual(['Default', 'Production', 'Staging']);
    expect(keys[0]).toMatchObject({ primary: true, apiKey: userInfo.apiKey });
  });

  it('refuses empty or over-long names and an eleventh key', async () => {
    const { token } = await signUp();
    expect(await call('addApiKey', { name: '   ' }, token)).toEqual({ code: 400001, msg: 'Enter a name for the key.', data: null });
    expect(await call('addApiKey', { name: 'x'.repeat(41) }, token)).toMatchObject({
      code: 400001,
      msg: 'The key name must be at most 40 characters long.',
    });
    expect((await call('addApiKey', { name: 'x'.repeat(40) }, token)).code).toBe(200);
    expect(await call('addApiKey', {}, token)).toMatchObject({ code: 400001, msg: 'The field "name" is missing or has the wrong type.' });
    for (let count = 2; count < MAX_API_KEYS; count += 1) expect((await call('addApiKey', { name: `Key ${count}` }, token)).code).toBe(200);
    expect(await keysOf(token)).toHaveLength(MAX_API_KEYS);
    expect(await call('addApiKey', { name: 'One too many' }, token)).toEqual({
      code: 400001,
      msg: 'An account can have at most 10 API keys. Delete one first.',
      data: null,
    });
  });

  it('renames a key, and refuses an unknown id or a bad name', async () => {
    const { token } = await signUp();
    const key = dataOf('addApiKey', await call('addApiKey', { name: 'Old' }, token));
    expect(await call('updateApiKeyName', { id: key.id, name: ' New name ' }, token)).toMatchObject({ code: 200, data: null });
    expect((await keysOf(token)).find((other) => other.id === key.id)?.name).toBe('New name');
    expect(await call('updateApiKeyName', { id: 'nope', name: 'X' }, token)).toMatchObject({
      code: 400001,
      msg: 'This API key does not exist (it may have been deleted).',
    });
    expect((await call('updateApiKeyName', { id: key.id, name: '' }, token)).code).toBe(400001);
  });

  it('deletes a secondary key but never the primary one', async () => {
    const { token } = await signUp();
    const key = dataOf('addApiKey', await call('addApiKey', { name: 'Temp' }, token));
    const [primary] = await keysOf(token);
    expect(await call('deleteApiKey', { id: primary?.id }, token)).toEqual({
      code: 400001,
      msg: 'The primary key cannot be deleted. Reset it instead.',
      data: null,
    });
    expect(await call('deleteApiKey', { id: key.id }, token)).toMatchObject({ code: 200, data: null });
    expect((await keysOf(token)).map((other) => other.id)).toEqual([primary?.id]);
    expect((await call('deleteApiKey', { id: key.id }, token)).code).toBe(400001);
  });

  it('resets the primary key secret, which user-info then reports', async () => {
    const { token, userInfo } = await signUp();
    const { apiKey } = dataOf('resetApiKey', await call('resetApiKey', {}, token));
    expect(apiKey).toMatch(/^nb_[0-9a-f]{40}$/);
    expect(apiKey).not.toBe(userInfo.apiKey);
    expect(dataOf('userInfo', await call('userInfo', {}, token)).apiKey).toBe(apiKey);
    expect((await keysOf(token))[0]).toMatchObject({ primary: true, apiKey });
  });

  it('answers 401 without a session', async () => {
    const { token } = await signUp();
    const [primary] = await keysOf(token);
    for (const [name, payload] of [
      ['apiKeyList', {}],
      ['addApiKey', { name: 'X' }],
      ['updateApiKeyName', { id: primary?.id, name: 'X' }],
      ['deleteApiKey', { id: primary?.id }],
      ['resetApiKey', {}],
    ] as const) {
      expect(await call(name, payload), name).toEqual({ code: 401, msg: 'Login has expired', data: null });
      expect((await call(name, payload, 'made-up-token')).code, name).toBe(401);
    }
    expect((await keysOf(token))[0]?.name).toBe('Default');
  });
});
