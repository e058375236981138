/**
 * What a real backend checks before it lets a sign-in through, done here before demo mode's handlers see the
 * request:
 * - a Google ID token (`credential` of google-login) is verified as Google documents: RS256 signature against the
 *   issuer's published keys (fetched over HTTP, as from https://www.googleapis.com/oauth2/v3/certs), `iss`,
 *   `aud` = the build's client id, `exp`. A good token goes on as the handlers' own credential for that
 *   account; a bad one goes on empty, which the handler refuses as any unverifiable sign-in.
 * - a Turnstile token (`turnstileToken` in the body, or the `verify` header) is redeemed with Siteverify and its
 *   hostname and action checked (./turnstileCheck.ts). A good one goes on as a token the handlers' bot check accepts;
 *   a bad one is dropped, so a sign-in that needs the check is asked for it again (code 100002).
 * Each outcome is logged for the tests, which read it at /__test/*.
 */
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { DEMO_PASS_PREFIX } from '../../../src/demo/botCheck';
import { encodeDemoCredential } from '../../../src/demo/socialCredential';
import settings from '../settings.json';
import { GOOGLE_ISSUER } from '../standins/googleIssuer';
import { createTurnstileCheck, type TurnstileVerification } from './turnstileCheck';

export interface GoogleVerification {
  /** The credential as sent, so a test can find the outcome of the tokens it handed over. */
  credential: string;
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

export function createProviderChecks(certsUrl: URL) {
  const googleKeys = createRemoteJWKSet(certsUrl);
  const checkTurnstile = createTurnstileCheck();
  const googleLog: GoogleVerification[] = [];
  const turnstileLog: TurnstileVerification[] = [];

  async function verifyGoogle(credential: string): Promise<{ email: string; name: string } | null> {
    const at = new Date().toISOString();
    try {
      const { payload } = await jwtVerify(credential, googleKeys, {
        algorithms: ['RS256'],
        // Google documents both spellings of its issuer.
        issuer: [GOOGLE_ISSUER, 'accounts.google.com'],
        audience: settings.providers.googleClientId,
        requiredClaims: ['exp', 'iat', 'sub', 'email'],
      });
      if (typeof payload.email !== 'string' || payload.email_verified !== true) {
        googleLog.push({ credential, ok: false, email: null, reason: 'the e-mail is not verified', at });
        return null;
      }
      const name = typeof payload.name === 'string' ? payload.name : payload.email;
      googleLog.push({ credential, ok: true, email: payload.email, reason: null, at });
      return { email: payload.email, name };
    } catch (error) {
      const reason = error instanceof errors.JOSEError ? `${error.code}: ${error.message}` : String(error);
      googleLog.push({ credential, ok: false, email: null, reason, at });
      return null;
    }
  }

  /** The request the handlers should see. */
  async function check(request: Request): Promise<Request> {
    const path = new URL(request.url).pathname;
    const kind = SIGN_IN_PATHS[path];
    if (request.method !== 'POST' || kind === undefined) return request;
    const fields = await readFields(request, kind);
    if (!fields) return request;

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
    if (path === '/client/v1/user/google-login') {
      const identity = await verifyGoogle(typeof fields.credential === 'string' ? fields.credential : '');
      fields.credential = identity ? encodeDemoCredential('google', identity) : '';
    }
    return withFields(request, kind, fields, verify);
  }

  return { check, googleLog, turnstileLog };
}
