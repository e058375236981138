import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EnvelopeSchema, endpoints, type Envelope, type GoogleLoginRequest, type SocialLoginRequest } from '../../../src/api/contract';
import { encodeRequest } from '../../../src/api/encode';
import { FREE_CREDITS, findAccountByEmail } from '../../../src/demo/db';
import { DEMO_CREDENTIAL_TTL_SECONDS, decodeDemoCredential, demoNonce, encodeDemoCredential } from '../../../src/demo/socialCredential';
import { ORIGIN, PASSWORD, call, dataOf, signUp, startDemoServer, uniqueEmail } from './helpers';

const demo = startDemoServer();

const REFUSED = { code: 400001, msg: 'This sign-in could not be verified. Please try again.', data: null };

type SocialCall = 'googleLogin' | 'outlookLogin';

/** Posts a social sign-in the way the client does: form or URL-encoded body, plus the `verify` header. */
async function socialCall(
  name: SocialCall,
  request: Partial<SocialLoginRequest | GoogleLoginRequest>,
  verify = request.turnstileToken ?? '',
): Promise<Envelope<unknown>> {
  const { method, path, body: kind } = endpoints[name];
  const { body } = encodeRequest(path, kind, { referDomain: '', utmTerm: '', ...request });
  const response = await fetch(new URL(path, ORIGIN), { method, headers: { verify }, body });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return v.parse(EnvelopeSchema, await response.json()) as Envelope<unknown>;
}

function googleCredential(email: string, name = 'Ada Lovelace'): string {
  return encodeDemoCredential('google', { email, name });
}

function microsoftCredential(email: string, name = 'Grace Hopper'): string {
  return encodeDemoCredential('microsoft', { email, name });
}

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

describe('demo credentials', () => {
  it('round-trips the provider, address and name, with a stable subject per address', () => {
    const token = encodeDemoCredential('google', { email: 'zoe@example.com', name: 'Zoë Ångström' });
    expect(token.split('.')).toHaveLength(3);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.demo$/);
    const decoded = decodeDemoCredential(token);
    expect(decoded).toMatchObject({ provider: 'google', email: 'zoe@example.com', name: 'Zoë Ångström' });
    expect(decodeDemoCredential(encodeDemoCredential('google', { email: 'Zoe@Example.com', name: 'Other' }))?.sub).toBe(decoded?.sub);
    expect(decodeDemoCredential(encodeDemoCredential('microsoft', { email: 'zoe@example.com', name: 'Zoë' }))?.sub).not.toBe(decoded?.sub);

    const microsoft = decodeDemoCredential(encodeDemoCredential('microsoft', { email: 'grace@example.com', name: 'Grace' }));
    expect(microsoft).toMatchObject({ provider: 'microsoft', email: 'grace@example.com', name: 'Grace' });
  });

  it('carries the JWT header and claims a real id token has', () => {
    const [header = '', payload = ''] = encodeDemoCredential('microsoft', { email: 'grace@example.com', name: 'Grace' }, 1_700_000_000_000).split(
      '.',
    );
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'none', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      iss: 'https://login.microsoftonline.com/demo/v2.0',
      email: 'grace@example.com',
      email_verified: true,
      iat: 1_700_000_000,
      exp: 1_700_000_000 + DEMO_CREDENTIAL_TTL_SECONDS,
    });
  });

  it('refuses malformed tokens', () => {
    const good = googleCredential('ada@example.com');
    const [header = '', payload = ''] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    for (const bad of [
      '',
      'not-a-token',
      `${header}.${payload}`,
      `${header}.${payload}.signed`,
      `${header}.${payload}.demo.extra`,
      `${header}.***.demo`,
      `${header}.${base64Url('{"iss":')}.demo`,
      `${base64Url('{"alg":"RS256","typ":"JWT"}')}.${payload}.demo`,
      `${header}.${base64Url(JSON.stringify({ ...claims, email: 'not-an-email' }))}.demo`,
      `${header}.${base64Url(JSON.stringify({ ...claims, email_verified: false }))}.demo`,
      `${header}.${base64Url(JSON.stringify({ ...claims, exp: undefined }))}.demo`,
    ]) {
      expect(decodeDemoCredential(bad), bad).toBeNull();
    }
  });

  it('refuses another issuer', () => {
    const [header = '', payload = ''] = googleCredential('ada@example.com').split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    expect(decodeDemoCredential(`${header}.${base64Url(JSON.stringify({ ...claims, iss: 'https://evil.example' }))}.demo`)).toBeNull();
  });

  it('refuses an expired token', () => {
    const issued = Date.UTC(2026, 2, 1, 10);
    const token = encodeDemoCredential('google', { email: 'ada@example.com', name: 'Ada' }, issued);
    expect(decodeDemoCredential(token, issued + DEMO_CREDENTIAL_TTL_SECONDS * 1000 - 1000)).not.toBeNull();
    expect(decodeDemoCredential(token, issued + DEMO_CREDENTIAL_TTL_SECONDS * 1000)).toBeNull();
  });
});

describe('Google sign-in', () => {
  it('creates the account on first use, then signs the same account in', async () => {
    const email = uniqueEmail('google');
    const first = dataOf(
      'googleLogin',
      await socialCall('googleLogin', { credential: googleCredential(email), referDomain: 'news.example', utmTerm: 'launch' }),
    );
    expect(first.isNewUser).toBe(true);
    expect(first.userInfo).toMatchObject({ email, credits: FREE_CREDITS, nickname: 'Ada Lovelace' });
    expect(first.userInfo.apiKey).toMatch(/^nb_[0-9a-f]{40}$/);

    const tables = demo.db.read();
    const account = findAccountByEmail(tables, email);
    expect(account).toMatchObject({ referDomain: 'news.example', utmTerm: 'launch', passwordHash: null, providers: ['google'] });
    expect(account?.apiKeys).toEqual([expect.objectContaining({ primary: true, name: 'Default' })]);
    expect(JSON.stringify(tables)).not.toContain(first.userInfo.apiKey);
    expect(tables.ledger.filter((entry) => entry.accountId === account?.id)).toEqual([
      expect.objectContaining({ kind: 'grant', credits: FREE_CREDITS }),
    ]);

    const second = dataOf(
      'googleLogin',
      await socialCall('googleLogin', { credential: googleCredential(email.toUpperCase()), referDomain: 'other.example' }),
    );
    expect(second.isNewUser).toBe(false);
    expect(second.token).not.toBe(first.token);
    expect(second.userInfo).toMatchObject({ id: first.userInfo.id, apiKey: first.userInfo.apiKey, credits: FREE_CREDITS });
    expect(findAccountByEmail(demo.db.read(), email)?.referDomain).toBe('news.example');

    const me = dataOf('userInfo', await call('userInfo', {}, second.token));
    expect(me).toMatchObject({ id: first.userInfo.id, email, credits: FREE_CREDITS });
  });

  it("takes the live request's shape, the attempt's raw nonce beside the credential", async () => {
    const email = uniqueEmail('google-nonce');
    const request: Partial<GoogleLoginRequest> = { credential: googleCredential(email), nonce: demoNonce() };
    const signedIn = dataOf('googleLogin', await socialCall('googleLogin', request));
    expect(signedIn.userInfo).toMatchObject({ email });
  });

  it('signs an e-mail/password account in as the same account, and its password keeps working', async () => {
    const signedUp = await signUp();
    const google = dataOf('googleLogin', await socialCall('googleLogin', { credential: googleCredential(signedUp.email) }));
    expect(google.isNewUser).toBe(false);
    expect(google.userInfo.id).toBe(signedUp.userInfo.id);
    expect(findAccountByEmail(demo.db.read(), signedUp.email)?.providers).toEqual(['google']);
    expect((await call('login', { email: signedUp.email, password: PASSWORD })).code).toBe(200);
  });

  it('gives an account made by Google no password to guess', async () => {
    const email = uniqueEmail('google');
    await socialCall('googleLogin', { credential: googleCredential(email) });
    expect(await call('login', { email, password: '' })).toMatchObject({ code: 400001 });
    expect(await call('login', { email, password: PASSWORD })).toEqual({ code: 400001, msg: 'Incorrect e-mail or password.', data: null });
  });

  it('refuses malformed, expired and Microsoft credentials with a clear message', async () => {
    const email = uniqueEmail('google');
    const expired = encodeDemoCredential('google', { email, name: 'Ada' }, Date.now() - DEMO_CREDENTIAL_TTL_SECONDS * 1000 - 1000);
    for (const credential of ['garbage', expired, microsoftCredential(email)]) {
      expect(await socialCall('googleLogin', { credential })).toEqual(REFUSED);
    }
    expect(await socialCall('googleLogin', { credential: '' })).toEqual(REFUSED);
    expect(await socialCall('googleLogin', {})).toEqual(REFUSED);
    expect(findAccountByEmail(demo.db.read(), email)).toBeUndefined();
  });
});

describe('Microsoft (Outlook) sign-in', () => {
  it('reads a URL-encoded body and creates, then signs in, the account', async () => {
    expect(endpoints.outlookLogin.body).toBe('urlencoded');
    const email = uniqueEmail('outlook');
    const first = dataOf(
      'outlookLogin',
      await socialCall('outlookLogin', { credential: microsoftCredential(email), referDomain: 'blog.example', utmTerm: 'spring' }),
    );
    expect(first.isNewUser).toBe(true);
    expect(first.userInfo).toMatchObject({ email, credits: FREE_CREDITS, nickname: 'Grace Hopper' });
    expect(findAccountByEmail(demo.db.read(), email)).toMatchObject({ referDomain: 'blog.example', utmTerm: 'spring', providers: ['microsoft'] });

    const second = dataOf('outlookLogin', await socialCall('outlookLogin', { credential: microsoftCredential(email) }));
    expect(second.isNewUser).toBe(false);
    expect(dataOf('userInfo', await call('userInfo', {}, second.token)).id).toBe(first.userInfo.id);
  });

  it('refuses a Google credential', async () => {
    expect(await socialCall('outlookLogin', { credential: googleCredential(uniqueEmail('outlook')) })).toEqual(REFUSED);
  });

  it('links both providers to one account', async () => {
    const email = uniqueEmail('both');
    const google = dataOf('googleLogin', await socialCall('googleLogin', { credential: googleCredential(email) }));
    const outlook = dataOf('outlookLogin', await socialCall('outlookLogin', { credential: microsoftCredential(email) }));
    expect(outlook).toMatchObject({ isNewUser: false, userInfo: { id: google.userInfo.id } });
    expect(findAccountByEmail(demo.db.read(), email)?.providers).toEqual(['google', 'microsoft']);
  });
});

describe('bot check and demo controls on social sign-in', () => {
  it.each<SocialCall>(['googleLogin', 'outlookLogin'])('%s asks +botcheck addresses for a token, taken from the body', async (name) => {
    const email = uniqueEmail('qa+botcheck');
    const credential = name === 'googleLogin' ? googleCredential(email) : microsoftCredential(email);
    expect(await socialCall(name, { credential })).toEqual({ code: 100002, msg: 'Bot check required', data: null });
    expect((await socialCall(name, { credential, turnstileToken: 'demo-pass-' })).code).toBe(100002);
    expect((await socialCall(name, { credential, turnstileToken: 'not-a-demo-token' })).code).toBe(100002);
    expect(findAccountByEmail(demo.db.read(), email)).toBeUndefined();

    // Only in the body: the header is left empty, as when the client sends no challenge.
    const passed = dataOf(name, await socialCall(name, { credential, turnstileToken: 'demo-pass-body' }, ''));
    expect(passed).toMatchObject({ isNewUser: true, userInfo: { email } });
  });

  it.each<SocialCall>(['googleLogin', 'outlookLogin'])('%s accepts the token from the verify header alone', async (name) => {
    const email = uniqueEmail('qa+botcheck');
    const credential = name === 'googleLogin' ? googleCredential(email) : microsoftCredential(email);
    expect((await socialCall(name, { credential }, 'demo-pass-')).code).toBe(100002);
    const passed = dataOf(name, await socialCall(name, { credential }, 'demo-pass-header'));
    expect(passed.userInfo.email).toBe(email);
  });

  it('asks everyone when the controls require the bot check', async () => {
    const email = uniqueEmail('plain');
    demo.controls.set({ requireBotCheck: true });
    expect((await socialCall('googleLogin', { credential: googleCredential(email) })).code).toBe(100002);
    expect((await socialCall('outlookLogin', { credential: microsoftCredential(email) })).code).toBe(100002);
    expect((await socialCall('googleLogin', { credential: googleCredential(email), turnstileToken: 'demo-pass-1' })).code).toBe(200);
    demo.controls.set({ requireBotCheck: false });
    expect((await socialCall('outlookLogin', { credential: microsoftCredential(email) })).code).toBe(200);
  });

  it('answers the failure armed for the next call once, then works again', async () => {
    const email = uniqueEmail('armed');
    demo.controls.set({ nextCall: { kind: 'code', code: 500 } });
    expect(await socialCall('googleLogin', { credential: googleCredential(email) })).toMatchObject({ code: 500, data: null });
    expect(demo.controls.get().nextCall).toBeNull();
    expect(findAccountByEmail(demo.db.read(), email)).toBeUndefined();
    expect((await socialCall('googleLogin', { credential: googleCredential(email) })).code).toBe(200);

    demo.controls.set({ nextCall: { kind: 'networkError' } });
    await expect(socialCall('outlookLogin', { credential: microsoftCredential(email) })).rejects.toThrow();
    expect((await socialCall('outlookLogin', { credential: microsoftCredential(email) })).code).toBe(200);
  });
});
