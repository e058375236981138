#!/usr/bin/env node
// A live build (VITE_API_BASE_URL set) must ship nothing of demo mode's Mock Service Worker: not the worker
// script public/ holds, and no MSW code in its bundle. Run by `npm run test:live` on dist-live.
//
//   node scripts/check-live-build.mjs [--dist DIR]
//
// The markers are strings only MSW has (its log prefix, the worker's message types and headers, its package
// names); minified code keeps string literals, not identifiers. A demo build trips every one of them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MOCK_WORKER_FILE = 'mockServiceWorker.js';

export const MSW_MARKERS = [
  { pattern: /mockServiceWorker/, what: 'the worker script name' },
  { pattern: /\[MSW\]/, what: "MSW's log prefix" },
  { pattern: /x-msw-(?:intention|bypass)/i, what: "MSW's bypass header" },
  { pattern: /MOCKING_ENABLED|MOCK_DEACTIVATE|INTEGRITY_CHECK_(?:REQUEST|RESPONSE)|KEEPALIVE_REQUEST/, what: "the worker's message types" },
  { pattern: /@mswjs\/|["'`]msw\/(?:browser|node|core)\b/, what: "MSW's package names" },
];

const SCANNED = /\.(?:m?js|html)$/;

function parseArgs(argv) {
  let dist = join(ROOT, 'dist-live');
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--dist') dist = resolve(argv[++i] ?? '');
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  return { dist };
}

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

/** What of MSW the build holds: one line per problem, empty when the build is clean. */
export function findMswTraces(dist) {
  const problems = [];
  for (const file of filesUnder(dist)) {
    const name = relative(dist, file);
    if (file.endsWith(MOCK_WORKER_FILE)) problems.push(`${name}: the Mock Service Worker script is in the build`);
    if (!SCANNED.test(file)) continue;
    const text = readFileSync(file, 'utf8');
    for (const { pattern, what } of MSW_MARKERS) {
      const match = pattern.exec(text);
      if (match) problems.push(`${name}: MSW code (${what}: "${match[0]}")`);
    }
  }
  return problems;
}

function main() {
  const { dist } = parseArgs(process.argv.slice(2));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`check-live-build: ${join(dist, 'index.html')} does not exist — build the live bundle first.`);
    process.exit(1);
  }
  const problems = findMswTraces(dist);
  if (problems.length > 0) {
    console.error(`check-live-build failed: ${relative(ROOT, dist) || dist} is a live build with demo mode's Mock Service Worker in it:`);
    for (const problem of problems) console.error(`  ${problem}`);
    process.exit(1);
  }
  console.log(`check-live-build: ${relative(ROOT, dist) || dist} ships no Mock Service Worker and no MSW code.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`check-live-build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
