/**
 * `outlook-login` as a real backend does it: the ID token the browser got from the Microsoft stand-in (the local
 * OpenID Connect provider, tests/e2e-live/microsoft/oidcProvider.mjs) is verified against that provider's signing keys,
 * issuer, audience (the build's client id) and expiry. A verified token is handed to demo mode's handler as the
 * identity it vouches for; anything else reaches the handler as it came, and is refused there like any unverifiable
 * credential.
 */
import { request as httpsRequest } from 'node:https';
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose';
import { encodeDemoCredential } from '../../../src/demo/socialCredential';
import settings from '../settings.json';

export const MICROSOFT_LOGIN_PATH = '/client/v1/user/outlook-login';
const ISSUER = `https://127.0.0.1:${settings.oidcPort}`;

/** The provider's keys. Its certificate is self-signed for the test, and trusted here for that one host alone. */
function fetchJwks(): Promise<JSONWebKeySet> {
  return new Promise((resolve, reject) => {
    const sent = httpsRequest(`${ISSUER}/jwks`, { rejectUnauthorized: false }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (part: string) => (text += part));
      response.on('end', () => {
        try {
          resolve(JSON.parse(text) as JSONWebKeySet);
        } catch (error) {
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The e-mail and name a valid ID token vouches for, or null (bad signature, issuer, audience, expired, no e-mail). */
export async function verifiedMicrosoftIdentity(idToken: string): Promise<{ email: string; name: string } | null> {
  try {
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(await fetchJwks()), {
      issuer: ISSUER,
      audience: settings.providers.microsoftClientId,
      algorithms: ['RS256', 'PS256', 'ES256'],
    });
    const email =
      typeof payload.email === 'string' ? payload.email : typeof payload.preferred_username === 'string' ? payload.preferred_username : '';
    if (!email.includes('@')) return null;
    return { email, name: typeof payload.name === 'string' ? payload.name : email };
  } catch (error) {
    console.warn('Microsoft ID token refused:', error instanceof Error ? error.message : String(error));
    return null;
  }
}

/**
 * The request body with a verified token replaced by the demo handler's credential; unchanged otherwise. The client
 * posts the sign-in as a form (src/api/auth.ts); JSON is read too.
 */
export async function withVerifiedMicrosoftCredential(body: Buffer, contentType: string | undefined): Promise<Buffer> {
  const text = body.toString('utf8');
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(text);
    const identity = await verifiedMicrosoftIdentity(form.get('credential') ?? '');
    if (!identity) return body;
    form.set('credential', encodeDemoCredential('microsoft', identity));
    return Buffer.from(form.toString());
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    return body;
  }
  if (typeof input !== 'object' || input === null) return body;
  const credential: unknown = Reflect.get(input, 'credential');
  const identity = typeof credential === 'string' ? await verifiedMicrosoftIdentity(credential) : null;
  if (!identity) return body;
  return Buffer.from(JSON.stringify({ ...input, credential: encodeDemoCredential('microsoft', identity) }));
}
