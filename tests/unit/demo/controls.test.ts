import { describe, expect, it } from 'vitest';
import { CONTROLS_STORAGE_KEY, DEFAULT_SETTINGS, createControlsStore, expireAllSessions } from '../../../src/demo/controls';
import { ipCountryUrl } from '../../../src/demo/handlers/ipCountry';
import { memoryStorage } from '../../../src/demo/storage';
import { PASSWORD, call, dataOf, signUp, uniqueEmail, startDemoServer } from './helpers';

const demo = startDemoServer();

describe('the bot check rule', () => {
  it('asks +botcheck e-mails for a demo challenge token on login', async () => {
    const { email } = await signUp(uniqueEmail('qa+botcheck'), PASSWORD, { turnstileToken: 'demo-pass-signup' });
    expect(await call('login', { email, password: PASSWORD })).toEqual({ code: 100002, msg: 'Bot check required', data: null });
    expect((await call('login', { email, password: PASSWORD, turnstileToken: 'forged-token' })).code).toBe(100002);
    expect((await call('login', { email, password: PASSWORD, turnstileToken: 'demo-pass-' })).code).toBe(100002);
    expect(dataOf('login', await call('login', { email, password: PASSWORD, turnstileToken: 'demo-pass-7f3a' })).userInfo.email).toBe(email);
  });

  it('applies to registration and password reset too, before the code is looked at', async () => {
    const email = uniqueEmail('qa+botcheck');
    expect((await call('register', { email, password: PASSWORD, code: '123456' })).code).toBe(100002);
    expect((await call('resetPassword', { email, password: PASSWORD, code: '123456' })).code).toBe(100002);
  });

  it('applies to every login while the controls require it', async () => {
    const { email } = await signUp();
    demo.controls.set({ requireBotCheck: true });
    expect((await call('login', { email, password: PASSWORD })).code).toBe(100002);
    expect((await call('login', { email, password: PASSWORD, turnstileToken: 'demo-pass-1' })).code).toBe(200);
    demo.controls.set({ requireBotCheck: false });
    expect((await call('login', { email, password: PASSWORD })).code).toBe(200);
  });
});

describe('the next-call failure', () => {
  it('fails the next call at the network, once', async () => {
    const { email } = await signUp();
    demo.controls.set({ nextCall: { kind: 'networkError' } });
    await expect(call('login', { email, password: PASSWORD })).rejects.toThrow(TypeError);
    expect(demo.controls.get().nextCall).toBeNull();
    expect((await call('login', { email, password: PASSWORD })).code).toBe(200);
  });

  it('answers the next call with the chosen code, once', async () => {
    const { token } = await signUp();
    demo.controls.set({ nextCall: { kind: 'code', code: 500001 } });
    expect(await call('userInfo', {}, token)).toMatchObject({ code: 500001, data: null });
    expect((await call('userInfo', {}, token)).code).toBe(200);

    demo.controls.set({ nextCall: { kind: 'code', code: 401 } });
    expect(await call('userInfo', {}, token)).toMatchObject({ code: 401, msg: 'Login has expired' });
    expect((await call('userInfo', {}, token)).code).toBe(200);
  });

  it('can let the call do its work and lose its answer, once', async () => {
    const { token } = await signUp();
    demo.controls.set({ nextCall: { kind: 'lostAnswer' }, nextCallTarget: 'saveIpWhitelist' });
    // Other calls pass untouched while it waits for its own.
    expect(dataOf('userInfo', await call('userInfo', {}, token)).ipWhitelist).toEqual([]);
    // The list is saved, but the client only sees the connection fail.
    await expect(call('saveIpWhitelist', { ips: ['203.0.113.7'] }, token)).rejects.toThrow(TypeError);
    expect(demo.controls.get().nextCall).toBeNull();
    expect(dataOf('userInfo', await call('userInfo', {}, token)).ipWhitelist).toEqual(['203.0.113.7']);
    expect((await call('saveIpWhitelist', { ips: [] }, token)).code).toBe(200);
  });

  it('aimed at one call, waits for that call and lets the others through', async () => {
    const { token } = await signUp();
    demo.controls.set({ nextCall: { kind: 'code', code: 500001 }, nextCallTarget: 'apiKeyList' });
    expect((await call('userInfo', {}, token)).code).toBe(200);
    expect((await call('userInfo', {}, token)).code).toBe(200);
    expect(demo.controls.get().nextCall, 'still armed').toEqual({ kind: 'code', code: 500001 });
    expect(await call('apiKeyList', {}, token)).toMatchObject({ code: 500001, data: null });
    expect(demo.controls.get()).toMatchObject({ nextCall: null, nextCallTarget: 'apiKeyList' });
    expect((await call('apiKeyList', {}, token)).code).toBe(200);
  });

  it('leaves the IP lookup alone and answers it with the chosen country', async () => {
    demo.controls.set({ nextCall: { kind: 'networkError' }, ipCountry: 'de' });
    const lookup = await fetch(ipCountryUrl());
    expect(await lookup.text()).toBe('DE');
    expect(demo.controls.get().nextCall).toEqual({ kind: 'networkError' });
    await expect(call('userInfo')).rejects.toThrow(TypeError);
  });
});

describe('latency', () => {
  it('delays every answer by the chosen time', async () => {
    demo.controls.set({ latencyMs: 150 });
    const started = performance.now();
    const answer = await call('userInfo');
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.code).toBe(401);

    demo.controls.set({ latencyMs: 0 });
    const quick = performance.now();
    await call('userInfo');
    expect(performance.now() - quick).toBeLessThan(140);
  });
});

describe('sessions', () => {
  it('expiring the session makes the next authorized call answer 401', async () => {
    const first = await signUp();
    const second = await signUp();
    expireAllSessions(demo.db);
    expect(await call('userInfo', {}, first.token)).toEqual({ code: 401, msg: 'Login has expired', data: null });
    expect((await call('userInfo', {}, second.token)).code).toBe(401);
    // The accounts survive: signing in again works.
    expect((await call('login', { email: first.email, password: PASSWORD })).code).toBe(200);
  });

  it('logout ends only the session of the authorization header', async () => {
    const { email, token } = await signUp();
    const other = dataOf('login', await call('login', { email, password: PASSWORD })).token;
    expect(await call('logout', {}, token)).toMatchObject({ code: 200, data: null });
    expect((await call('userInfo', {}, token)).code).toBe(401);
    expect((await call('userInfo', {}, other)).code).toBe(200);
    // Without a session, logging out still succeeds.
    expect((await call('logout')).code).toBe(200);
  });

  it('user-info without a token answers 401', async () => {
    expect(await call('userInfo')).toEqual({ code: 401, msg: 'Login has expired', data: null });
    expect((await call('userInfo', {}, 'made-up-token')).code).toBe(401);
  });
});

describe('the controls store', () => {
  it('persists settings, clamps latency and ignores a malformed country', () => {
    const storage = memoryStorage();
    const store = createControlsStore(storage);
    store.set({ latencyMs: 99_999, requireBotCheck: true, ipCountry: 'fr' });
    store.set({ ipCountry: 'France' });
    expect(store.get()).toMatchObject({ latencyMs: 10_000, requireBotCheck: true, ipCountry: 'FR' });
    store.set({ latencyMs: -5 });
    expect(store.get().latencyMs).toBe(0);

    store.set({ nextCall: { kind: 'code', code: 500002 } });
    expect(createControlsStore(storage).get()).toMatchObject({ nextCall: { kind: 'code', code: 500002 }, ipCountry: 'FR' });
  });

  it('tells subscribers about changes and consumes the armed call once', () => {
    const store = createControlsStore(memoryStorage());
    let changes = 0;
    const stop = store.subscribe(() => (changes += 1));
    store.set({ nextCall: { kind: 'networkError' } });
    expect(store.consumeNextCall()).toEqual({ kind: 'networkError' });
    expect(store.consumeNextCall()).toBeNull();
    stop();
    store.set({ latencyMs: 10 });
    expect(changes).toBe(2);
  });

  it('falls back to the defaults when the stored settings are unreadable', () => {
    expect(createControlsStore(memoryStorage({ [CONTROLS_STORAGE_KEY]: '{oops' })).get()).toEqual(DEFAULT_SETTINGS);
    const wrongShape = JSON.stringify({ ...DEFAULT_SETTINGS, latencyMs: 'slow' });
    expect(createControlsStore(memoryStorage({ [CONTROLS_STORAGE_KEY]: wrongShape })).get()).toEqual(DEFAULT_SETTINGS);
  });
});
