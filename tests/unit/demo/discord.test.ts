import { afterEach, describe, expect, it } from 'vitest';
import { isHighEntropyState } from '../../../machines/discordJoin.machine';
import {
  DISCORD_STATE_KEY,
  DISCORD_STATE_TTL_MS,
  isAllowedAuthorizeUrl,
  readDiscordReturn,
  readExpectedState,
  readJoinInput,
  rememberRequestState,
  safeInviteUrl,
  withoutReturnParams,
} from '../../../src/actors/discordJoin';
import { CODE_TTL_MS } from '../../../src/demo/db';
import { authorizedReturn, errorReturn, issueDiscordCode, parseConsentRequest } from '../../../src/demo/discord/consent';
import { DEMO_DISCORD_INVITE_URL } from '../../../src/demo/handlers/discord';
import { DEMO_DISCORD_PATH } from '../../../src/services/demoPages';
import { ORIGIN, call, dataOf, signUp, startDemoServer } from './helpers';

const demo = startDemoServer();

async function authorizeUrl(token: string): Promise<string> {
  return dataOf('discordAuthorizeUrl', await call('discordAuthorizeUrl', {}, token)).url;
}

function codeEntry(code: string) {
  return demo.db.read().discordCodes.find((entry) => entry.code === code);
}

describe('Discord authorize URL', () => {
  it('points at the demo consent page with the app’s client, scopes, return address and a fresh state', async () => {
    const { token } = await signUp();
    const url = await authorizeUrl(token);
    expect(url).toMatch(
      new RegExp(
        `^${ORIGIN}${DEMO_DISCORD_PATH}authorize\\?client_id=demo&response_type=code&scope=identify\\+guilds\\.join&redirect_uri=${encodeURIComponent(`${ORIGIN}/join-discord`).replace(/\./g, '\\.')}&state=[0-9a-f]{64}$`,
      ),
    );
    expect(new URL(await authorizeUrl(token)).searchParams.get('state')).not.toBe(new URL(url).searchParams.get('state'));
    // The consent page reads it as Discord would, and the app vouches for it in demo mode only.
    expect(parseConsentRequest(url)).toEqual({
      kind: 'valid',
      clientId: 'demo',
      scopes: ['identify', 'guilds.join'],
      redirectUri: `${ORIGIN}/join-discord`,
      state: new URL(url).searchParams.get('state'),
    });
    expect(isAllowedAuthorizeUrl(url, ORIGIN, true)).toBe(true);
    expect(isAllowedAuthorizeUrl(url, ORIGIN, false)).toBe(false);
  });

  it('carries a state of 256 random bits, which the app accepts as unguessable', async () => {
    const { token } = await signUp();
    const states = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const state = new URL(await authorizeUrl(token)).searchParams.get('state') ?? '';
      expect(state).toMatch(/^[0-9a-f]{64}$/);
      expect(isHighEntropyState(state)).toBe(true);
      states.add(state);
    }
    expect(states.size).toBe(20);
  });

  it('answers 401 without a session', async () => {
    expect(await call('discordAuthorizeUrl')).toEqual({ code: 401, msg: 'Login has expired', data: null });
    expect((await call('discordAuthorizeUrl', {}, 'made-up-token')).code).toBe(401);
  });
});

describe('Discord authorize (trading the code)', () => {
  it('connects the account once, and user-info then reports the Discord name', async () => {
    const { token, userInfo } = await signUp();
    expect(userInfo.discordUsername).toBeNull();
    const { code } = issueDiscordCode(demo.db, 'banana_dev');
    expect(codeEntry(code)).toMatchObject({ discordUsername: 'banana_dev', used: false });

    const answer = await call('discordAuthorize', { oauthCode: code }, token);
    expect(dataOf('discordAuthorize', answer)).toEqual({ discordUsername: 'banana_dev', inviteUrl: DEMO_DISCORD_INVITE_URL });
    expect(safeInviteUrl(DEMO_DISCORD_INVITE_URL)).toBe(DEMO_DISCORD_INVITE_URL);
    expect(codeEntry(code)?.used).toBe(true);
    expect(dataOf('userInfo', await call('userInfo', {}, token)).discordUsername).toBe('banana_dev');

    // A code works once, even for the same account.
    expect(await call('discordAuthorize', { oauthCode: code }, token)).toEqual({
      code: 400001,
      msg: 'This Discord code was already used. Connect again to get a new one.',
      data: null,
    });
  });

  it('connecting again replaces the Discord name', async () => {
    const { token } = await signUp();
    await call('discordAuthorize', { oauthCode: issueDiscordCode(demo.db, 'first_name').code }, token);
    const again = await call('discordAuthorize', { oauthCode: issueDiscordCode(demo.db, 'second.name').code }, token);
    expect(dataOf('discordAuthorize', again).discordUsername).toBe('second.name');
    expect(dataOf('userInfo', await call('userInfo', {}, token)).discordUsername).toBe('second.name');
  });

  it('refuses an unknown, an expired or a missing code, and leaves the account unconnected', async () => {
    const { token } = await signUp();
    expect(await call('discordAuthorize', { oauthCode: 'not-a-code' }, token)).toEqual({
      code: 400001,
      msg: 'Discord did not recognise this code. Connect again to get a new one.',
      data: null,
    });
    const old = issueDiscordCode(demo.db, 'late_user', Date.now() - CODE_TTL_MS);
    expect(await call('discordAuthorize', { oauthCode: old.code }, token)).toEqual({
      code: 400001,
      msg: 'This Discord code has expired. Connect again to get a new one.',
      data: null,
    });
    expect(codeEntry(old.code)?.used).toBe(false);
    expect(await call('discordAuthorize', { oauthCode: '  ' }, token)).toMatchObject({ code: 400001, msg: 'The Discord code is missing.' });
    expect(await call('discordAuthorize', {}, token)).toMatchObject({ code: 400001, msg: 'The field "oauthCode" is missing or has the wrong type.' });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).discordUsername).toBeNull();
  });

  it('answers 401 without a session and does not spend the code', async () => {
    const { code } = issueDiscordCode(demo.db, 'banana_dev');
    expect(await call('discordAuthorize', { oauthCode: code })).toEqual({ code: 401, msg: 'Login has expired', data: null });
    expect(codeEntry(code)?.used).toBe(false);
  });

  it('an armed failure answers before the code is looked at', async () => {
    const { token } = await signUp();
    const { code } = issueDiscordCode(demo.db, 'banana_dev');
    demo.controls.set({ nextCall: { kind: 'code', code: 500001 } });
    expect(await call('discordAuthorize', { oauthCode: code }, token)).toMatchObject({ code: 500001, data: null });
    expect(codeEntry(code)?.used).toBe(false);
    expect((await call('discordAuthorize', { oauthCode: code }, token)).code).toBe(200);
  });
});

describe('the consent page’s codes', () => {
  it('drops spent and expired codes when it hands out a new one', () => {
    const now = Date.now();
    const spent = issueDiscordCode(demo.db, 'a_user', now);
    const expired = issueDiscordCode(demo.db, 'b_user', now - CODE_TTL_MS);
    const live = issueDiscordCode(demo.db, 'c_user', now);
    spent.used = true;
    const fresh = issueDiscordCode(demo.db, 'd_user', now);
    const codes = demo.db.read().discordCodes.map((entry) => entry.code);
    expect(codes).toEqual(expect.arrayContaining([live.code, fresh.code]));
    expect(codes).not.toContain(spent.code);
    expect(codes).not.toContain(expired.code);
    expect(fresh.code).toMatch(/^[0-9a-f]{30}$/);
  });
});

describe('the way back to the app', () => {
  const redirectUri = `${ORIGIN}/join-discord`;

  it('the app reads what the consent page sends back', () => {
    expect(readDiscordReturn(new URL(authorizedReturn(redirectUri, 'abc', 's-1')).search)).toEqual({ kind: 'code', code: 'abc', state: 's-1' });
    expect(readDiscordReturn(new URL(authorizedReturn(redirectUri, 'abc', null)).search)).toEqual({ kind: 'code', code: 'abc', state: null });
    expect(readDiscordReturn(new URL(errorReturn(redirectUri, 'access_denied', 's-1')).search)).toEqual({ kind: 'error', error: 'access_denied' });
    expect(readDiscordReturn(new URL(errorReturn(redirectUri, 'server_error', null)).search)).toEqual({ kind: 'error', error: 'server_error' });
    expect(readDiscordReturn('')).toBeNull();
    expect(readDiscordReturn('?code=%20&state=x')).toBeNull();
  });

  it('drops only Discord’s parameters from the address', () => {
    expect(withoutReturnParams(new URL(errorReturn(redirectUri, 'access_denied', 's-1')).search)).toBe('');
    expect(withoutReturnParams('?code=abc&state=s&utm_source=mail')).toBe('?utm_source=mail');
  });

  it('the app follows only Discord’s consent page (or the demo’s, in demo mode), asking a code back to this page, and links only Discord invites', () => {
    const request = `client_id=1&response_type=code&scope=identify&redirect_uri=${encodeURIComponent(redirectUri)}&state=x`;
    for (const path of ['/oauth2/authorize', '/api/oauth2/authorize', '/api/v10/oauth2/authorize']) {
      expect(isAllowedAuthorizeUrl(`https://discord.com${path}?${request}`, ORIGIN, false), path).toBe(true);
      expect(isAllowedAuthorizeUrl(`https://discord.com${path}?${request}`, ORIGIN, true), path).toBe(true);
    }
    expect(isAllowedAuthorizeUrl(`${ORIGIN}${DEMO_DISCORD_PATH}authorize?${request}`, ORIGIN, true)).toBe(true);
    const elsewhere = encodeURIComponent('https://evil.example/join-discord');
    for (const url of [
      `http://discord.com/oauth2/authorize?${request}`,
      `https://discord.com.evil.example/oauth2/authorize?${request}`,
      `https://user:pass@discord.com/oauth2/authorize?${request}`,
      `https://discord.com:8443/oauth2/authorize?${request}`,
      `https://discord.com/api/webhooks/1?${request}`,
      `https://discord.com/oauth2/authorize/extra?${request}`,
      `https://evil.example/demo-discord/authorize?${request}`,
      `${ORIGIN}${DEMO_DISCORD_PATH}elsewhere?${request}`,
      `${ORIGIN}/dashboard?${request}`,
      // Not an authorization-code request, no client, or a code sent back anywhere but this page of this origin.
      `https://discord.com/oauth2/authorize?${request.replace('response_type=code', 'response_type=token')}`,
      `https://discord.com/oauth2/authorize?${request.replace('client_id=1&', 'client_id=%20&')}`,
      `https://discord.com/oauth2/authorize?${request.replace('client_id=1&', '')}`,
      `https://discord.com/oauth2/authorize?${request.replace(encodeURIComponent(redirectUri), elsewhere)}`,
      `https://discord.com/oauth2/authorize?${request.replace(encodeURIComponent(redirectUri), encodeURIComponent(`${ORIGIN}/dashboard`))}`,
      `https://discord.com/oauth2/authorize?${request.replace(`&redirect_uri=${encodeURIComponent(redirectUri)}`, '')}`,
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAllowedAuthorizeUrl(url, ORIGIN, true), url).toBe(false);
      expect(isAllowedAuthorizeUrl(url, ORIGIN, false), url).toBe(false);
    }
    // The demo page is vouched for in demo mode only.
    expect(isAllowedAuthorizeUrl(`${ORIGIN}${DEMO_DISCORD_PATH}authorize?${request}`, ORIGIN, false)).toBe(false);
    expect(safeInviteUrl('https://discord.gg/abc')).toBe('https://discord.gg/abc');
    expect(safeInviteUrl('https://discord.com/invite/abc')).toBe('https://discord.com/invite/abc');
    for (const url of ['http://discord.gg/abc', 'https://discord.gg.evil.example/abc', 'javascript:alert(1)', '', null, undefined]) {
      expect(safeInviteUrl(url), String(url)).toBeNull();
    }
  });
});

describe('the state this tab remembers', () => {
  afterEach(() => sessionStorage.clear());

  it('is read back while it is recent, and the return is checked against it', () => {
    const now = Date.now();
    rememberRequestState('a-state', now);
    expect(readExpectedState(now + DISCORD_STATE_TTL_MS - 1)).toBe('a-state');
    history.replaceState(null, '', '/join-discord?code=c&state=a-state');
    expect(readJoinInput(location.search)).toMatchObject({ returned: { kind: 'code', code: 'c', state: 'a-state' }, expectedState: 'a-state' });
  });

  it('an old one no longer matches, and is forgotten', () => {
    const then = Date.now() - DISCORD_STATE_TTL_MS;
    rememberRequestState('old-state', then);
    expect(readExpectedState()).toBeNull();
    expect(sessionStorage.getItem(DISCORD_STATE_KEY)).toBeNull();
  });

  it('one it cannot read (an older format, an empty state, a date in the future) never matches', () => {
    for (const stored of ['plain-state', '', '{"state":"","savedAt":1}', '{"state":"x"}', `{"state":"x","savedAt":${Date.now() + 60_000}}`, 'null']) {
      sessionStorage.setItem(DISCORD_STATE_KEY, stored);
      expect(readExpectedState(), stored).toBeNull();
      expect(sessionStorage.getItem(DISCORD_STATE_KEY), stored).toBeNull();
    }
  });
});
