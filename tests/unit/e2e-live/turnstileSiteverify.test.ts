// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createTurnstileCheck } from '../../e2e-live/server/turnstileCheck';
import { createSiteverify, issueToken, TOKEN_LIFETIME_SECONDS } from '../../e2e-live/standins/turnstileTokens';

const SECRET = 'unit-test-secret';
const NOW = Date.parse('2026-11-30T12:00:00Z');
const issuedAt = Math.floor(NOW / 1000) - 10;

function token(claims: Partial<{ hostname: string; action: string; cdata: string; issuedAt: number }> = {}): string {
  return issueToken(SECRET, { sitekey: 'site-key', hostname: '127.0.0.1', action: 'login', cdata: '', issuedAt, ...claims });
}

describe('Siteverify\'s stand-in, as Cloudflare\'s "Validate the token" documents it', () => {
  it('vouches once for a token it issued, handing back the hostname, action and cData it was solved with', () => {
    const siteverify = createSiteverify(SECRET);
    const response = token({ action: 'register', cdata: 'form-1' });
    expect(siteverify({ secret: SECRET, response }, NOW)).toEqual({
      success: true,
      'error-codes': [],
      challenge_ts: new Date(issuedAt * 1000).toISOString(),
      hostname: '127.0.0.1',
      action: 'register',
      cdata: 'form-1',
    });
    // "The siteverify API will only validate a token once."
    expect(siteverify({ secret: SECRET, response }, NOW)).toEqual({ success: false, 'error-codes': ['timeout-or-duplicate'] });
  });

  it('answers a repeated check with the same idempotency key as the first time, and any other repeat as a duplicate', () => {
    const siteverify = createSiteverify(SECRET);
    const response = token();
    const first = siteverify({ secret: SECRET, response, idempotency_key: 'key-1' }, NOW);
    expect(first.success).toBe(true);
    expect(siteverify({ secret: SECRET, response, idempotency_key: 'key-1' }, NOW)).toEqual(first);
    expect(siteverify({ secret: SECRET, response, idempotency_key: 'key-2' }, NOW)['error-codes']).toEqual(['timeout-or-duplicate']);
  });

  it('refuses a token older than 300 seconds', () => {
    const siteverify = createSiteverify(SECRET);
    const stale = token({ issuedAt: Math.floor(NOW / 1000) - TOKEN_LIFETIME_SECONDS - 1 });
    expect(siteverify({ secret: SECRET, response: stale }, NOW)['error-codes']).toEqual(['timeout-or-duplicate']);
  });

  it('says which parameter is wrong: the secret, a missing token, a forged or oversized one', () => {
    const siteverify = createSiteverify(SECRET);
    const response = token();
    expect(siteverify({ response }, NOW)['error-codes']).toEqual(['missing-input-secret']);
    expect(siteverify({ secret: 'another', response }, NOW)['error-codes']).toEqual(['invalid-input-secret']);
    expect(siteverify({ secret: SECRET, response: ' ' }, NOW)['error-codes']).toEqual(['missing-input-response']);
    const forged = issueToken('not-the-secret', { sitekey: 'site-key', hostname: '127.0.0.1', action: 'login', cdata: '', issuedAt });
    expect(siteverify({ secret: SECRET, response: forged }, NOW)['error-codes']).toEqual(['invalid-input-response']);
    expect(siteverify({ secret: SECRET, response: `${response}${'x'.repeat(2048)}` }, NOW)['error-codes']).toEqual(['invalid-input-response']);
  });
});

describe("the test API's bot-check check: Siteverify, then the hostname and the form's action", () => {
  it('accepts a token solved on the site for the form it came with', () => {
    const check = createTurnstileCheck(SECRET);
    expect(check(token({ action: 'login' }), '/client/v1/user/login')).toMatchObject({ success: true, accepted: true, refusal: null });
    expect(check(token({ action: 'login' }), '/client/v1/user/outlook-login')).toMatchObject({ accepted: true });
    expect(check(token({ action: 'register' }), '/client/v1/user/userRegistration')).toMatchObject({ accepted: true });
    expect(check(token({ action: 'reset' }), '/client/v1/user/reset-password')).toMatchObject({ accepted: true });
  });

  it('refuses a good token solved for another form, or on another host', () => {
    const check = createTurnstileCheck(SECRET);
    expect(check(token({ action: 'login' }), '/client/v1/user/userRegistration')).toMatchObject({
      success: true,
      accepted: false,
      refusal: 'solved for "login", not for "register"',
    });
    expect(check(token({ hostname: 'evil.example' }), '/client/v1/user/login')).toMatchObject({
      success: true,
      accepted: false,
      refusal: 'solved on evil.example, not on this site',
    });
  });

  it("passes Siteverify's own refusal on, with no reason of its own", () => {
    const check = createTurnstileCheck(SECRET);
    const response = token();
    check(response, '/client/v1/user/login');
    expect(check(response, '/client/v1/user/login')).toMatchObject({
      success: false,
      accepted: false,
      refusal: null,
      'error-codes': ['timeout-or-duplicate'],
    });
  });
});
