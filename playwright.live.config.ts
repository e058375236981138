import { defineConfig } from '@playwright/test';
import settings from './tests/e2e-live/settings.json' with { type: 'json' };
import baseConfig from './playwright.config.ts';

/**
 * Browser tests of a LIVE build (`npm run test:live`, which builds first with scripts/build-live.mjs): dist-live/
 * served by nginx with the config the build wrote (scripts/serve-nginx.mjs), as a deployment serves it, talking over
 * real HTTP to the local test API server (dist-live-server/main.js, demo mode's handlers behind a Node bridge). No
 * Mock Service Worker anywhere. Same Chromium and the same rules as playwright.config.ts.
 */
const PREVIEW_URL = `http://127.0.0.1:${settings.previewPort}`;
const API_URL = `http://127.0.0.1:${settings.apiPort}`;
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: 'tests/e2e-live',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: CI,
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/live' }]],
  outputDir: 'test-results/live',
  // Never an existing server: the API server keeps its database in memory, and each run starts it fresh.
  webServer: [
    // Microsoft's sign-in stand-in first: the API server reads its signing keys to verify Microsoft ID tokens.
    {
      command: 'node tests/e2e-live/microsoft/oidcProvider.mjs',
      url: `https://127.0.0.1:${settings.oidcPort}/__test/health`,
      ignoreHTTPSErrors: true,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    { command: 'node dist-live-server/main.js', url: `${API_URL}/__test/health`, reuseExistingServer: false, timeout: 30_000 },
    {
      command: `npm run serve:nginx -- ${settings.previewPort} dist-live`,
      url: PREVIEW_URL,
      reuseExistingServer: false,
      timeout: 60_000,
      // The script stops nginx and removes its temporary folder on SIGTERM.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: { ...baseConfig.use, baseURL: PREVIEW_URL },
  projects: baseConfig.projects,
});
