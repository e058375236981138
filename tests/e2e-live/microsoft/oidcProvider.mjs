#!/usr/bin/env node
// The live browser tests' stand-in for Microsoft's sign-in service: a real OpenID Connect provider (oidc-provider,
// certified by the OpenID Foundation) on https://127.0.0.1:<oidcPort>, which the live build names as its
// VITE_MICROSOFT_AUTHORITY. The app's real MSAL code signs in against it through a popup exactly as against Entra ID:
// discovery, the authorization code flow with PKCE for a public client, the ID token, the redirect bridge page.
//
//   node tests/e2e-live/microsoft/oidcProvider.mjs
//
// It is a specification of what Microsoft documents; each behaviour below names its source:
// - [auth code flow] "Microsoft identity platform and OAuth 2.0 authorization code flow",
//   https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-auth-code-flow
// - [id tokens] "ID tokens in the Microsoft identity platform", https://learn.microsoft.com/en-us/entra/identity-platform/id-tokens
// - [claims] "ID token claims reference", https://learn.microsoft.com/en-us/entra/identity-platform/id-token-claims-reference
// - [MSAL login] MSAL.js "Login User",
//   https://github.com/AzureAD/microsoft-authentication-library-for-js/blob/dev/lib/msal-browser/docs/login-user.md
//
// - A single-page app is a public client that must use PKCE, and the redirect URI must match a registered one exactly
//   [auth code flow: "Redirect URIs for single-page apps", `redirect_uri`, `code_challenge`].
// - Sign-in and consent are oidc-provider's development pages: any login name signs in as that account, whose e-mail
//   is the name (with "@example.com" added when it has no "@"); the login page's "[ Cancel ]" answers the redirect URI
//   with `error=access_denied`, as Microsoft does when the visitor declines [auth code flow: "Error codes for
//   authorization endpoint errors", `access_denied`].
// - MSAL asks for `prompt=select_account`, which Microsoft documents [auth code flow: `prompt`] and plain OpenID
//   Connect does not define: it is read as `login`, the nearest (the visitor picks the account anew).
// - The ID token carries `email` (the `email` scope on the v2.0 endpoint) and `name` and `preferred_username` (the
//   `profile` scope) in the token itself, not only from a userinfo endpoint [claims: `email`, `name`,
//   `preferred_username`]; it echoes the authorize request's `nonce`, which MSAL checks [claims: `nonce`; id tokens:
//   "Validate tokens"]; it is signed with RS256 [claims: header `alg`] by keys published at the discovery document's
//   `jwks_uri`.
// - An ID token lives one hour and an authorization code about ten minutes [id tokens: "Token lifetime"; auth code
//   flow: "Successful response", `code`].
// - https with a certificate made at start (openssl), trusted by the test's browser context (ignoreHTTPSErrors).
// - An account whose login name holds "cut-off" gets its consent page with Cross-Origin-Opener-Policy, which cuts the
//   popup off from the app's window: the header severs `window.opener`, and the answer then reaches the app only
//   through the redirect bridge's BroadcastChannel [MSAL login: "Handling popup interaction_in_progress errors", the
//   note on COOP]. The app then reads the popup as closed while the visitor is still in it.
// - GET /__test/health says it is up.
//
// Not modelled (docs/providers.md, "Microsoft (MSAL Browser and Entra ID)"): tenants (`tid`, `oid`, the per-tenant
// `iss` of the `common` authority), Microsoft's own error pages and AADSTS codes, conditional access and MFA, silent
// SSO.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Provider from 'oidc-provider';

const HERE = dirname(fileURLToPath(import.meta.url));
const settings = JSON.parse(readFileSync(join(HERE, '..', 'settings.json'), 'utf8'));
const HOST = '127.0.0.1';
const PORT = settings.oidcPort;
export const ISSUER = `https://${HOST}:${PORT}`;
const APP_ORIGINS = [`http://127.0.0.1:${settings.previewPort}`, `http://localhost:${settings.previewPort}`];
const REDIRECT_PATH = '/auth/microsoft-redirect.html';

/** A self-signed certificate for 127.0.0.1 and localhost, made fresh for each run (nothing secret is kept). */
function certificate() {
  const dir = mkdtempSync(join(tmpdir(), 'oidc-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The e-mail a login name signs in as. */
function emailOf(login) {
  return login.includes('@') ? login : `${login}@example.com`;
}

const provider = new Provider(ISSUER, {
  clients: [
    {
      client_id: settings.providers.microsoftClientId,
      // A single-page app: a public client (no secret) with PKCE, as an Entra ID "SPA" platform registration
      // [auth code flow: "Redirect URIs for single-page apps"].
      application_type: 'web',
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: APP_ORIGINS.map((origin) => `${origin}${REDIRECT_PATH}`),
      post_logout_redirect_uris: APP_ORIGINS,
    },
  ],
  // The SPA's token call comes from the page's origin.
  clientBasedCORS: (ctx, origin) => APP_ORIGINS.includes(origin),
  // [claims] `email` comes with the `email` scope, `name` and `preferred_username` with `profile`, all in the ID token.
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  responseTypes: ['code'],
  // [auth code flow: `code_challenge`] "required by the Microsoft identity platform for single page apps".
  pkce: { required: () => true },
  cookies: { keys: ['live-test-oidc-cookie-key'] },
  // [id tokens: "Token lifetime"] one hour; [auth code flow: `code`] "they expire after about 10 minutes".
  ttl: { IdToken: 60 * 60, AuthorizationCode: 10 * 60 },
  async findAccount(ctx, id) {
    const email = emailOf(id);
    return {
      accountId: id,
      async claims() {
        return { sub: id, email, email_verified: true, name: email.split('@')[0], preferred_username: email };
      },
    };
  },
});
// Behind no proxy; the koa app must still trust nothing but this server's own https.
provider.proxy = false;

provider.use(async (ctx, next) => {
  if (ctx.path === '/__test/health') {
    ctx.body = { ok: true };
    return;
  }
  // MSAL asks Entra ID to show its account picker [auth code flow: `prompt=select_account`]; a plain OpenID Connect
  // provider knows no such prompt.
  if (ctx.path === '/auth' && ctx.query.prompt === 'select_account') {
    ctx.query = { ...ctx.query, prompt: 'login' };
  }
  await next();
  // A provider whose pages send Cross-Origin-Opener-Policy (as Entra ID may, and identity providers a tenant hands
  // the sign-in to): for an account named with "cut-off", the consent page cuts the popup off from the app's window.
  if (ctx.method === 'GET' && ctx.path.startsWith('/interaction/') && ctx.status === 200) {
    const details = await provider.interactionDetails(ctx.req, ctx.res).catch(() => null);
    if (details?.prompt.name === 'consent' && String(details.session?.accountId ?? '').includes('cut-off')) {
      ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    }
  }
});

const server = createServer(certificate(), provider.callback());
server.listen(PORT, HOST, () => console.log(`OpenID Connect provider (Microsoft stand-in) on ${ISSUER}`));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)));
