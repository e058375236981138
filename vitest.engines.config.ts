import { defineConfig } from 'vitest/config';

/**
 * The smoke set in Firefox and WebKit (`npm run test:engines`): tests/engines/*.test.ts against the demo build,
 * which tests/engines/preview-server.ts serves for the run. The engines take turns (one file at a time): each
 * holds a browser, and the machine has two cores.
 */
export default defineConfig({
  test: {
    include: ['tests/engines/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/engines/preview-server.ts'],
    fileParallelism: false,
    // A journey on a busy machine: a sign-up, or a generation that takes up to 25 s to be read back.
    testTimeout: 60_000,
    // Starting a browser (Firefox takes about 8 s here, more when the machine is busy).
    hookTimeout: 60_000,
  },
});
