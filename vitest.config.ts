import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
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
