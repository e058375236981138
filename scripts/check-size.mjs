#!/usr/bin/env node
// npm run check:size — the gzipped size of what dist/index.html loads up front, against a budget.
//
//   node scripts/check-size.mjs [--dist DIR]
//
// Lazy chunks (demo mode, catalogues, sign-in libraries) are not counted: only the entry script,
// its modulepreloads and the stylesheets, which every first visit pays for.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KIB = 1024;
const BUDGET = { js: 120 * KIB, css: 20 * KIB };

function parseArgs(argv) {
  let dist = join(ROOT, 'dist');
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--dist') dist = resolve(argv[++i] ?? '');
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  return { dist };
}

/** Attributes of one start tag, lower-cased names, quotes removed. */
function attributes(tag) {
  const found = {};
  for (const match of tag.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    found[match[1].toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return found;
}

/** The files index.html loads up front, in document order, without duplicates. */
export function initialAssets(html) {
  const assets = [];
  const seen = new Set();
  const add = (kind, url) => {
    if (!url || seen.has(url)) return;
    seen.add(url);
    assets.push({ kind, url });
  };
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const name = match[1].toLowerCase();
    const attrs = attributes(match[2]);
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
    if (name === 'script' && attrs.type === 'module' && attrs.src) add('js', attrs.src);
    else if (name === 'link' && rel.includes('modulepreload')) add('js', attrs.href);
    else if (name === 'link' && rel.includes('stylesheet')) add('css', attrs.href);
  }
  return assets;
}

function format(bytes) {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}

function main() {
  const { dist } = parseArgs(process.argv.slice(2));
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) {
    console.error(`check:size: ${indexFile} does not exist — run npm run build first.`);
    process.exit(1);
  }

  const assets = initialAssets(readFileSync(indexFile, 'utf8'));
  if (!assets.some((asset) => asset.kind === 'js')) {
    console.error('check:size: dist/index.html has no <script type="module" src> entry; is it a Vite build?');
    process.exit(1);
  }

  const totals = { js: 0, css: 0 };
  const rows = [];
  for (const { kind, url } of assets) {
    if (/^(https?:)?\/\//.test(url)) {
      console.error(`check:size: ${url} is loaded from another origin; the budget only covers our own files.`);
      process.exit(1);
    }
    const file = join(dist, url.replace(/^\//, '').split(/[?#]/)[0]);
    if (!existsSync(file)) {
      console.error(`check:size: ${url} is referenced by index.html but ${file} does not exist.`);
      process.exit(1);
    }
    const raw = readFileSync(file);
    const gzipped = gzipSync(raw, { level: 9 }).length;
    totals[kind] += gzipped;
    rows.push([kind, url, format(raw.length), format(gzipped)]);
  }

  const header = ['kind', 'file', 'raw', 'gzip'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('');

  let over = false;
  for (const kind of ['js', 'css']) {
    const ok = totals[kind] <= BUDGET[kind];
    over ||= !ok;
    console.log(`${kind.toUpperCase().padEnd(3)} ${format(totals[kind])} gzipped of ${format(BUDGET[kind])} ${ok ? 'ok' : 'OVER BUDGET'}`);
  }
  if (over) {
    console.error('\ncheck:size failed: the initial load is over budget. Lazy-load what the first page does not need.');
    process.exit(1);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`check:size failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
