/**
 * What a real backend checks before it lets a sign-in through, done here before demo mode's handlers see the
 * request:
 * - a Google ID token (`credential` of google-login) is verified as Google documents ("Verify the Google ID token on
 *   your server side", https://developers.google.com/identity/gsi/web/guides/verify-google-id-token): the RS256
 *   signature against the issuer's published keys (fetched over HTTP, as from https://www.googleapis.com/oauth2/v3/certs),
 *   `iss`, `aud` = the build's client id, `exp`. Then the attempt's nonce (docs/api.md, "Google ID tokens"): the raw
 *   `nonce` sent beside the token must hash (SHA-256, hex or base64url) to the token's `nonce` claim, the binding
 *   Supabase documents for ID-token sign-in ("Login with Google", https://supabase.com/docs/guides/auth/social-login/auth-google,
 *   "Important note on nonce validation"), and a nonce signs in once: it is held while its request is answered,
 *   spent when the answer signs someone in, and free again otherwise (a sign-in asked for a bot check is sent again
 *   with the same token). A good token goes on as the handlers' own credential for that account; a bad one goes on
 *   empty, which the handler refuses as any unverifiable sign-in.
 * - a Turnstile token (`turnstileToken` in the body, or the `verify` header) is redeemed with Siteverify and its
 *   hostname and action checked (./turnstileCheck.ts). A good one goes on as a token the handlers' bot check accepts;
 *   a bad one is dropped, so a sign-in that needs the check is asked for it again (code 100002).
 * Each outcome is logged for the tests, which read it at /__test/*.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { DEMO_PASS_PREFIX } from '../../../src/demo/botCheck';
import { encodeDemoCredential } from '../../../src/demo/socialCredential';
import settings from '../settings.json';
import { GOOGLE_ISSUER } from '../standins/googleIssuer';
import { createTurnstileCheck, type TurnstileVerification } from './turnstileCheck';

export interface GoogleVerification {
  /** The credential as sent, so a test can find the outcome of the tokens it handed over. */
  credential: string;
  /** The raw nonce sent beside it. */
  nonce: string;
  ok: boolean;
  /** The verified account, or why the token was refused. */
  email: string | null;
  reason: string | null;
  at: string;
}

/** The sign-ins that may carry a bot-check token, and how each sends its body. */
const SIGN_IN_PATHS: Record<string, 'json' | 'form' | 'urlencoded'> = {
  '/client/v1/user/login': 'json',
  '/client/v1/user/userRegistration': 'json',
  '/client/v1/user/reset-password': 'json',
  '/client/v1/user/google-login': 'form',
  '/client/v1/user/outlook-login': 'urlencoded',
};

type Fields = Record<string, unknown>;

/** A request as the handlers should see it, and what to call once they answered it (with its envelope code). */
export interface CheckedRequest {
  request: Request;
  settle(code: number | null): void;
}

async function readFields(request: Request, kind: 'json' | 'form' | 'urlencoded'): Promise<Fields | null> {
  try {
    if (kind === 'json') {
      const value = (await request.clone().json()) as unknown;
      if (typeof value !== 'object' || value === null) return null;
      return { ...value };
    }
    const form = await request.clone().formData();
    return Object.fromEntries([...form.entries()].map(([name, field]) => [name, typeof field === 'string' ? field : '']));
  } catch {
    // An unreadable body goes on as it came: the handlers refuse it themselves.
    return null;
  }
}

function withFields(request: Request, kind: 'json' | 'form' | 'urlencoded', fields: Fields, verify: string | null): Request {
  const headers = new Headers(request.headers);
  headers.delete('content-length');
  if (verify !== null) headers.set('verify', verify);
  let body: BodyInit;
  if (kind === 'json') {
    body = JSON.stringify(fields);
  } else if (kind === 'urlencoded') {
    body = new URLSearchParams(Object.entries(fields).map(([name, value]) => [name, String(value)]));
  } else {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
    body = form;
    // A new multipart body has a boundary of its own.
    headers.delete('content-type');
  }
  return new Request(request.url, { method: request.method, headers, body });
}

/** Compares in constant time, as a secret's check should. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function createProviderChecks(certsUrl: URL) {
  const googleKeys = createRemoteJWKSet(certsUrl);
  const checkTurnstile = createTurnstileCheck();
  const googleLog: GoogleVerification[] = [];
  const turnstileLog: TurnstileVerification[] = [];

  /** Nonces (the token's claim) that signed someone in, and those whose request is being answered now. */
  const spentNonces = new Set<string>();
  const heldNonces = new Set<string>();

  /** Why the raw nonce does not bind this token to its attempt, or null when it does. */
  function nonceProblem(claim: unknown, raw: string): string | null {
    if (typeof claim !== 'string' || claim === '') return 'nonce: the ID token carries none';
    if (raw === '') return 'nonce: none was sent with the ID token';
    const digest = createHash('sha256').update(raw, 'utf8').digest();
    if (!sameText(claim, digest.toString('hex')) && !sameText(claim, digest.toString('base64url'))) return "nonce: it does not match the ID token's";
    if (spentNonces.has(claim) || heldNonces.has(claim)) return 'nonce: it has already been used';
    return null;
  }

  /** The account a token vouches for, and the nonce it holds while its request is answered; null when refused. */
  async function verifyGoogle(credential: string, nonce: string): Promise<{ email: string; name: string; claim: string } | null> {
    const at = new Date().toISOString();
    const refuse = (reason: string) => {
      googleLog.push({ credential, nonce, ok: false, email: null, reason, at });
      return null;
    };
    try {
      const { payload } = await jwtVerify(credential, googleKeys, {
        algorithms: ['RS256'],
        // Google documents both spellings of its issuer.
        issuer: [GOOGLE_ISSUER, 'accounts.google.com'],
        audience: settings.providers.googleClientId,
        requiredClaims: ['exp', 'iat', 'sub', 'email'],
      });
      if (typeof payload.email !== 'string' || payload.email_verified !== true) return refuse('the e-mail is not verified');
      const problem = nonceProblem(payload.nonce, nonce);
      if (problem !== null || typeof payload.nonce !== 'string') return refuse(problem ?? 'nonce: the ID token carries none');
      heldNonces.add(payload.nonce);
      const name = typeof payload.name === 'string' ? payload.name : payload.email;
      googleLog.push({ credential, nonce, ok: true, email: payload.email, reason: null, at });
      return { email: payload.email, name, claim: payload.nonce };
    } catch (error) {
      return refuse(error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : String(error));
    }
  }

  /**
   * The request the handlers should see, and `settle`, to be called with the answer's envelope code (null when
   * there was none): a Google sign-in's nonce is spent by a code 200, and free again otherwise.
   */
  async function check(request: Request): Promise<CheckedRequest> {
    const unchanged = { request, settle: () => undefined };
    const path = new URL(request.url).pathname;
    const kind = SIGN_IN_PATHS[path];
    if (request.method !== 'POST' || kind === undefined) return unchanged;
    const fields = await readFields(request, kind);
    if (!fields) return unchanged;

    const inBody = typeof fields.turnstileToken === 'string' ? fields.turnstileToken.trim() : '';
    const sent = inBody || request.headers.get('verify')?.trim() || '';
    let verify: string | null = null;
    if (sent !== '') {
      const result = checkTurnstile(sent, path);
      turnstileLog.push(result);
      delete fields.turnstileToken;
      verify = '';
      if (result.accepted) {
        verify = `${DEMO_PASS_PREFIX}${sent.slice(-12)}`;
        fields.turnstileToken = verify;
      }
    }
    let settle: CheckedRequest['settle'] = () => undefined;
    if (path === '/client/v1/user/google-login') {
      const identity = await verifyGoogle(
        typeof fields.credential === 'string' ? fields.credential : '',
        typeof fields.nonce === 'string' ? fields.nonce : '',
      );
      fields.credential = identity ? encodeDemoCredential('google', identity) : '';
      if (identity) {
        settle = (code) => {
          heldNonces.delete(identity.claim);
          if (code === 200) spentNonces.add(identity.claim);
        };
      }
    }
    return { request: withFields(request, kind, fields, verify), settle };
  }

  return { check, googleLog, turnstileLog };
}
