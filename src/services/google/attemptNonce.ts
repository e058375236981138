/**
 * The nonce of one Google sign-in attempt: a random value the page keeps (`raw`), and its SHA-256 hash as hex
 * (`hashed`), which goes into GSI's configuration and so into the ID token's `nonce` claim. The raw value goes to
 * our API beside the token; the API hashes it and compares (docs/api.md, "Google ID tokens"). A token copied
 * elsewhere is no use without the raw value, which never leaves this page but for that one request. The pattern is
 * Supabase's for ID-token sign-in ("Login with Google", https://supabase.com/docs/guides/auth/social-login/auth-google,
 * "Important note on nonce validation").
 */

export interface AttemptNonce {
  raw: string;
  hashed: string;
}

/** 32 random bytes: as unguessable as the session itself. */
const NONCE_BYTES = 32;

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function createAttemptNonce(): Promise<AttemptNonce> {
  const raw = hex(crypto.getRandomValues(new Uint8Array(NONCE_BYTES)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(raw));
  return { raw, hashed: hex(new Uint8Array(digest)) };
}

function decodeBase64Url(part: string): string | null {
  if (!/^[A-Za-z0-9_-]+$/.test(part)) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/**
 * The `nonce` claim of an ID token, read without checking the token (the API checks it): only to find which of the
 * page's attempts the token answers. Null when the token is not a JWT or has no such claim.
 */
export function nonceClaimOf(idToken: string): string | null {
  const payload = decodeBase64Url(idToken.split('.')[1] ?? '');
  if (payload === null) return null;
  try {
    const claims: unknown = JSON.parse(payload);
    const nonce: unknown = claims && typeof claims === 'object' ? Reflect.get(claims, 'nonce') : undefined;
    return typeof nonce === 'string' ? nonce : null;
  } catch {
    return null;
  }
}
