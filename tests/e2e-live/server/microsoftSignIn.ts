/**
 * `outlook-login` as a real backend does it: the ID token the browser got from the Microsoft stand-in (the local
 * OpenID Connect provider, tests/e2e-live/microsoft/oidcProvider.mjs) is verified before anyone is signed in. A
 * verified token is handed to demo mode's handler as the identity it vouches for; anything else reaches the handler as
 * it came, and is refused there like any unverifiable credential.
 *
 * What is checked, as "ID tokens in the Microsoft identity platform" lists it ("Validate tokens",
 * https://learn.microsoft.com/en-us/entra/identity-platform/id-tokens) and the "ID token claims reference" describes
 * each claim (https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference):
 * - the signature, first, against the keys the provider publishes (its `jwks_uri`), with the algorithms it signs with;
 * - `iss`, the authority that issued it. Here one fixed issuer; Entra ID's `common` authority issues per tenant
 *   (`https://login.microsoftonline.com/{tid}/v2.0`, the claims reference's `iss`), which a production API matches
 *   against the token's own `tid` (docs/api.md, "Sign-in");
 * - `aud`, the app's client id: "The token should be rejected if it fails to match your app's Application ID";
 * - the timestamps: `exp` and `iat` are required, `nbf` is honoured when present ("the iat, nbf, and exp timestamps
 *   should all fall before or after the current time, as appropriate");
 * - `nonce` "must match the nonce parameter passed into the /authorize endpoint": only the page that asked knows it,
 *   and MSAL checks it there (msal-common's ResponseHandler refuses a mismatch with `nonce_mismatch`). The API cannot.
 *
 * The account is found by its e-mail, the product API's contract. Microsoft warns that `email` and
 * `preferred_username` are mutable and not for authorization ("Secure applications and APIs by validating claims",
 * https://learn.microsoft.com/en-us/entra/identity-platform/claims-validation): what this does not model, see
 * docs/providers.md, "Microsoft (MSAL Browser and Entra ID)".
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

/** The e-mail and name a valid ID token vouches for, or null (bad signature, issuer, audience, time, no e-mail). */
export async function verifiedMicrosoftIdentity(idToken: string): Promise<{ email: string; name: string } | null> {
  try {
    const { payload } = await jwtVerify(idToken, createLocalJWKSet(await fetchJwks()), {
      issuer: ISSUER,
      audience: settings.providers.microsoftClientId,
      // [claims reference: header `alg`] "For example: RS256"; the others are what the stand-in may sign with.
      algorithms: ['RS256', 'PS256', 'ES256'],
      requiredClaims: ['exp', 'iat', 'sub'],
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
