import { defineConfig } from '@playwright/test';
import CHROMIUM_FLAGS from './scripts/chromium-flags.json' with { type: 'json' };

// E2E_PORT and E2E_DIST let several builds be tested side by side (e.g. `vite build --outDir dist-x`).
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist';
const BASE_URL = `http://localhost:${PORT}`;
const CI = Boolean(process.env.CI);

// Debian's Chromium, never a downloaded browser (there is no network for it here): its headless shell
// (`chromium-headless-shell`, the same version as `chromium`), the build Playwright itself runs headless tests in. It
// has no browser window to composite, so the whole suite takes about a third less time than in `chromium --headless`
// (measured: 356 s against 516 s, all 193 tests passing in both). The timing gates (Lighthouse, first tap) measure
// the full `chromium` (CHROME_PATH), what visitors run. The flags are the Lighthouse runner's too
// (scripts/lighthouse.mjs): quiet, with nothing fetched in the background.
const HEADLESS_SHELL_PATH = process.env.HEADLESS_SHELL_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // A flaky test is a bug: it fails the run instead of passing on a second try.
  retries: 0,
  forbidOnly: CI,
  // Folders of its own, as the live suite and the engines have (playwright.live.config.ts, tests/engines): the three
  // run side by side in `npm test`, and a run empties its folders as it starts.
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report/demo' }]],
  outputDir: 'test-results/demo',
  // `npm test` builds first; the preview server serves that build, as production would.
  webServer: {
    command: `npx vite preview --port ${PORT} --strictPort --outDir ${DIST}`,
    url: BASE_URL,
    reuseExistingServer: !CI,
    timeout: 60_000,
  },
  // A whole journey on a busy two-core machine (each test holds one of its cores).
  timeout: 60_000,
  // What the user sees may take a few seconds on a busy two-core CI machine: wait up to 10 s for it.
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // Each test gets a fresh browser context (Playwright's default), so a fresh demo database:
    // the demo keeps its data in localStorage, which is per context.
    launchOptions: {
      executablePath: HEADLESS_SHELL_PATH,
      args: CHROMIUM_FLAGS,
    },
    // Spinners and the progress bar stand still: animation frames are most of the software compositor's work
    // on a machine with no GPU, and the tests wait on what is shown, never on motion.
    reducedMotion: 'reduce',
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 720 } } }],
});
