// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/check-live-build.mjs', import.meta.url));

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function build(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'check-live-build-'));
  dirs.push(root);
  for (const [name, content] of Object.entries({ 'index.html': '<!doctype html><script type="module" src="/assets/index.js"></script>', ...files })) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

function run(dir: string) {
  const result = spawnSync(process.execPath, [SCRIPT, '--dist', dir], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('check-live-build', () => {
  it('passes a build with no worker script and no MSW code', () => {
    const dir = build({ 'assets/index.js': 'const msw1=1;fetch("http://127.0.0.1:4391/client/v1/user/user-info")', 'theme-boot.js': '(function(){})()', _headers: '/*\n' });
    const { status, output } = run(dir);
    expect(output).toContain('ships no Mock Service Worker');
    expect(status).toBe(0);
  });

  it('fails when the worker script was copied into the build', () => {
    const { status, output } = run(build({ 'assets/index.js': '', 'mockServiceWorker.js': '/* worker */' }));
    expect(status).toBe(1);
    expect(output).toContain('mockServiceWorker.js: the Mock Service Worker script is in the build');
  });

  it.each([
    ['the worker script name', 'navigator.serviceWorker.register("/mockServiceWorker.js")'],
    ["MSW's log prefix", 'console.warn("[MSW] Failed to call")'],
    ["MSW's bypass header", 'headers.set("x-msw-intention","bypass")'],
    ["the worker's message types", 'postMessage("MOCKING_ENABLED")'],
    ["MSW's package names", 'import("msw/browser")'],
  ])('fails on MSW code in any chunk: %s', (what, code) => {
    const { status, output } = run(build({ 'assets/index.js': 'export{}', 'assets/lazy/worker-abc.js': code }));
    expect(status).toBe(1);
    expect(output).toContain(`worker-abc.js: MSW code (${what}`);
  });

  it('refuses a folder that is not a build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-live-build-'));
    dirs.push(dir);
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toContain('index.html does not exist');
  });
});
