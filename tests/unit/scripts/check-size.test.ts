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

function dist(files: Record<string, string>, html: string) {
  const root = mkdtempSync(join(tmpdir(), 'check-size-'));
  dirs.push(root);
  mkdirSync(join(root, 'assets'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(root, name), content, 'latin1');
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

  it('lists the entry, its preloads and the stylesheets, and passes within budget', () => {
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
    // The blocking theme script and the icon are not part of the bundle budget.
    expect(result.out).not.toContain('theme-boot');
    expect(result.out).not.toContain('favicon');
  });

  it('fails when the JavaScript sum is over the budget (145 KiB gzipped)', () => {
    const dir = dist(
      { 'assets/index.js': incompressible(80 * 1024), 'assets/vendor.js': incompressible(70 * 1024), 'assets/index.css': 'a{}' },
      HTML,
    );
    const result = run(dir);
    expect(result.status).toBe(1);
    expect(result.out).toMatch(/JS .*OVER BUDGET/);
    expect(result.out).toMatch(/CSS .* ok/);
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
