/**
 * Turnstile's tokens and its Siteverify check, as the live tests stand them in. Cloudflare's tokens are opaque to
 * the site; only Siteverify (given the widget's secret key) says whether one is good. Here a token is its claims
 * with an HMAC of the secret, and `siteverify` answers as Cloudflare documents: `success`, `challenge_ts`,
 * `hostname`, `action`, `cdata` and `error-codes` (`missing-input-secret`, `invalid-input-secret`,
 * `missing-input-response`, `invalid-input-response`, `timeout-or-duplicate`). A token is good for 300 seconds and
 * for one check only.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TOKEN_LIFETIME_SECONDS = 300;

interface TokenClaims {
  id: string;
  sitekey: string;
  hostname: string;
  action: string;
  cdata: string;
  /** Seconds since the epoch. */
  issuedAt: number;
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

/** Siteverify for one widget's secret; remembers the tokens it has redeemed. */
export function createSiteverify(secret: string): (response: string | undefined, now?: number) => SiteverifyResult {
  const redeemed = new Set<string>();
  return (response, now = Date.now()) => {
    if (response === undefined || response.trim() === '') return { success: false, 'error-codes': ['missing-input-response'] };
    const [version, body = '', signature = ''] = response.trim().split('.');
    const expected = mac(secret, body);
    const given = Buffer.from(signature, 'base64url');
    const claims = readClaims(body);
    if (version !== '0' || given.length !== expected.length || !timingSafeEqual(given, expected) || !claims) {
      return { success: false, 'error-codes': ['invalid-input-response'] };
    }
    if (redeemed.has(claims.id) || now / 1000 - claims.issuedAt > TOKEN_LIFETIME_SECONDS) {
      return { success: false, 'error-codes': ['timeout-or-duplicate'] };
    }
    redeemed.add(claims.id);
    return {
      success: true,
      'error-codes': [],
      challenge_ts: new Date(claims.issuedAt * 1000).toISOString(),
      hostname: claims.hostname,
      action: claims.action,
      cdata: claims.cdata,
    };
  };
}
