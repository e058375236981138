// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain .mjs script without type declarations
import { findPrerenderedHeadProblems } from '../../../scripts/check-live-build.mjs';

const SCRIPT = fileURLToPath(new URL('../../../scripts/check-live-build.mjs', import.meta.url));
/** The live build's public origin (tests/e2e-live/settings.json), which the script checks by default. */
const SITE = 'https://app.example.test';
const SEO_FILES = {
  'robots.txt': `User-agent: *\nAllow: /\n\nSitemap: ${SITE}/sitemap.xml\n`,
  'sitemap.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <url><loc>${SITE}/</loc></url>\n  <url><loc>${SITE}/get-started</loc></url>\n</urlset>\n`,
};

/** A prerendered page's head as the build writes it: its own canonical link and og:url on `origin`. */
function pageHead(origin: string, path: string): string {
  return `<!doctype html><head><link rel="canonical" href="${origin}${path}"><meta property="og:url" content="${origin}${path}"></head>`;
}
/** The pages the sitemap above lists, and the 404 page. */
const PAGES = {
  'index.html': `${pageHead(SITE, '/')}<script type="module" src="/assets/index.js"></script>`,
  'get-started.html': pageHead(SITE, '/get-started'),
  '404.html': '<!doctype html><head><meta name="robots" content="noindex"></head>',
};

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function build(files: Record<string, string | null>) {
  const root = mkdtempSync(join(tmpdir(), 'check-live-build-'));
  dirs.push(root);
  const all = { ...PAGES, ...SEO_FILES, ...files };
  for (const [name, content] of Object.entries(all)) {
    if (content === null) continue;
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

function run(dir: string, ...options: string[]) {
  const result = spawnSync(process.execPath, [SCRIPT, '--dist', dir, ...options], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

describe('check-live-build', () => {
  it('passes a build with no worker script and no MSW code', () => {
    const dir = build({
      'assets/index.js': 'const msw1=1;fetch("http://127.0.0.1:4391/client/v1/user/user-info")',
      'theme-boot.js': '(function(){})()',
      _headers: '/*\n',
    });
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

  it('passes a build whose robots.txt, sitemap and page heads name the live origin', () => {
    const head = `<link rel="canonical" href="${SITE}/join-discord"><meta property="og:url" content="${SITE}/join-discord"><meta property="og:image" content="${SITE}/og-image.png"><meta name="twitter:image" content="${SITE}/og-image.png">`;
    const { status, output } = run(build({ 'join-discord/index.html': `<!doctype html><head>${head}</head>` }));
    expect(output).toContain(`names ${SITE} in robots.txt, sitemap.xml and its page heads`);
    expect(status).toBe(0);
  });

  it.each([
    ['robots.txt', 'robots.txt: missing'],
    ['sitemap.xml', 'sitemap.xml: missing'],
  ])('fails without %s', (file, problem) => {
    const { status, output } = run(build({ [file]: null }));
    expect(status).toBe(1);
    expect(output).toContain(problem);
  });

  it('fails on a build made without the live origin (the default one instead)', () => {
    const dir = build({
      'robots.txt': 'User-agent: *\nAllow: /\n\nSitemap: http://localhost:5173/sitemap.xml\n',
      'sitemap.xml': '<urlset><url><loc>http://localhost:5173/</loc></url></urlset>',
      'index.html': pageHead('http://localhost:5173', '/'),
      'get-started.html': null,
      'get-started/index.html':
        '<link rel="canonical" href="http://localhost:5173/get-started"><meta name="twitter:image" content="http://localhost:5173/og-image.png">',
    });
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toContain(`robots.txt: no "Sitemap: ${SITE}/sitemap.xml" line`);
    expect(output).toContain(`sitemap.xml: http://localhost:5173/ is not on ${SITE}`);
    expect(output).toContain(`get-started/index.html: http://localhost:5173/get-started is not on ${SITE}`);
    expect(output).toContain(`get-started/index.html: http://localhost:5173/og-image.png is not on ${SITE}`);
    // The same build passes when told its origin.
    expect(run(dir, '--site-url', 'http://localhost:5173/').status).toBe(0);
  });

  it('fails on a sitemap that lists no page, or a look-alike origin', () => {
    const { output } = run(build({ 'sitemap.xml': `<urlset><url><loc>${SITE}.evil.test/</loc></url></urlset>` }));
    expect(output).toContain(`sitemap.xml: ${SITE}.evil.test/ is not on ${SITE}`);
    expect(run(build({ 'sitemap.xml': '<urlset></urlset>' })).output).toContain('sitemap.xml: lists no page');
  });

  it('refuses a folder that is not a build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'check-live-build-'));
    dirs.push(dir);
    const { status, output } = run(dir);
    expect(status).toBe(1);
    expect(output).toContain('index.html does not exist');
  });
});

describe('findPrerenderedHeadProblems', () => {
  const head = (url: string) => `<title>t</title>\n<link rel="canonical" href="${url}">\n<meta property="og:url" content="${url}">`;
  const NOINDEX = '<meta name="robots" content="noindex">';

  it('passes prerendered pages named by their own URLs and a noindex 404 page', () => {
    const dir = build({ 'index.html': head(`${SITE}/`), 'get-started.html': head(`${SITE}/get-started`), '404.html': NOINDEX });
    expect(findPrerenderedHeadProblems(dir, SITE)).toEqual([]);
    const nested = build({
      'index.html': head(`${SITE}/`),
      'get-started.html': null,
      'get-started/index.html': head(`${SITE}/get-started`),
      '404.html': NOINDEX,
    });
    expect(findPrerenderedHeadProblems(nested, SITE)).toEqual([]);
  });

  it('finds a missing page, a page named by another URL, and a 404 page that names one', () => {
    const dir = build({ 'index.html': head(`${SITE}/get-started`), 'get-started.html': null, '404.html': `${NOINDEX}${head(`${SITE}/404`)}` });
    expect(findPrerenderedHeadProblems(dir, SITE)).toEqual([
      `index.html: <link rel="canonical" should be ${SITE}/ once, found ${SITE}/get-started`,
      `index.html: og:url should be ${SITE}/ once, found ${SITE}/get-started`,
      `get-started.html or get-started/index.html: missing (the sitemap lists ${SITE}/get-started)`,
      '404.html: names a URL of its own (canonical or og:url), though it answers every unknown address',
    ]);
  });

  it('finds a page without its head and a 404 page search engines may index', () => {
    const dir = build({
      'index.html': '<!doctype html><title>t</title>',
      'get-started.html': head(`${SITE}/get-started`),
      '404.html': '<title>Not found</title>',
    });
    expect(findPrerenderedHeadProblems(dir, SITE)).toEqual([
      'index.html: <link rel="canonical" should be https://app.example.test/ once, found none',
      'index.html: og:url should be https://app.example.test/ once, found none',
      '404.html: no <meta name="robots" content="noindex">',
    ]);
  });
});
