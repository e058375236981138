/**
 * Turnstile's tokens and its Siteverify check, as the live tests stand them in, a specification of Cloudflare's
 * "Validate the token" (https://developers.cloudflare.com/turnstile/get-started/server-side-validation/):
 * - Tokens are opaque to the site; only Siteverify, given the widget's secret key, says whether one is good. Here a
 *   token is its claims with an HMAC of the secret ("a token which is cryptographically secured").
 * - Siteverify takes `secret`, `response` and optionally `idempotency_key` ("Accepted parameters"; `remoteip` is not
 *   modelled: Cloudflare says it "is currently not strictly validated").
 * - It answers `success`, `challenge_ts`, `hostname`, `action`, `cdata` and `error-codes` ("Successful validation
 *   response"): `action` and `cdata` are what the widget was rendered with, "integrity protected", and "It is
 *   recommended to validate that the action matches an expected value".
 * - Its error codes: `missing-input-secret`, `invalid-input-secret`, `missing-input-response`,
 *   `invalid-input-response` (a forged or unreadable token; also one longer than a token can be, 2048 characters),
 *   `timeout-or-duplicate` ("Error codes").
 * - A token is "valid for 300 seconds before it is rejected by siteverify", and "the siteverify API will only validate
 *   a token once": a second check of the same token is `timeout-or-duplicate`, unless it repeats the first check's
 *   `idempotency_key`, which gets the first answer again.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_LIFETIME_SECONDS = 300;
/** "A Turnstile token can have up to 2048 characters." */
const TOKEN_MAX_LENGTH = 2048;

interface TokenClaims {
  id: string;
  sitekey: string;
  hostname: string;
  action: string;
  cdata: string;
  /** Seconds since the epoch. */
  issuedAt: number;
}

export interface SiteverifyRequest {
  secret?: string;
  response?: string;
  idempotency_key?: string;
}

export interface SiteverifyResult {
  success: boolean;
  'error-codes': string[];
  challenge_ts?: string;
  hostname?: string;
  action?: string;
  cdata?: string;
}

function mac(secret: string, body: string): Buffer {
  return createHmac('sha256', secret).update(body).digest();
}

export function issueToken(secret: string, claims: Omit<TokenClaims, 'id'>): string {
  const body = Buffer.from(JSON.stringify({ ...claims, id: randomBytes(12).toString('hex') })).toString('base64url');
  return `0.${body}.${mac(secret, body).toString('base64url')}`;
}

function readClaims(body: string): TokenClaims | null {
  try {
    const value = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<TokenClaims>;
    const text = (field: unknown): field is string => typeof field === 'string';
    if (!text(value.id) || !text(value.sitekey) || !text(value.hostname) || typeof value.issuedAt !== 'number') return null;
    return {
      id: value.id,
      sitekey: value.sitekey,
      hostname: value.hostname,
      action: value.action ?? '',
      cdata: value.cdata ?? '',
      issuedAt: value.issuedAt,
    };
  } catch {
    return null;
  }
}

function refused(code: string): SiteverifyResult {
  return { success: false, 'error-codes': [code] };
}

/** Siteverify for one widget, whose secret key it knows; remembers the tokens it has redeemed. */
export function createSiteverify(widgetSecret: string): (request: SiteverifyRequest, now?: number) => SiteverifyResult {
  /** Each redeemed token's first answer, and the idempotency key it was asked with (if any). */
  const redeemed = new Map<string, { key: string | undefined; answer: SiteverifyResult }>();
  return ({ secret, response, idempotency_key: key }, now = Date.now()) => {
    if (secret === undefined || secret === '') return refused('missing-input-secret');
    if (secret !== widgetSecret) return refused('invalid-input-secret');
    if (response === undefined || response.trim() === '') return refused('missing-input-response');
    const token = response.trim();
    const [version, body = '', signature = ''] = token.split('.');
    const expected = mac(widgetSecret, body);
    const given = Buffer.from(signature, 'base64url');
    const claims = readClaims(body);
    if (token.length > TOKEN_MAX_LENGTH || version !== '0' || given.length !== expected.length || !timingSafeEqual(given, expected) || !claims) {
      return refused('invalid-input-response');
    }
    const earlier = redeemed.get(claims.id);
    if (earlier) return key !== undefined && key === earlier.key ? earlier.answer : refused('timeout-or-duplicate');
    if (now / 1000 - claims.issuedAt > TOKEN_LIFETIME_SECONDS) return refused('timeout-or-duplicate');
    const answer: SiteverifyResult = {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(claims.issuedAt * 1000).toISOString(),
      hostname: claims.hostname,
      action: claims.action,
      cdata: claims.cdata,
    };
    redeemed.set(claims.id, { key, answer });
    return answer;
  };
}
