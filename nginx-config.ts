/**
 * The nginx config a deployment serves the build with, written into the build beside `_headers` and from the same
 * rules (security-headers.ts's headerRules), so the two cannot say different things. It is a server-context
 * fragment: everything but `listen` and `root`, which scripts/serve-nginx.mjs (tests, local runs) and the Dockerfile
 * supply around it, so the container and the tests run this very file. Build-time code: it runs in Node.
 */
import { headerRules, headersForPath, type HostSettings } from './security-headers.ts';
import type { PrerenderedPage } from './src/prerender/pages.ts';
import { REQUEST_ERROR_PAGES, requestErrorFile } from './src/prerender/requestErrorPages.ts';

/** Where the build writes the fragment, relative to the build directory (a dot folder: never served). */
export const NGINX_SITE_FILE = '.nginx/site.conf';

/** What no rule gives a cache lifetime (HTML, theme-boot.js, robots.txt ...) is checked with the server before each use. */
const REVALIDATE = 'no-cache';
/** The prerendered fallback the app renders any of its own addresses from (src/prerender/pages.ts). */
const NOT_FOUND_PAGE = '/404.html';

/** Text worth compressing; nginx always compresses text/html once gzip is on. */
const GZIP_TYPES = [
  'text/css',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'text/xml',
  'text/plain',
  'image/svg+xml',
];

/** A double-quoted nginx string. `$` would start a variable and nginx has no escape for it, so it is refused. */
function quoted(value: string): string {
  if (/[$\r\n]/.test(value)) throw new Error(`nginx-config: cannot write ${JSON.stringify(value)} (a "$" or a line break).`);
  return `"${value.replace(/[\\"]/g, '\\$&')}"`;
}

/**
 * A location's headers. nginx's `add_header` in a location replaces every one the server level sets, so each
 * location lists them all; `always` sends them with error answers too (a 404 page is a page).
 */
function headerLines(headers: Record<string, string>): string[] {
  const cached = Object.keys(headers).some((name) => name.toLowerCase() === 'cache-control');
  return Object.entries({ ...headers, ...(cached ? {} : { 'Cache-Control': REVALIDATE }) }).map(
    ([name, value]) => `add_header ${name} ${quoted(value)} always;`,
  );
}

/**
 * The nginx location of a `_headers` pattern other than `/*`: `/a/b` exactly, or a prefix `/a/*`. A pattern
 * nginx cannot say as simply (a placeholder, a splat mid-path) fails the build rather than go unserved.
 */
function locationOf(pattern: string): { match: string; path: string } {
  const prefix = /^(\/[^*:]*\/)\*$/.exec(pattern)?.[1];
  if (prefix) return { match: prefix, path: prefix };
  if (/^\/[^*:]*$/.test(pattern)) return { match: `= ${pattern}`, path: pattern };
  throw new Error(`nginx-config: no location for the headers rule ${pattern}.`);
}

/*
 * The errors nginx answers before it has chosen a location (a request line or header it cannot read, an address or a
 * header too long for its buffers: src/prerender/requestErrorPages.ts) get the server level's configuration: the
 * request belongs to the port's default server ("How nginx processes a request",
 * https://nginx.org/en/docs/http/request_processing.html), the only one here, and to no location yet. So the
 * server-level `error_page` lines below apply to them. Each makes an internal redirect to the page's address
 * ("error_page", https://nginx.org/en/docs/http/ngx_http_core_module.html#error_page), which is found as any request's
 * location is: that location's `add_header ... always` sends the security headers with the error status ("add_header":
 * `always` adds the field "regardless of the response code",
 * https://nginx.org/en/docs/http/ngx_http_headers_module.html#add_header), and `internal` keeps a visitor from asking
 * for the page itself ("internal", https://nginx.org/en/docs/http/ngx_http_core_module.html#internal).
 * - An address, not a named location (`@name`): a request whose line could not be parsed has no URI, and nginx answers
 *   a redirect of such a request to a named location with a 500 of its own ("empty URI in redirect to named location",
 *   ngx_http_named_location in nginx's src/http/ngx_http_core_module.c; seen with nginx 1.22).
 * - The error_page documentation: "These directives are inherited from the previous level if and only if there are no
 *   error_page directives defined on the current level", so a location with an error_page of its own repeats these.
 */
function requestErrorPageLines(): string[] {
  return REQUEST_ERROR_PAGES.map((error) => `error_page ${error.status} ${error.sentAs ? `=${error.sentAs} ` : ''}/${requestErrorFile(error)};`);
}

function block(head: string, lines: readonly string[]): string {
  return [`${head} {`, ...lines.map((line) => `    ${line}`), '}'].join('\n');
}

/** The app's own addresses: the 404 page's `notThePageAt`, where the app renders the page instead. */
export function appAddresses(pages: readonly PrerenderedPage[]): readonly string[] {
  const fallback = pages.find((page) => `/${page.file}` === NOT_FOUND_PAGE);
  if (!fallback?.notThePageAt) throw new Error(`nginx-config: no prerendered ${NOT_FOUND_PAGE} listing the app's addresses.`);
  return fallback.notThePageAt;
}

/**
 * The fragment. Each of the app's addresses answers 200: its prerendered file, or else the 404 file as the app's
 * shell (theme-boot.js sees the address is the app's and the app renders its page); an address ending in `/`
 * stands for everything under it. Any other address answers 404 with the 404 page. Build files that are not the
 * site (`.vite/`, this folder, `_headers`) answer 404.
 */
export function nginxSiteConfig(env: HostSettings, pages: readonly PrerenderedPage[]): string {
  const rules = headerRules(env);
  const everywhere = headersForPath(
    rules.filter((rule) => rule.pattern === '/*'),
    '/',
  );
  const prerendered = new Map(pages.map((page) => [page.path, `/${page.file}`]));

  const appLocations = appAddresses(pages).map((address) => {
    const under = address.length > 1 && address.endsWith('/');
    const file = prerendered.get(address) ?? NOT_FOUND_PAGE;
    return block(`location ${under ? '^~' : '='} ${address}`, [...headerLines(everywhere), `try_files ${file} =404;`]);
  });

  // The paths with rules of their own (hashed assets, the Microsoft redirect page): the headers `_headers` gives
  // them, on a 404 too (an exact path's 404 page keeps its headers; a prefix's is an ordinary page).
  const ruleLocations = rules
    .filter((rule) => rule.pattern !== '/*')
    .flatMap((rule, index) => {
      const { match, path } = locationOf(rule.pattern);
      const headers = headersForPath(rules, path);
      if (!match.startsWith('=')) return [block(`location ${match}`, [...headerLines(headers), 'try_files $uri =404;'])];
      const missing = `@missing_${index}`;
      return [
        // `$uri.html`: an exact clean address (`/x`) serves its `.html` file, as `location /` does for other pages.
        block(`location ${match}`, [
          ...headerLines(headers),
          `error_page 404 ${missing};`,
          ...requestErrorPageLines(),
          'try_files $uri $uri.html =404;',
        ]),
        block(`location ${missing}`, [...headerLines(headers), `try_files ${NOT_FOUND_PAGE} =404;`]),
      ];
    });

  return [
    '# Generated by the build (nginx-config.ts) from security-headers.ts, the source of _headers too: do not edit.',
    '# A server-context fragment: the server block that includes it sets `listen` and `root` (scripts/serve-nginx.mjs).',
    'server_tokens off;',
    // A redirect (a folder without its slash) names no host or port: behind a proxy, the container's own are wrong.
    'absolute_redirect off;',
    'gzip on;',
    'gzip_vary on;',
    'gzip_min_length 256;',
    `gzip_types ${GZIP_TYPES.join(' ')};`,
    'index index.html;',
    `error_page 404 ${NOT_FOUND_PAGE};`,
    ...requestErrorPageLines(),
    '',
    block('location /', [...headerLines(everywhere), 'try_files $uri $uri.html $uri/index.html =404;']),
    '',
    "# What the build writes for itself, not the site: dot folders (Vite's manifest and report, this config), _headers.",
    block('location ~ (?:^|/)(?:\\.(?!well-known(?:/|$))|_headers$)', [...headerLines(everywhere), 'return 404;']),
    '',
    ...ruleLocations.flatMap((location) => [location, '']),
    "# Our pages for the errors nginx answers itself, with the site's headers; a visitor who asks for one gets the 404 page.",
    ...REQUEST_ERROR_PAGES.map((error) => block(`location = /${requestErrorFile(error)}`, ['internal;', ...headerLines(everywhere)])),
    '',
    "# The app's own addresses (the 404 page's data-prerendered-not-at): 200, the page's file or the app's shell.",
    ...appLocations,
    '',
  ].join('\n');
}
