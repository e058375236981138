#!/usr/bin/env node
// The live browser tests' stand-in for Microsoft's sign-in service: a real OpenID Connect provider (oidc-provider,
// certified by the OpenID Foundation) on https://127.0.0.1:<oidcPort>, which the live build names as its
// VITE_MICROSOFT_AUTHORITY. The app's real MSAL code signs in against it through a popup exactly as against Entra ID:
// discovery, the authorization code flow with PKCE for a public client, the ID token, the redirect bridge page.
//
//   node tests/e2e-live/microsoft/oidcProvider.mjs
//
// - Sign-in and consent are oidc-provider's development pages: any login name signs in as that account, whose e-mail
//   is the name (with "@example.com" added when it has no "@"); the login page's "[ Cancel ]" ends the sign-in with
//   `access_denied`, as Entra ID does when the visitor declines.
// - MSAL asks Entra ID for `prompt=select_account`, which plain OpenID Connect does not define: it is read as `login`.
// - The ID token carries e-mail and name as Entra ID's does (not only from the userinfo endpoint).
// - https with a certificate made at start (openssl), trusted by the test's browser context (ignoreHTTPSErrors).
// - An account whose login name holds "cut-off" gets its consent page with Cross-Origin-Opener-Policy, which cuts the
//   popup off from the app's window (the app then reads the popup as closed while the visitor is still in it).
// - GET /__test/health says it is up.
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
      // A single-page app: a public client (no secret) with PKCE, as an Entra ID "SPA" platform registration.
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
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
  conformIdTokenClaims: false,
  features: { devInteractions: { enabled: true } },
  responseTypes: ['code'],
  pkce: { required: () => true },
  cookies: { keys: ['live-test-oidc-cookie-key'] },
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
  // MSAL asks Entra ID to show its account picker; a plain OpenID Connect provider knows no such prompt.
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
