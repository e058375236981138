#!/usr/bin/env node
// The builds `npm run test:live` tests: a live bundle in dist-live/ whose API is the local test server, and that
// server (tests/e2e-live/server/main.ts, bundled for Node) in dist-live-server/.
//
//   node scripts/build-live.mjs
//
// The ports, the site's public origin and the test account are in tests/e2e-live/settings.json, which the Playwright
// config and scripts/check-live-build.mjs read too.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const settings = JSON.parse(readFileSync(join(ROOT, 'tests/e2e-live/settings.json'), 'utf8'));
const API = `http://127.0.0.1:${settings.apiPort}`;

/** The live build's settings: every host it talks to is the test server. */
export const LIVE_ENV = {
  VITE_API_BASE_URL: API,
  VITE_TASK_CALLBACK_URL: `${API}/callback`,
  VITE_IMAGE_HOSTS: API,
  VITE_IP_COUNTRY_URL: `${API}/ip-country`,
  // A public origin unlike the preview's, so check-live-build can tell it was used (canonical links, sitemap).
  VITE_SITE_URL: settings.siteUrl,
  // Where browsers report policy violations, as an operator's build names its collector (Trusted Types included,
  // enforced with PayPal configured); tests/e2e-live/csp.spec.ts checks the headers the build sends for it.
  VITE_CSP_REPORT_URL: `${API}/csp-reports`,
  // Every provider is configured, as an operator's build is: the live browser tests run each provider's real client
  // code against local stand-ins.
  VITE_GOOGLE_CLIENT_ID: settings.providers.googleClientId,
  VITE_MICROSOFT_CLIENT_ID: settings.providers.microsoftClientId,
  // Microsoft's stand-in: a local OpenID Connect provider (tests/e2e-live/microsoft/oidcProvider.mjs).
  VITE_MICROSOFT_AUTHORITY: `https://127.0.0.1:${settings.oidcPort}/`,
  VITE_TURNSTILE_SITE_KEY: settings.providers.turnstileSiteKey,
  VITE_PAYPAL_CLIENT_ID: settings.providers.paypalClientId,
  VITE_DISCORD_INVITE_URL: settings.providers.discordInviteUrl,
  // `?inspect` may start Stately's inspector, after the visitor says yes and with the live build's allow-list
  // (tests/e2e-live/inspector.spec.ts); without `?inspect` the build is the same.
  VITE_ENABLE_INSPECTOR: 'true',
};

async function main() {
  // Vite reads these from the environment (they beat any .env file), for the bundle and for its _headers.
  Object.assign(process.env, LIVE_ENV);
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: 'dist-live', emptyOutDir: true } });

  // The server runs demo mode's handlers; in development mode Lingui's macros keep the English messages, so the
  // server answers with words instead of message ids (it loads no catalogue).
  process.env.NODE_ENV = 'development';
  await build({
    root: ROOT,
    logLevel: 'warn',
    build: { ssr: 'tests/e2e-live/server/main.ts', outDir: 'dist-live-server', emptyOutDir: true, copyPublicDir: false },
  });
  console.log(`build-live: dist-live/ (API ${API}) and the test server in dist-live-server/main.js`);
}

main().catch((error) => {
  console.error(`build-live failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
