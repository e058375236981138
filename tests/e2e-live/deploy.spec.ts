import { readFileSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { headersForPath, parseHeadersFile } from '../../security-headers';
import { MICROSOFT_REDIRECT_PATH } from '../../src/services/microsoft/redirectBridge';
import { LOCALES } from '../../src/common/types';
import { openApp } from '../e2e/fixtures';
import settings from './settings.json' with { type: 'json' };

/**
 * The live build as a deployment serves it: nginx (playwright.live.config.ts starts scripts/serve-nginx.mjs) with
 * the config the build wrote. Every answer carries the headers the same build wrote into `_headers`; the app's
 * addresses answer 200, others 404 with the 404 page; hashed files are kept for a year, pages revalidated; the
 * build's own files are not served; a request nginx cannot read gets the headers and our page for its status.
 */

const BUILD = 'dist-live';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The headers every answer must carry whatever `_headers` says: the nginx config and `_headers` come from one source,
 * so comparing the two alone would not notice a header dropped from that source.
 */
const ALWAYS_SENT = [
  'content-security-policy',
  'strict-transport-security',
  'referrer-policy',
  'x-content-type-options',
  'x-frame-options',
  'permissions-policy',
  'cache-control',
];

/** What `_headers` says a path gets, lower-cased as responses name them. */
function expectedHeaders(path: string): Record<string, string> {
  const rules = parseHeadersFile(readFileSync(`${BUILD}/_headers`, 'utf8'));
  return Object.fromEntries(Object.entries(headersForPath(rules, path)).map(([name, value]) => [name.toLowerCase(), value]));
}

/** The response carries exactly the headers `_headers` names for its path: each one, with its value, and no other. */
function expectSecurityHeaders(response: { headers(): Record<string, string> }, path: string): void {
  const expected = expectedHeaders(path);
  const sent = response.headers();
  for (const name of ALWAYS_SENT) expect(sent[name], `${path}: ${name}`).toBeTruthy();
  for (const [name, value] of Object.entries(expected)) expect(sent[name], `${path}: ${name}`).toBe(value);
  for (const name of ['cross-origin-opener-policy', 'content-security-policy', 'reporting-endpoints']) {
    if (!(name in expected)) expect(sent[name], `${path}: ${name}`).toBeUndefined();
  }
}

/** Opens an address as a visitor does and waits for the app to show it. */
async function visit(page: Page, path: string): Promise<number | undefined> {
  // The third parties' SDKs are not this test's business: nothing leaves the machine.
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === path && response.request().isNavigationRequest());
  await openApp(page, path);
  return (await answered).status();
}

test("the app's own addresses answer 200 with the app's shell, the headers and no caching; the app renders them", async ({ page, request }) => {
  for (const path of ['/dashboard', '/dashboard/billing', '/recent-history', '/docs']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['content-type'], path).toMatch(/^text\/html/);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    const html = await response.text();
    // The prerendered fallback, which lists this address as the app's own: the app renders the page there.
    expect(html, path).toContain('data-prerendered="/404"');
    expect(/data-prerendered-not-at="([^"]*)"/.exec(html)?.[1]?.split(' '), path).toContain(path);
    expectSecurityHeaders(response, path);
  }
  expect(await visit(page, '/docs')).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/API/);
});

test('an unknown address answers 404 with the 404 page and the headers', async ({ page, request }) => {
  const response = await request.get('/no-such-page');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toMatch(/^text\/html/);
  expect(await response.text()).toContain('data-prerendered="/404"');
  expectSecurityHeaders(response, '/no-such-page');
  expect(await visit(page, '/no-such-page')).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a public page answers at its clean address with its prerendered HTML, revalidated', async ({ request }) => {
  for (const [path, file] of [
    ['/', 'index.html'],
    ['/get-started', 'get-started.html'],
    ['/playground/flux', 'playground/flux.html'],
    ['/terms', 'terms.html'],
  ] as const) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(await response.text(), path).toBe(readFileSync(`${BUILD}/${file}`, 'utf8'));
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expectSecurityHeaders(response, path);
  }
});

test('hashed assets are kept for a year and compressed; other files are revalidated', async ({ request }) => {
  const files = readdirSync(`${BUILD}/assets`);
  const script = files.find((name) => /^index-[\w-]+\.js$/.test(name));
  const sheet = files.find((name) => name.endsWith('.css'));
  for (const file of [script, sheet]) {
    expect(file).toBeDefined();
    const path = `/assets/${file}`;
    const response = await request.get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe(IMMUTABLE);
    expect(response.headers()['content-encoding'], path).toBe('gzip');
    expect(await response.text(), path).toBe(readFileSync(`${BUILD}${path}`, 'utf8'));
    expectSecurityHeaders(response, path);
  }
  // A file the build no longer has is not kept: a 404, revalidated.
  const gone = await request.get('/assets/index-gone000.js');
  expect(gone.status()).toBe(404);
  expect(gone.headers()['cache-control']).toBe('no-cache');
  // Files without a hash in their name.
  for (const path of ['/theme-boot.js', '/robots.txt']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-cache');
    expectSecurityHeaders(response, path);
  }
});

test("the build's own files are not served, and the server names no version", async ({ request }) => {
  for (const path of ['/.vite/manifest.json', '/.vite/prerendered.json', '/prerendered.json', '/_headers', '/.nginx/site.conf']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).toContain('data-prerendered="/404"');
    expectSecurityHeaders(response, path);
  }
  expect((await request.get('/')).headers()['server']).toBe('nginx');
});

test('the Microsoft sign-in redirect page is served without Cross-Origin-Opener-Policy, with every other header', async ({ request }) => {
  const response = await request.get(MICROSOFT_REDIRECT_PATH);
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain('<p id="message" role="alert" hidden></p>');
  expect(response.headers()['cross-origin-opener-policy']).toBeUndefined();
  // Its clean address (a host may redirect `.html` there) is the same page, without the header too.
  const clean = await request.get(MICROSOFT_REDIRECT_PATH.replace(/\.html$/, ''));
  expect(clean.status()).toBe(200);
  expect(await clean.text()).toBe(await response.text());
  expect(clean.headers()['cross-origin-opener-policy']).toBeUndefined();
  expect(response.headers()['content-security-policy']).toContain("default-src 'self'");
  expectSecurityHeaders(response, MICROSOFT_REDIRECT_PATH);
  // The same headers less COOP as every other page.
  const { 'cross-origin-opener-policy': opener, ...others } = expectedHeaders('/dashboard');
  expect(opener).toBe('same-origin-allow-popups');
  expect(expectedHeaders(MICROSOFT_REDIRECT_PATH)).toEqual(others);
});

/** An answer as it came over the socket: the status line, each header as often as it was sent, the body. */
interface RawAnswer {
  statusLine: string;
  status: number;
  fields: Array<[name: string, value: string]>;
  headers(): Record<string, string>;
  body: string;
}

/** The answer in these bytes, once its headers and as much body as its Content-Length says have arrived. */
function parseAnswer(bytes: Buffer): RawAnswer | null {
  const split = bytes.indexOf('\r\n\r\n');
  if (split < 0) return null;
  const [statusLine = '', ...lines] = bytes.subarray(0, split).toString('latin1').split('\r\n');
  const fields = lines.map((line): [string, string] => {
    const colon = line.indexOf(':');
    return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
  });
  const body = bytes.subarray(split + 4);
  const length = Number(fields.find(([name]) => name === 'content-length')?.[1] ?? Number.NaN);
  if (!(body.length >= length)) return null;
  return {
    statusLine,
    status: Number(/^HTTP\/1\.1 (\d{3})\b/.exec(statusLine)?.[1] ?? 0),
    fields,
    headers: () => Object.fromEntries(fields),
    body: body.subarray(0, length).toString('utf8'),
  };
}

/**
 * Sends bytes no browser or HTTP client would (a malformed request line, an address or a header past nginx's
 * buffers) straight over TCP to the nginx the suite started, and reads the answer. The connection stays open for it,
 * as a client's does: one that hangs up right after sending may get no page at all.
 */
function sendRaw(request: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(settings.previewPort, '127.0.0.1', () => socket.write(request));
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const answer = parseAnswer(Buffer.concat(chunks));
      if (!answer) return;
      socket.destroy();
      resolve(answer);
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`nginx closed the connection before a whole answer: ${Buffer.concat(chunks).toString('utf8')}`)));
  });
}

// nginx's default `large_client_header_buffers 4 8k`: one buffer holds a request line or a header line.
const PAST_ONE_BUFFER = 9_000;

for (const { what, request, status, page } of [
  { what: 'a malformed request line', request: 'GET / HTTP/1.1 and more\r\nHost: 127.0.0.1\r\n\r\n', status: 400, page: '400' },
  { what: 'a method in lower case', request: 'get /dashboard HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', status: 400, page: '400' },
  {
    what: 'an address longer than a header buffer',
    request: `GET /${'a'.repeat(PAST_ONE_BUFFER)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    status: 414,
    page: '414',
  },
  {
    // What a visitor whose cookies for the site have grown too large sends: nginx's 494, sent as 431.
    what: 'a header longer than a header buffer',
    request: `GET /dashboard HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: big=${'b'.repeat(PAST_ONE_BUFFER)}\r\n\r\n`,
    status: 431,
    page: '431',
  },
  { what: 'an HTTP version nginx does not speak', request: 'GET / HTTP/3.0\r\nHost: 127.0.0.1\r\n\r\n', status: 505, page: '505' },
  {
    what: 'a body larger than nginx accepts',
    request: 'POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 50000000\r\n\r\n',
    status: 413,
    page: '413',
  },
]) {
  test(`${what} is answered ${status} with the security headers and our own page, not nginx's`, async () => {
    const answer = await sendRaw(request);
    expect(answer.status, answer.statusLine).toBe(status);
    // The site's headers, each once (a header sent twice, a policy above all, would be enforced twice).
    expectSecurityHeaders(answer, '/');
    const names = answer.fields.map(([name]) => name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    expect(answer.headers()['cache-control']).toBe('no-cache');
    expect(answer.headers()['content-type']).toMatch(/^text\/html/);
    // The page the build wrote for this status, byte for byte: every language, no word of the server behind it.
    expect(answer.body).toBe(readFileSync(`${BUILD}/.nginx/errors/${page}.html`, 'utf8'));
    expect(answer.body).toContain(`HTTP ${status}`);
    for (const locale of LOCALES) expect(answer.body).toContain(`<section lang="${locale}">`);
    expect(answer.body).not.toMatch(/nginx/i);
    expect(answer.headers()['server']).toBe('nginx');
  });
}

test('the error pages are not served to a visitor who asks for them: the 404 page, with the headers', async ({ request }) => {
  const response = await request.get('/.nginx/errors/400.html');
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('data-prerendered="/404"');
  expectSecurityHeaders(response, '/.nginx/errors/400.html');
});
