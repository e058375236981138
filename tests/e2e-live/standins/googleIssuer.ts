/**
 * Google's token issuer, as the live tests stand it in: an RS256 key pair made at start, its public half published
 * as a JWKS (the shape of https://www.googleapis.com/oauth2/v3/certs), and ID tokens with the claims Google
 * documents for Sign in with Google (iss, azp, aud, sub, email, email_verified, name, iat, exp, and `nonce` when the
 * page configured one; `kid` in the header). The test API server hosts it, so every browser-test worker signs with
 * the one key the server trusts.
 *
 * Sources: "Verify the Google ID token on your server side",
 * https://developers.google.com/identity/gsi/web/guides/verify-google-id-token (the claims and how they are
 * checked); "Sign in with Google JavaScript API reference", https://developers.google.com/identity/gsi/web/reference/js-reference
 * (IdConfiguration `nonce`: a random string the ID token carries, against replay).
 */
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

export const GOOGLE_ISSUER = 'https://accounts.google.com';
/** Google's ID tokens live one hour. */
const ID_TOKEN_LIFETIME_SECONDS = 60 * 60;

export interface IdTokenRequest {
  /** The client id the token is for (`aud` and `azp`). */
  aud: string;
  email: string;
  name: string;
  /** Seconds since the epoch; now by default. An issue time in the past makes a token that has expired. */
  issuedAt?: number;
  /** The `nonce` of the configuration the token was asked for under, echoed as Google echoes it; none when empty. */
  nonce?: string;
}

export interface GoogleIssuer {
  /** The public keys, as Google's certs endpoint serves them. */
  jwks: { keys: JWK[] };
  issue(request: IdTokenRequest): Promise<string>;
}

/** Google's `sub` is a stable numeric id of up to 255 characters; here 21 digits derived from the address. */
function subjectFor(email: string): string {
  const digest = createHash('sha256').update(email.trim().toLowerCase()).digest();
  return `1${BigInt(`0x${digest.subarray(0, 9).toString('hex')}`)
    .toString()
    .padStart(20, '0')
    .slice(0, 20)}`;
}

export async function createGoogleIssuer(): Promise<GoogleIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(20).toString('hex');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  return {
    jwks,
    issue: ({ aud, email, name, issuedAt = Math.floor(Date.now() / 1000), nonce = '' }) => {
      const [givenName = name, ...rest] = name.split(' ');
      return new SignJWT({
        azp: aud,
        email,
        email_verified: true,
        name,
        given_name: givenName,
        ...(rest.length > 0 ? { family_name: rest.join(' ') } : {}),
        // The configuration's nonce, unchanged: the page chose it (here a hash of a value it keeps), Google only echoes it.
        ...(nonce !== '' ? { nonce } : {}),
      })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
        .setIssuer(GOOGLE_ISSUER)
        .setAudience(aud)
        .setSubject(subjectFor(email))
        .setIssuedAt(issuedAt)
        .setNotBefore(issuedAt - 10)
        .setExpirationTime(issuedAt + ID_TOKEN_LIFETIME_SECONDS)
        .setJti(randomBytes(20).toString('hex'))
        .sign(privateKey);
    },
  };
}
