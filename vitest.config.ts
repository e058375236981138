import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  // The app's config is a function of the mode; tests run it as the dev server would.
  viteConfig({ command: 'serve', mode: 'test', isSsrBuild: false, isPreview: false }),
  defineConfig({
    test: {
      environmentOptions: { happyDOM: { url: 'http://localhost:5173' } },
      include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/machines/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['tests/setup.ts'],
      restoreMocks: true,
    },
  }),
);
