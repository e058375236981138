// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/check-size.mjs', import.meta.url));

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** Random bytes do not compress, so N random bytes weigh about N bytes gzipped. */
function incompressible(bytes: number) {
  return randomBytes(bytes).toString('latin1');
}

/** The blocking theme script every page loads first: small, and counted like any other script. */
const THEME_BOOT = 'document.documentElement.dataset.theme = "light";';

function dist(files: Record<string, string>, html: string) {
  const root = mkdtempSync(join(tmpdir(), 'check-size-'));
  dirs.push(root);
  mkdirSync(join(root, 'assets'));
  for (const [name, content] of Object.entries({ 'theme-boot.js': THEME_BOOT, ...files })) writeFileSync(join(root, name), content, 'latin1');
  writeFileSync(join(root, 'index.html'), html);
  return root;
}

const HTML = `<!doctype html><html><head>
<script src="/theme-boot.js"></script>
<link rel="icon" href="/favicon.svg">
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor.js">
<link rel="stylesheet" crossorigin href="/assets/index.css">
</head><body></body></html>`;

function run(dir: string) {
  const result = spawnSync(process.execPath, [SCRIPT, '--dist', dir], { encoding: 'utf8' });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

describe('scripts/check-size.mjs', () => {
  it('explains that the build has to run first when dist is missing', () => {
    const result = run(join(tmpdir(), 'no-such-dist-for-check-size'));
    expect(result.status).toBe(1);
    expect(result.err).toContain('run npm run build first');
  });

  it('lists the blocking theme script, the entry, its preloads and the stylesheets, and passes within budget', () => {
    const dir = dist(
      { 'assets/index.js': incompressible(30_000), 'assets/vendor.js': incompressible(40_000), 'assets/index.css': 'a{}'.repeat(5000) },
      HTML,
    );
    const result = run(dir);
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    expect(result.out).toMatch(/js\s+\/assets\/index\.js/);
    expect(result.out).toMatch(/js\s+\/assets\/vendor\.js/);
    expect(result.out).toMatch(/css\s+\/assets\/index\.css/);
    // The theme script runs before anything is shown, as much a part of the start as the bundle; the icon is not script.
    expect(result.out).toMatch(/js\s+\/theme-boot\.js\s+before action/);
    expect(result.out).not.toContain('favicon');
  });

  it('without a prerender report counts all of index.html as loaded before any action (100 KiB gzipped)', () => {
    const dir = dist(
      { 'assets/index.js': incompressible(60 * 1024), 'assets/vendor.js': incompressible(45 * 1024), 'assets/index.css': 'a{}' },
      HTML,
    );
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/JS before any action .*OVER BUDGET/);
    expect(result.out).toMatch(/JS once started .* ok/);
    expect(result.out).toMatch(/CSS .* ok/);
  });

  describe('with the prerender report', () => {
    /** What a prerendered page names: the theme script, the entry script (whose static import is `steps.js`), a stylesheet. */
    const PAGE_HTML = `<!doctype html><html><head>
<script src="/theme-boot.js"></script>
<script type="module" crossorigin src="/assets/index.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index.css">
</head><body></body></html>`;

    /** A build whose one prerendered page runs `entry` (the entry script and its static import) before the first action and `app` at it. */
    function prerendered(sizes: { entry: number; app: number }) {
      const dir = dist(
        {
          'assets/index.js': incompressible(sizes.entry / 2),
          'assets/steps.js': incompressible(sizes.entry / 2),
          'assets/main.js': incompressible(sizes.app),
          'assets/index.css': 'a{}',
          'assets/page.css': 'b{}',
        },
        PAGE_HTML,
      );
      mkdirSync(join(dir, '.vite'));
      const report = {
        'index.html': {
          entry: ['assets/index.js', 'assets/steps.js'],
          js: ['assets/index.js', 'assets/steps.js', 'assets/main.js'],
          css: ['assets/page.css'],
        },
      };
      writeFileSync(join(dir, '.vite', 'prerendered.json'), JSON.stringify(report));
      return dir;
    }

    it('tells what loads before the first action from what loads at it, and passes within both budgets', () => {
      const result = run(prerendered({ entry: 2 * 1024, app: 120 * 1024 }));
      expect(result.err).toBe('');
      expect(result.status).toBe(0);
      expect(result.out).toMatch(/js\s+\/theme-boot\.js\s+before action/);
      expect(result.out).toMatch(/js\s+\/assets\/index\.js\s+before action/);
      expect(result.out).toMatch(/js\s+\/assets\/steps\.js\s+before action/);
      expect(result.out).toMatch(/js\s+\/assets\/main\.js\s+at action/);
      // The page's own stylesheet link and the report's styles are both counted, each once.
      expect(result.out.match(/\/assets\/index\.css/g)).toHaveLength(1);
      expect(result.out).toMatch(/css\s+\/assets\/page\.css/);
      expect(result.out).toMatch(/JS before any action\s+2\.\d KiB .* ok/);
      expect(result.out).toMatch(/JS once started\s+12\d\.\d KiB .* ok/);
    });

    it('fails when the code run before the first action is over 100 KiB gzipped', () => {
      const result = run(prerendered({ entry: 100 * 1024, app: 10 * 1024 }));
      expect(result.status).toBe(1);
      expect(result.out).toMatch(/JS before any action .*OVER BUDGET/);
    });

    it('fails when the whole start is over 145 KiB gzipped', () => {
      const result = run(prerendered({ entry: 2 * 1024, app: 145 * 1024 }));
      expect(result.status).toBe(1);
      expect(result.out).toMatch(/JS before any action .* ok/);
      expect(result.out).toMatch(/JS once started .*OVER BUDGET/);
    });
  });

  it('fails when the stylesheets are over 20 KiB gzipped', () => {
    const dir = dist({ 'assets/index.js': 'export {}', 'assets/vendor.js': 'export {}', 'assets/index.css': incompressible(21 * 1024) }, HTML);
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/CSS .*OVER BUDGET/);
  });

  it('fails when index.html points at a file that is not there', () => {
    const dir = dist({ 'assets/index.js': 'export {}', 'assets/index.css': 'a{}' }, HTML);
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.err).toContain('/assets/vendor.js');
  });
});
