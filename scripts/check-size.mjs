#!/usr/bin/env node
// npm run check:size — the gzipped size of what each page loads, before the visitor's first action and once the
// app starts, against a budget.
//
//   node scripts/check-size.mjs [--dist DIR]
//
// For each prerendered page (dist/.vite/prerendered.json, written by prerender-plugin.ts): what its HTML loads (the
// blocking theme script, the entry script, preloads, stylesheets) and the entry's static imports, which is all a
// first visit runs before the visitor's first action (src/entry.ts); then the app it imports at that action
// (src/main.tsx) and the page's own code, each with its static imports. Without that file (a build that
// prerendered nothing), what index.html loads, all of it before any action. Code fetched later is not counted: the whole
// catalogue of the language (fetched after hydration; the page carries the messages it shows), the demo's API
// (started by the first request), the sign-in forms and the fingerprint (fetched when they are first needed).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const KIB = 1024;
// Before the first action: what a phone fetches and runs for a visitor who only reads. Once started: the whole
// start (React DOM alone is about 62 KiB) with the theme script, held apart so that the first tap is not kept
// waiting for more and more.
const BUDGET = { beforeAction: 100 * KIB, js: 145 * KIB, css: 20 * KIB };

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
    // Module scripts and classic ones alike (the blocking theme script runs before anything is shown).
    if (name === 'script' && attrs.src && (attrs.type === undefined || attrs.type === 'module' || attrs.type === 'text/javascript'))
      add('js', attrs.src);
    else if (name === 'link' && rel.includes('modulepreload')) add('js', attrs.href);
    else if (name === 'link' && rel.includes('stylesheet')) add('css', attrs.href);
  }
  return assets;
}

function format(bytes) {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}

/** Each page to measure, with the files it loads up front. */
export function pagesToMeasure(dist) {
  const report = join(dist, '.vite', 'prerendered.json');
  if (existsSync(report)) {
    const pages = JSON.parse(readFileSync(report, 'utf8'));
    return Object.entries(pages).map(([file, { entry, js, css }]) => {
      const page = join(dist, file);
      if (!existsSync(page)) throw new Error(`${page} is in the prerender report but not in the build — run npm run build again.`);
      const assets = initialAssets(readFileSync(page, 'utf8')).map((asset) => ({ ...asset, beforeAction: true }));
      const seen = new Set(assets.map((asset) => asset.url));
      const add = (kind, url, beforeAction) => {
        if (seen.has(`/${url}`)) return;
        seen.add(`/${url}`);
        assets.push({ kind, url: `/${url}`, beforeAction });
      };
      for (const url of entry) add('js', url, true);
      for (const url of js) add('js', url, false);
      for (const url of css) add('css', url, true);
      return { name: file, assets };
    });
  }
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} does not exist — run npm run build first.`);
  const assets = initialAssets(readFileSync(indexFile, 'utf8')).map((asset) => ({ ...asset, beforeAction: true }));
  return [{ name: 'index.html', assets }];
}

function main() {
  const { dist } = parseArgs(process.argv.slice(2));
  let over = false;
  for (const page of pagesToMeasure(dist)) {
    console.log(`\n${page.name}`);
    over = measurePage(dist, page.assets) || over;
  }
  if (over) {
    console.error('\ncheck:size failed: a page loads too much up front. Load on demand what the first view does not need.');
    process.exit(1);
  }
}

/** Prints one page's table and totals; true when over budget. */
function measurePage(dist, assets) {
  if (!assets.some((asset) => asset.kind === 'js')) throw new Error('a page has no script; is it a Vite build?');

  const totals = { beforeAction: 0, js: 0, css: 0 };
  const rows = [];
  for (const { kind, url, beforeAction } of assets) {
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
    if (kind === 'js' && beforeAction) totals.beforeAction += gzipped;
    rows.push([kind, url, beforeAction ? 'before action' : 'at action', format(raw.length), format(gzipped)]);
  }

  const header = ['kind', 'file', 'loaded', 'raw', 'gzip'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  console.log('');

  let over = false;
  const labels = { beforeAction: 'JS before any action', js: 'JS once started', css: 'CSS' };
  for (const measure of ['beforeAction', 'js', 'css']) {
    const ok = totals[measure] <= BUDGET[measure];
    over ||= !ok;
    const label = labels[measure].padEnd(20);
    console.log(`${label} ${format(totals[measure])} gzipped of ${format(BUDGET[measure])} ${ok ? 'ok' : 'OVER BUDGET'}`);
  }
  return over;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`check:size failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
