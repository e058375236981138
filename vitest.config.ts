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
      projects: [
        { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'happy-dom' } },
        // The machines import no DOM and no React: they run in plain Node, which is quicker to set up.
        { extends: true, test: { name: 'machines', include: ['tests/machines/**/*.test.{ts,tsx}'], environment: 'node' } },
      ],
    },
  }),
);
