// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appAddresses, nginxSiteConfig } from '../../../nginx-config';
import { securityHeaders, type HostSettings } from '../../../security-headers';
import { PRERENDERED_PAGES, type PrerenderedPage } from '../../../src/prerender/pages';
import { REQUEST_ERROR_PAGES, requestErrorFile } from '../../../src/prerender/requestErrorPages';
import { MICROSOFT_REDIRECT_PATH } from '../../../src/services/microsoft/redirectBridge';
// @ts-expect-error -- a plain .mjs script without type declarations
import { serverBlock } from '../../../scripts/serve-nginx.mjs';

const LIVE: HostSettings = {
  VITE_API_BASE_URL: 'https://api.example.com',
  VITE_PAYPAL_CLIENT_ID: 'sb-client',
  VITE_CSP_REPORT_URL: 'https://reports.example.com/csp',
};

interface Location {
  match: string;
  headers: Record<string, string>;
  directives: string[];
}

/** nginx's double-quoted string, read back. */
function unquote(text: string): string {
  return text.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1');
}

/** The redirect page's own address and its clean one (`/x` serves `/x.html`). */
const BRIDGE_ADDRESSES = [MICROSOFT_REDIRECT_PATH, MICROSOFT_REDIRECT_PATH.replace(/\.html$/, '')];

/** The top-level `location` blocks of the fragment: their headers (each with `always`) and other directives. */
function locations(config: string): Location[] {
  return [...config.matchAll(/^location (.+) \{\n([\s\S]*?)\n\}$/gm)].map(([, match = '', body = '']) => {
    const headers: Record<string, string> = {};
    const directives: string[] = [];
    for (const line of body.split('\n').map((text) => text.trim())) {
      const header = /^add_header (\S+) ("(?:[^"\\]|\\.)*") always;$/.exec(line);
      if (header?.[1] && header[2]) headers[header[1]] = unquote(header[2]);
      else directives.push(line);
    }
    return { match, headers, directives };
  });
}

function location(config: string, match: string): Location {
  const found = locations(config).find((candidate) => candidate.match === match);
  if (!found) throw new Error(`no location ${match}`);
  return found;
}

describe('the nginx config the build writes', () => {
  for (const [name, env] of [
    ['demo', {}],
    ['live, with PayPal and reports', LIVE],
  ] as const) {
    it(`sends every security header, with \`always\`, from every location (${name})`, () => {
      const config = nginxSiteConfig(env, PRERENDERED_PAGES);
      const all = locations(config);
      expect(all.length).toBeGreaterThan(5);
      // Only the add_header lines the parser read: none is written another way (without `always`, say).
      expect(config.match(/add_header/g)).toHaveLength(all.reduce((count, { headers }) => count + Object.keys(headers).length, 0));
      // Nothing at the server level, where a location's own add_header would silently drop it.
      expect(config.split(/^location /m)[0]).not.toContain('add_header');
      for (const { match, headers } of all) {
        const expected = { ...securityHeaders(env) };
        if (BRIDGE_ADDRESSES.some((address) => match === `= ${address}`) || match.startsWith('@')) delete expected['Cross-Origin-Opener-Policy'];
        const { 'Cache-Control': cache, ...security } = headers;
        expect(security, match).toEqual(expected);
        expect(cache, match).toMatch(/^(no-cache|public, max-age=31536000, immutable)$/);
      }
    });
  }

  it('serves the Microsoft redirect page at both its addresses, and its 404, without Cross-Origin-Opener-Policy, its other headers kept', () => {
    const config = nginxSiteConfig(LIVE, PRERENDERED_PAGES);
    for (const address of BRIDGE_ADDRESSES) {
      const bridge = location(config, `= ${address}`);
      expect(bridge.headers, address).not.toHaveProperty('Cross-Origin-Opener-Policy');
      expect(bridge.headers['Content-Security-Policy'], address).toBe(securityHeaders(LIVE)['Content-Security-Policy']);
      // The clean address serves the `.html` file, as every other page's does.
      expect(bridge.directives, address).toContain('try_files $uri $uri.html =404;');
      const missing = /^error_page 404 (@\w+);$/.exec(bridge.directives.find((line) => line.startsWith('error_page')) ?? '')?.[1] ?? '';
      const notFound = location(config, missing);
      expect(notFound.headers, address).toEqual(bridge.headers);
      expect(notFound.directives, address).toContain('try_files /404.html =404;');
    }
    // Every other location sends it.
    expect(location(config, '/').headers['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups');
  });

  it('answers the errors nginx answers itself with our page and the headers: 400, 405, 413, 414, 431 (for 494), 501, 505', () => {
    const config = nginxSiteConfig(LIVE, PRERENDERED_PAGES);
    const serverLevel = config.split(/^location /m)[0] ?? '';
    const lines = REQUEST_ERROR_PAGES.map((error) => {
      const file = requestErrorFile(error);
      expect(file).toMatch(/^\.nginx\/errors\/\d{3}\.html$/);
      return `error_page ${error.status} ${error.status === 494 ? '=431 ' : ''}/${file};`;
    });
    expect(lines).toContain('error_page 494 =431 /.nginx/errors/431.html;');
    expect(REQUEST_ERROR_PAGES.map(({ status }) => status).sort()).toEqual([400, 405, 413, 414, 494, 501, 505]);
    // At the server level, where a request nginx could not read (no location chosen yet) finds them.
    for (const line of lines) expect(serverLevel.split('\n'), line).toContain(line);
    // A location that sets an error_page of its own inherits none of the server's: it repeats them all.
    for (const { match, directives } of locations(config).filter((candidate) => candidate.directives.some((line) => line.startsWith('error_page')))) {
      expect(directives, match).toEqual(expect.arrayContaining(lines));
    }
    // Each page's own address (never a named location: a request without a URI cannot be sent to one), internal, with
    // every header of the site and no caching.
    for (const error of REQUEST_ERROR_PAGES) {
      const page = location(config, `= /${requestErrorFile(error)}`);
      expect(page.directives).toEqual(['internal;']);
      expect(page.headers).toEqual({ ...securityHeaders(LIVE), 'Cache-Control': 'no-cache' });
    }
    expect(config).not.toMatch(/^error_page [\d ]+(=\d+ )?@/m);
  });

  it('lets browsers keep hashed assets for a year and revalidate everything else', () => {
    const config = nginxSiteConfig(LIVE, PRERENDERED_PAGES);
    expect(location(config, '/assets/').headers['Cache-Control']).toBe('public, max-age=31536000, immutable');
    for (const { match, headers } of locations(config).filter((candidate) => candidate.match !== '/assets/')) {
      expect(headers['Cache-Control'], match).toBe('no-cache');
    }
  });

  it("answers each of the app's own addresses with its prerendered page or the app's shell, and anything else with the 404 page", () => {
    const config = nginxSiteConfig(LIVE, PRERENDERED_PAGES);
    const addresses = appAddresses(PRERENDERED_PAGES);
    // The 404 page's own list (data-prerendered-not-at), not one typed again.
    expect(addresses).toEqual(PRERENDERED_PAGES.find((page) => page.file === '404.html')?.notThePageAt);
    expect(addresses).toEqual(expect.arrayContaining(['/', '/get-started', '/dashboard', '/dashboard/billing', '/recent-history', '/docs']));
    for (const address of addresses) {
      const under = address.length > 1 && address.endsWith('/');
      const page = PRERENDERED_PAGES.find((candidate) => candidate.path === address);
      expect(location(config, `${under ? '^~' : '='} ${address}`).directives, address).toEqual([`try_files /${page?.file ?? '404.html'} =404;`]);
    }
    expect(location(config, '= /get-started').directives).toEqual(['try_files /get-started.html =404;']);
    expect(location(config, '= /dashboard').directives).toEqual(['try_files /404.html =404;']);
    // Clean addresses for any other file; the 404 page with status 404 for what is not there.
    expect(location(config, '/').directives).toEqual(['try_files $uri $uri.html $uri/index.html =404;']);
    expect(config).toMatch(/^error_page 404 \/404\.html;$/m);
  });

  it("keeps the build's own files from being served: dot folders (.vite, this config) and _headers", () => {
    const config = nginxSiteConfig({}, PRERENDERED_PAGES);
    const hidden = locations(config).filter(({ match }) => match.startsWith('~ '));
    expect(hidden).toHaveLength(1);
    expect(hidden[0]?.directives).toEqual(['return 404;']);
    const pattern = new RegExp(hidden[0]?.match.slice(2) ?? '$^');
    for (const path of ['/.vite/manifest.json', '/.vite/prerendered.json', '/.nginx/site.conf', '/_headers', '/assets/.hidden']) {
      expect(pattern.test(path), path).toBe(true);
    }
    for (const path of ['/', '/dashboard', '/assets/index-abc.js', '/.well-known/security.txt', '/get-started.html', '/my_headers.html']) {
      expect(pattern.test(path), path).toBe(false);
    }
  });

  it('compresses text, names no server version, and needs only `listen` and `root` around it', () => {
    const config = nginxSiteConfig({}, PRERENDERED_PAGES);
    expect(config).toMatch(/^server_tokens off;$/m);
    expect(config).toMatch(/^gzip on;$/m);
    expect(/^gzip_types (.*);$/m.exec(config)?.[1]?.split(' ')).toEqual(
      expect.arrayContaining(['text/css', 'application/javascript', 'application/json', 'image/svg+xml']),
    );
    expect(config).not.toMatch(/^\s*(listen|root|server_name) /m);
    expect(serverBlock('8080', '/usr/share/nginx/html')).toBe(
      'server {\n    listen 8080;\n    root /usr/share/nginx/html;\n    include /usr/share/nginx/html/.nginx/site.conf;\n}\n',
    );
  });

  it('refuses what it cannot write: a header value with "$", a build without the 404 page', () => {
    expect(() => nginxSiteConfig({ VITE_CSP_REPORT_URL: 'https://r.example.com/$uri' }, PRERENDERED_PAGES)).toThrow(/"\$"/);
    const withoutFallback: PrerenderedPage[] = PRERENDERED_PAGES.filter((page) => page.file !== '404.html');
    expect(() => nginxSiteConfig({}, withoutFallback)).toThrow(/404\.html/);
    // A quote in a value is escaped, not the end of the string.
    const permissions = location(nginxSiteConfig({}, PRERENDERED_PAGES), '/').headers['Permissions-Policy'];
    expect(permissions).toBe(securityHeaders({})['Permissions-Policy']);
    expect(permissions).toContain('"https://www.paypal.com"');
  });
});

describe('the Dockerfile', () => {
  const dockerfile = readFileSync('Dockerfile', 'utf8');

  it('passes every setting .env.example lists through to the build as a build argument', () => {
    const settings = [...new Set([...readFileSync('.env.example', 'utf8').matchAll(/^# (VITE_\w+)=/gm)].map(([, name]) => name))];
    expect(settings.length).toBeGreaterThan(10);
    const args = [...dockerfile.matchAll(/^ARG (VITE_\w+)$/gm)].map(([, name]) => name);
    expect(args.sort()).toEqual(settings.sort());
  });

  it("serves the build with the build's own nginx config on 8080, from a pinned unprivileged nginx image", () => {
    expect(dockerfile).toMatch(/^FROM nginxinc\/nginx-unprivileged:\d+\.\d+\.\d+[\w.-]*$/m);
    expect(dockerfile).toMatch(/^FROM node:20 AS build$/m);
    expect(dockerfile).toContain('node scripts/serve-nginx.mjs --server-block 8080 /usr/share/nginx/html');
    expect(dockerfile).toMatch(/^COPY --from=build \/app\/dist \/usr\/share\/nginx\/html$/m);
    expect(dockerfile).toMatch(/^EXPOSE 8080$/m);
  });
});
