import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { BASE_URL, DIST, PREVIEW_PORT } from './settings';

const START_TIMEOUT = 30_000;

/**
 * Vitest global setup: serves the demo build with `vite preview` (the headers of the build's `_headers`, as
 * production sends them) for the whole run, and stops it afterwards.
 */
export default async function startPreview(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(DIST, 'index.html'))) throw new Error(`No build in ${DIST}/: run \`npm run build\` first.`);
  const vite = path.join('node_modules', 'vite', 'bin', 'vite.js');
  const server = spawn(process.execPath, [vite, 'preview', '--port', String(PREVIEW_PORT), '--strictPort', '--outDir', DIST], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode !== null) return;
    const exited = once(server, 'exit');
    server.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + START_TIMEOUT;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`vite preview exited with code ${server.exitCode} (is port ${PREVIEW_PORT} taken?)`);
    try {
      if ((await fetch(BASE_URL)).ok) return stop;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`vite preview did not answer on ${BASE_URL} within ${START_TIMEOUT / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
