import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';

const DEMO_ONLY_AT_BOOT = { group: ['**/demo/*', '**/demo'], message: 'Only boot (src/main.tsx) imports demo mode.' };
/** The app ships; the tests and their stand-ins do not, so nothing in src/ may depend on them. */
const NOT_FROM_TESTS = { regex: '^(\\.\\./)+tests(/|$)', message: 'The app does not import from tests/.' };

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'public/mockServiceWorker.js', 'reports', 'test-results', 'playwright-report', 'locales/**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles in the app and its charts (type-only imports do not run, so they may go both ways), and one
    // import order everywhere: packages first, then the project's own modules from the farthest to the nearest.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/order': ['error', { groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'], 'newlines-between': 'ignore' }],
    },
  },
  {
    // The statecharts are framework-free: no React, nothing from src/.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-dom', '@xstate/react', '../src/*', '../../src/*'] }],
    },
  },
  {
    // Nothing in the app imports the tests. The blocks below replace this rule's patterns for their files, so each
    // repeats NOT_FROM_TESTS.
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_FROM_TESTS] }] },
  },
  {
    // Only boot may reach into demo mode.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/demo/**', 'src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_FROM_TESTS, DEMO_ONLY_AT_BOOT] }] },
  },
  {
    // A feature imports no other feature and not the app shell: what two features share lives in src/ui or
    // src/domain, and the shell (src/app) is the one place that puts features together. Every feature file sits
    // directly in its folder, so `../x/` is another feature and `../../app/` the shell.
    files: ['src/features/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_FROM_TESTS,
            DEMO_ONLY_AT_BOOT,
            { regex: '^\\.\\./(?!\\.\\./)', message: 'A feature imports no other feature: move what both need to src/ui or src/domain.' },
            { regex: '^\\.\\./\\.\\./app/', message: 'A feature does not import the app shell (src/app).' },
          ],
        },
      ],
    },
  },
  {
    // The layers under the features never reach up into them, nor into the app shell.
    files: ['src/{actors,api,domain,i18n,services,ui}/**/*.{ts,tsx}', 'src/config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NOT_FROM_TESTS,
            DEMO_ONLY_AT_BOOT,
            { regex: '^(\\.\\./)+(features|app)/', message: 'This layer is below the features and the app shell: it does not import them.' },
          ],
        },
      ],
    },
  },
  {
    // Views read machine data as its chart types it (typed reads): no type assertions in the features, so a wrong
    // guess about a value's type cannot hide. `as const` is not an assertion of another type and stays allowed.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
);
