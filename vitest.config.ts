import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  // The app's config is a function of the mode; tests run it as the dev server would.
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      environmentOptions: { happyDOM: { url: 'http://localhost:5173' } },
      setupFiles: ['tests/setup.ts'],
      restoreMocks: true,
      // Threads start faster than forked processes; every test file still gets a fresh module graph.
      pool: 'threads',
      // Both cores (Vitest's default is one worker fewer than the cores: one on a two-core machine). The tests wait
      // for outcomes, not for fixed times, so a second worker slows each test down without failing it.
      maxWorkers: '100%',
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            include: ['tests/unit/**/*.test.{ts,tsx}'],
            environment: 'happy-dom',
            setupFiles: ['tests/unit/setup.ts'],
            // A budget, not a wait: a whole sign-up through the real views, or a hundred fuzzed runs of a machine,
            // on a busy two-core machine with two workers, where Vitest's 5 s default fails them for the load alone.
            testTimeout: 30_000,
          },
        },
        // The machines import no DOM and no React: they run in plain Node, which is quicker to set up.
        { extends: true, test: { name: 'machines', include: ['tests/machines/**/*.test.{ts,tsx}'], environment: 'node' } },
      ],
    },
  }),
);
