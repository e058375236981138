import { afterEach, describe, expect, it, vi } from 'vitest';
import { CODE_RESEND_MS, CODE_TTL_MS, FREE_CREDITS, MAX_CODE_ATTEMPTS, findAccountByEmail } from '../../../src/demo/db';
import { lastCodeFor } from '../../../src/demo/mailbox';
import { PASSWORD, call, dataOf, sendCode, signUp, uniqueEmail, startDemoServer } from './helpers';

const demo = startDemoServer();

afterEach(() => {
  vi.useRealTimers();
});

/** A code that is not the one in the mailbox. */
function otherCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

describe('sign-up with an e-mailed code', () => {
  it('creates the account with the mailbox code, a primary key, free credits and a session', async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    expect(code).toMatch(/^\d{6}$/);

    const answer = await call('register', { email: email.toUpperCase(), password: PASSWORD, code, referDomain: 'news.example', utmTerm: 'launch' });
    const data = dataOf('register', answer);
    expect(data.isNewUser).toBe(true);
    expect(data.userInfo.email).toBe(email);
    expect(data.userInfo.credits).toBe(FREE_CREDITS);
    expect(data.userInfo.apiKey).toMatch(/^nb_[0-9a-f]{40}$/);

    const me = dataOf('userInfo', await call('userInfo', {}, data.token));
    expect(me).toMatchObject({ email, apiKey: data.userInfo.apiKey, credits: FREE_CREDITS });

    const tables = demo.db.read();
    const account = findAccountByEmail(tables, email);
    expect(account).toMatchObject({ referDomain: 'news.example', utmTerm: 'launch' });
    // The key is derived when asked for, never stored: the tables hold the row, not the key.
    expect(account?.apiKeys).toEqual([expect.objectContaining({ primary: true, name: 'Default' })]);
    expect(JSON.stringify(tables)).not.toContain(data.userInfo.apiKey);
    expect(account?.passwordHash).not.toContain(PASSWORD);
    expect(tables.ledger.filter((entry) => entry.accountId === account?.id)).toEqual([
      expect.objectContaining({ kind: 'grant', credits: FREE_CREDITS }),
    ]);
    // Codes are stored hashed, never in clear.
    expect(JSON.stringify(tables.emailCodes)).not.toContain(code);
  });

  it('sends a fresh random code each time', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 6; i += 1) codes.add(await sendCode(uniqueEmail()));
    expect(codes.size).toBeGreaterThan(1);
  });

  it('refuses a registration without a code being sent, or with a wrong one', async () => {
    const email = uniqueEmail();
    const unsent = await call('register', { email, password: PASSWORD, code: '123456', referDomain: '', utmTerm: '' });
    expect(unsent).toMatchObject({ code: 400001, msg: 'Request a verification code first.' });

    const code = await sendCode(email);
    const wrong = await call('register', { email, password: PASSWORD, code: otherCode(code), referDomain: '', utmTerm: '' });
    expect(wrong).toMatchObject({ code: 400001, msg: 'The verification code is incorrect.' });
    // A wrong try does not burn the right code.
    expect((await call('register', { email, password: PASSWORD, code, referDomain: '', utmTerm: '' })).code).toBe(200);
  });

  it(`locks the code after ${MAX_CODE_ATTEMPTS} wrong tries`, async () => {
    const email = uniqueEmail();
    const code = await sendCode(email);
    for (let i = 0; i < MAX_CODE_ATTEMPTS; i += 1) {
      expect((await call('register', { email, password: PASSWORD, code: otherCode(code) })).msg).toBe('The verification code is incorrect.');
    }
    const locked = await call('register', { email, password: PASSWORD, code });
    expect(locked).toMatchObject({ code: 400001, msg: 'Too many wrong codes. Request a new one.' });
  });

  it('lets a code expire after ten minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T10:00:00Z');
    vi.setSystemTime(start);
    const email = uniqueEmail();
    const code = await sendCode(email);
    vi.setSystemTime(start.getTime() + CODE_TTL_MS + 1000);
    const late = await call('register', { email, password: PASSWORD, code });
    expect(late).toMatchObject({ code: 400001, msg: 'This code has expired. Request a new one.' });
  });

  it('refuses a resend within a minute, saying how long to wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-03-01T10:00:00Z');
    vi.setSystemTime(start);
    const email = uniqueEmail();
    await sendCode(email);

    vi.setSystemTime(start.getTime() + 15_000);
    const tooSoon = await call('sendCaptcha', { email, type: 'register' });
    expect(tooSoon).toMatchObject({ code: 400001, msg: 'Please wait 45 s before asking for another code.' });

    vi.setSystemTime(start.getTime() + CODE_RESEND_MS);
    expect((await call('sendCaptcha', { email, type: 'register' })).code).toBe(200);
    expect(lastCodeFor(email)).toMatch(/^\d{6}$/);
  });

  it('refuses an e-mail that is already registered, in any letter case', async () => {
    const { email } = await signUp();
    expect(await call('sendCaptcha', { email: email.toUpperCase(), type: 'register' })).toMatchObject({
      code: 400001,
      msg: 'This e-mail is already registered. Sign in instead.',
    });
    expect((await call('register', { email, password: PASSWORD, code: '123456' })).msg).toBe('This e-mail is already registered. Sign in instead.');
  });

  it('answers bad input with 400001 and a message, never a crash', async () => {
    expect(await call('sendCaptcha', { email: 'not-an-email', type: 'register' })).toMatchObject({
      code: 400001,
      msg: 'Enter a valid e-mail address.',
    });
    expect((await call('sendCaptcha', { email: uniqueEmail(), type: 'nonsense' })).code).toBe(400001);
    const email = uniqueEmail();
    const code = await sendCode(email);
    expect(await call('register', { email, password: 'short', code })).toMatchObject({
      code: 400001,
      msg: 'The password must be at least 8 characters long.',
    });
    expect(await call('login', { email })).toMatchObject({ code: 400001, msg: 'The field "password" is missing or has the wrong type.' });

    const broken = await fetch(`http://localhost:5173/client/v1/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expect(await broken.json()).toMatchObject({ code: 400001, msg: 'The request body could not be read.', data: null });
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one or an unknown account alike', async () => {
    const { email } = await signUp();
    const signedIn = dataOf('login', await call('login', { email: email.toUpperCase(), password: PASSWORD }));
    expect(signedIn.isNewUser).toBe(false);
    expect(signedIn.userInfo.email).toBe(email);
    expect(dataOf('userInfo', await call('userInfo', {}, signedIn.token)).email).toBe(email);

    expect(await call('login', { email, password: 'wrong-password' })).toEqual({ code: 400001, msg: 'Incorrect e-mail or password.', data: null });
    expect(await call('login', { email: uniqueEmail('nobody'), password: PASSWORD })).toEqual({
      code: 400001,
      msg: 'Incorrect e-mail or password.',
      data: null,
    });
  });

  it('accepts a Bearer prefix on the authorization header', async () => {
    const { token, email } = await signUp();
    expect(dataOf('userInfo', await call('userInfo', {}, `Bearer ${token}`)).email).toBe(email);
  });
});

describe('password reset', () => {
  it('sets the new password with a reset code and signs every device out', async () => {
    const { email, token } = await signUp();
    const code = await sendCode(email, 'resetPassword');
    const reset = await call('resetPassword', { email, password: 'brand-new-pass', code });
    expect(reset).toMatchObject({ code: 200, data: null });

    expect((await call('userInfo', {}, token)).code).toBe(401);
    expect((await call('login', { email, password: PASSWORD })).code).toBe(400001);
    expect((await call('login', { email, password: 'brand-new-pass' })).code).toBe(200);
  });

  it('refuses unknown accounts and codes sent for another purpose', async () => {
    const unknown = uniqueEmail('nobody');
    expect((await call('sendCaptcha', { email: unknown, type: 'resetPassword' })).code).toBe(400001);
    expect((await call('resetPassword', { email: unknown, password: 'brand-new-pass', code: '123456' })).code).toBe(400001);

    // A sign-up code is no reset code.
    const email = uniqueEmail();
    const signUpCode = await sendCode(email);
    await call('register', { email, password: PASSWORD, code: signUpCode });
    const reset = await call('resetPassword', { email, password: 'brand-new-pass', code: signUpCode });
    expect(reset).toMatchObject({ code: 400001, msg: 'Request a verification code first.' });
  });
});
