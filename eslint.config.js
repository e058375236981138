import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The layers as docs/architecture.md draws them, as zones on resolved paths (`import-x/no-restricted-paths`): what
 * an import names is resolved to a file first, so no relative path, nested folder or index file slips past.
 * tests/unit/lint/boundaries.test.ts breaks each zone with a fixture (tests/lint/fixtures/) and expects its message.
 */
const root = import.meta.dirname;
const srcEntries = fs.readdirSync(path.join(root, 'src'));
const features = fs
  .readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Under the actors and the views: the API, the adapters, the product's rules, i18n, the build settings. */
const BASE = ['src/api', 'src/services', 'src/domain', 'src/i18n', 'src/config.ts'];
export const BOUNDARY_MESSAGES = {
  machinesArePure: 'A machine imports only xstate, other machines and the shared types (src/common/types.ts).',
  commonImportsNothing: 'src/common is the bottom layer: it imports nothing.',
  featuresStandAlone: 'A feature imports no other feature: move what both need to src/ui or src/domain.',
  noAppShell: 'Only the app shell (src/app), boot and the prerender import src/app.',
  noFeatures: 'This layer is below the features: it does not import them.',
  baseBelowActorsAndViews:
    'src/api, src/services, src/domain, src/i18n and src/config.ts are below the actors and the views: they import neither (tell the user things through src/services/notifier.ts).',
  actorsBelowViews: 'The actors are below the views: they import no view (tell the user things through src/services/notifier.ts).',
  demoOnlyAtBoot: 'Only boot (src/main.tsx) imports demo mode.',
  notFromTests: 'The app does not import from tests/.',
};
const BOUNDARY_ZONES = [
  {
    target: 'machines',
    from: '.',
    except: ['./machines', './src/common/types.ts', './node_modules/xstate'],
    message: BOUNDARY_MESSAGES.machinesArePure,
  },
  { target: 'src/common', from: '.', except: ['./src/common'], message: BOUNDARY_MESSAGES.commonImportsNothing },
  ...features.map((feature) => ({
    target: `src/features/${feature}`,
    from: 'src/features',
    except: [`./${feature}`],
    message: BOUNDARY_MESSAGES.featuresStandAlone,
  })),
  {
    target: ['src/features', 'src/actors', 'src/ui', ...BASE],
    from: 'src/app',
    message: BOUNDARY_MESSAGES.noAppShell,
  },
  { target: ['src/actors', 'src/ui', ...BASE], from: 'src/features', message: BOUNDARY_MESSAGES.noFeatures },
  { target: BASE, from: ['src/actors', 'src/ui'], message: BOUNDARY_MESSAGES.baseBelowActorsAndViews },
  // The boot attributes theme-boot.js writes (src/prerender/boot.ts) are read from below: when the page is ready,
  // whether the visitor has acted. The rest of src/prerender renders pages, above everything.
  { target: BASE, from: 'src/prerender', except: ['./boot.ts'], message: BOUNDARY_MESSAGES.baseBelowActorsAndViews },
  { target: 'src/actors', from: ['src/ui', 'src/prerender'], message: BOUNDARY_MESSAGES.actorsBelowViews },
  {
    target: srcEntries.filter((entry) => entry !== 'demo' && entry !== 'main.tsx').map((entry) => `src/${entry}`),
    from: 'src/demo',
    message: BOUNDARY_MESSAGES.demoOnlyAtBoot,
  },
  { target: 'src', from: 'tests', message: BOUNDARY_MESSAGES.notFromTests },
];

export default tseslint.config(
  {
    ignores: [
      'tests/lint/fixtures',
      'dist',
      'dist-*',
      'node_modules',
      'public/mockServiceWorker.js',
      'reports',
      'test-results',
      'playwright-report',
      'locales/**/*.js',
    ],
  },
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
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: BOUNDARY_ZONES }] },
  },
  {
    // Views read machine data as its chart types it (typed reads): no type assertions in the features, so a wrong
    // guess about a value's type cannot hide. `as const` is not an assertion of another type and stays allowed.
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }] },
  },
);
