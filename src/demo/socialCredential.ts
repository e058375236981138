/**
 * The demo's stand-in for Google and Microsoft id tokens: JWT-shaped but unsigned, so the demo pickers can
 * mint them in the browser and the demo server can read them back without any key or library.
 */
import * as v from 'valibot';
import { randomHex } from './crypto';

export type SocialProvider = 'google' | 'microsoft';

const DEMO_ISSUERS: Record<SocialProvider, string> = {
  google: 'https://accounts.google.com',
  microsoft: 'https://login.microsoftonline.com/demo/v2.0',
};
/** Real id tokens live about an hour; the demo keeps the same, so an expired one can be tested. */
export const DEMO_CREDENTIAL_TTL_SECONDS = 60 * 60;
/** The third part where a signature would be: marks the token as a demo one, never a real signed one. */
const DEMO_SIGNATURE = 'demo';

export interface DemoIdentity {
  email: string;
  name: string;
}

export interface DecodedCredential extends DemoIdentity {
  provider: SocialProvider;
  sub: string;
}

const HeaderSchema = v.object({ alg: v.literal('none'), typ: v.literal('JWT') });
const PayloadSchema = v.object({
  iss: v.string(),
  sub: v.pipe(v.string(), v.minLength(1)),
  email: v.pipe(v.string(), v.email()),
  name: v.string(),
  email_verified: v.literal(true),
  iat: v.number(),
  exp: v.number(),
});
type Payload = v.InferOutput<typeof PayloadSchema>;

function toBase64Url(text: string): string {
  // btoa only takes Latin-1, so non-ASCII names go through their UTF-8 bytes first.
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Throws on anything that is not base64url-encoded UTF-8. */
function fromBase64Url(part: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new Error('not base64url');
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

function parsePart<T>(schema: v.GenericSchema<unknown, T>, part: string): T | null {
  try {
    const result = v.safeParse(schema, JSON.parse(fromBase64Url(part)));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

function providerOf(issuer: string): SocialProvider | null {
  if (issuer === DEMO_ISSUERS.google) return 'google';
  if (issuer === DEMO_ISSUERS.microsoft) return 'microsoft';
  return null;
}

/** A stable subject per provider and address, as a real provider keeps one id per account. */
function subjectFor(provider: SocialProvider, email: string): string {
  return `${provider}-${toBase64Url(email.trim().toLowerCase())}`;
}

/**
 * A sign-in attempt's nonce, as the live page makes one for each Google attempt. The demo's credentials are not
 * signed tokens and carry no `nonce` claim, so the demo API takes it without a check; the request has the live
 * shape all the same.
 */
export function demoNonce(): string {
  return randomHex(32);
}

/** The token a demo picker hands the app after the visitor chose an account. */
export function encodeDemoCredential(provider: SocialProvider, { email, name }: DemoIdentity, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const payload: Payload = {
    iss: DEMO_ISSUERS[provider],
    sub: subjectFor(provider, email),
    email,
    name,
    email_verified: true,
    iat,
    exp: iat + DEMO_CREDENTIAL_TTL_SECONDS,
  };
  const header = { alg: 'none', typ: 'JWT' };
  return `${toBase64Url(JSON.stringify(header))}.${toBase64Url(JSON.stringify(payload))}.${DEMO_SIGNATURE}`;
}

/** The identity in a demo token, or null when it is malformed, from an unknown issuer or expired. */
export function decodeDemoCredential(token: string, now = Date.now()): DecodedCredential | null {
  const parts = token.trim().split('.');
  if (parts.length !== 3) return null;
  const [headerPart = '', payloadPart = '', signature] = parts;
  if (signature !== DEMO_SIGNATURE || !parsePart(HeaderSchema, headerPart)) return null;
  const payload = parsePart(PayloadSchema, payloadPart);
  if (!payload) return null;
  const provider = providerOf(payload.iss);
  if (!provider || payload.exp * 1000 <= now) return null;
  return { provider, email: payload.email, name: payload.name, sub: payload.sub };
}
