// What the performance gates share (scripts/lighthouse.mjs, scripts/first-tap.mjs): the bare Vite + React page they
// measure the app against, built into a temporary directory; a build served by `vite preview` on a port of its own;
// the quiet Chromium of the browser tests; and the median their verdicts are taken on.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const VITE_BIN = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
/** Vite's react-ts template with the repository's React: the yardstick every performance gate compares with. */
export const BARE_ROOT = join(ROOT, 'scripts', 'lighthouse-bare');
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** The same quiet Chromium as the browser tests (playwright.config.ts): nothing fetched in the background. */
export const CHROME_ARGS = JSON.parse(readFileSync(join(ROOT, 'scripts', 'chromium-flags.json'), 'utf8'));

/** The middle value of an odd number of values. An even count has no middle run, and averaging two is no verdict. */
export function median(values) {
  if (values.length % 2 === 0) throw new Error(`median() needs an odd number of values, got ${values.length}`);
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function answers(url) {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

/**
 * Serves the build on the port and waits until it answers. Vite's own binary, not `npx`, so that stopping the
 * returned process stops the server. A port something else already answers on is refused: the gate would
 * measure that instead of this build. `root`: the Vite project whose config serves it (the app's by default).
 */
export async function startPreview(dist, port, { root, flag = '--port' } = {}, timeoutMs = 30_000) {
  const origin = `http://localhost:${port}`;
  if (await answers(origin))
    throw new Error(`Something already answers at ${origin}: stop it, or pass ${flag}, so that this build is what gets measured.`);
  const server = spawn(process.execPath, [VITE_BIN, 'preview', ...(root ? [root] : []), '--port', String(port), '--strictPort', '--outDir', dist], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exit = null;
  server.on('exit', (code, signal) => (exit = signal ?? code));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exit !== null) throw new Error(`The preview server stopped before it answered (${exit}).`);
    if (await answers(origin)) return server;
    await new Promise((done) => setTimeout(done, 250));
  }
  server.kill();
  throw new Error(`The preview server did not answer at ${origin} within ${timeoutMs / 1000} s.`);
}

/** Builds the bare page (scripts/lighthouse-bare, with its own Vite config) into `outDir`. */
export function buildBare(outDir) {
  const result = spawnSync(process.execPath, [VITE_BIN, 'build', BARE_ROOT, '--outDir', outDir, '--emptyOutDir'], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.status !== 0) throw new Error(`Building the bare page failed:\n${result.stderr || result.error?.message}`);
}
