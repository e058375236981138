#!/usr/bin/env node
// A live build (VITE_API_BASE_URL set) must ship nothing of demo mode's Mock Service Worker: not the worker
// script public/ holds, and no MSW code in its bundle. And it must name its public origin (VITE_SITE_URL) wherever
// it writes an absolute URL of its own: robots.txt, sitemap.xml, and the canonical links and link-preview URLs of its
// HTML pages. Run by `npm run test:live` on dist-live, whose origin is tests/e2e-live/settings.json's siteUrl.
//
//   node scripts/check-live-build.mjs [--dist DIR] [--site-url URL]
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

/** The origin scripts/build-live.mjs builds dist-live with. */
function liveSiteUrl() {
  return JSON.parse(readFileSync(join(ROOT, 'tests/e2e-live/settings.json'), 'utf8')).siteUrl;
}

function parseArgs(argv) {
  let dist = join(ROOT, 'dist-live');
  let siteUrl = '';
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--dist') dist = resolve(argv[++i] ?? '');
    else if (argv[i] === '--site-url') siteUrl = argv[++i] ?? '';
    else throw new Error(`Unknown option ${argv[i]}`);
  }
  return { dist, siteUrl: (siteUrl || liveSiteUrl()).replace(/\/+$/, '') };
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

function readIfThere(file) {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** What the page heads write as their own URLs (canonical, og:url, og:image, twitter:image), entities decoded. */
const HEAD_URL = /<link rel="canonical" href="([^"]*)"|<meta (?:property|name)="(?:og:url|og:image|twitter:image)" content="([^"]*)"/g;

function decodeEntities(text) {
  return text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, '&');
}

/** Where the build names another origin than `siteUrl` as its own (or lacks robots.txt or sitemap.xml): one line per problem. */
export function findSiteUrlProblems(dist, siteUrl) {
  const problems = [];
  const own = (url) => url === siteUrl || url.startsWith(`${siteUrl}/`);
  const robots = readIfThere(join(dist, 'robots.txt'));
  if (robots === null) problems.push('robots.txt: missing');
  else if (!robots.split(/\r?\n/).includes(`Sitemap: ${siteUrl}/sitemap.xml`)) problems.push(`robots.txt: no "Sitemap: ${siteUrl}/sitemap.xml" line`);
  const sitemap = readIfThere(join(dist, 'sitemap.xml'));
  if (sitemap === null) problems.push('sitemap.xml: missing');
  else {
    const locs = [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decodeEntities(match[1]));
    if (locs.length === 0) problems.push('sitemap.xml: lists no page');
    for (const loc of locs) if (!own(loc)) problems.push(`sitemap.xml: ${loc} is not on ${siteUrl}`);
  }
  for (const file of filesUnder(dist).filter((name) => name.endsWith('.html'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(HEAD_URL)) {
      const url = decodeEntities(match[1] ?? match[2] ?? '');
      if (!own(url)) problems.push(`${relative(dist, file)}: ${url} is not on ${siteUrl}`);
    }
  }
  return problems;
}

/**
 * The prerendered pages' heads: each page of the sitemap has its file, whose canonical link and og:url are the
 * page's own URL; the 404 page is noindex and names no URL as its own.
 */
export function findPrerenderedHeadProblems(dist, siteUrl) {
  const problems = [];
  const sitemap = readIfThere(join(dist, 'sitemap.xml')) ?? '';
  for (const loc of [...sitemap.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => decodeEntities(match[1]))) {
    if (!loc.startsWith(`${siteUrl}/`)) continue; // findSiteUrlProblems reports it
    const path = loc.slice(siteUrl.length);
    // `/a/b` is written as a/b.html or a/b/index.html: static hosts serve either at /a/b.
    const names = path === '/' ? ['index.html'] : [`${path.slice(1)}.html`, `${path.slice(1)}/index.html`];
    const name = names.find((candidate) => existsSync(join(dist, candidate)));
    const html = name ? readFileSync(join(dist, name), 'utf8') : null;
    if (!name || html === null) {
      problems.push(`${names.join(' or ')}: missing (the sitemap lists ${loc})`);
      continue;
    }
    const urls = [...html.matchAll(HEAD_URL)].filter((match) => match[0].includes('canonical') || match[0].includes('og:url'));
    for (const what of ['<link rel="canonical"', 'og:url']) {
      const found = urls.filter((match) => match[0].includes(what)).map((match) => decodeEntities(match[1] ?? match[2] ?? ''));
      if (found.length !== 1 || found[0] !== loc)
        problems.push(`${name}: ${what} should be ${loc} once, found ${found.length ? found.join(', ') : 'none'}`);
    }
  }
  const notFound = readIfThere(join(dist, '404.html'));
  if (notFound === null) problems.push('404.html: missing');
  else {
    if (!/<meta name="robots" content="noindex">/.test(notFound)) problems.push('404.html: no <meta name="robots" content="noindex">');
    if (/<link rel="canonical"|property="og:url"/.test(notFound))
      problems.push('404.html: names a URL of its own (canonical or og:url), though it answers every unknown address');
  }
  return problems;
}

function main() {
  const { dist, siteUrl } = parseArgs(process.argv.slice(2));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`check-live-build: ${join(dist, 'index.html')} does not exist — build the live bundle first.`);
    process.exit(1);
  }
  const name = relative(ROOT, dist) || dist;
  let failed = false;
  const problems = findMswTraces(dist);
  if (problems.length > 0) {
    console.error(`check-live-build failed: ${name} is a live build with demo mode's Mock Service Worker in it:`);
    for (const problem of problems) console.error(`  ${problem}`);
    failed = true;
  }
  const siteProblems = findSiteUrlProblems(dist, siteUrl);
  if (siteProblems.length > 0) {
    console.error(`check-live-build failed: ${name} does not name its public origin ${siteUrl} (VITE_SITE_URL) everywhere:`);
    for (const problem of siteProblems) console.error(`  ${problem}`);
    failed = true;
  }
  const headProblems = findPrerenderedHeadProblems(dist, siteUrl);
  if (headProblems.length > 0) {
    console.error(`check-live-build failed: ${name}'s prerendered pages do not carry their own heads:`);
    for (const problem of headProblems) console.error(`  ${problem}`);
    failed = true;
  }
  if (failed) process.exit(1);
  console.log(`check-live-build: ${name} ships no Mock Service Worker and no MSW code.`);
  console.log(`check-live-build: ${name} names ${siteUrl} in robots.txt, sitemap.xml and its page heads.`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`check-live-build failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
