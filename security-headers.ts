/**
 * The security headers of every page: a Content-Security-Policy that allows only the hosts the product
 * uses, a referrer policy and friends. Built from the same environment variables as the app (see
 * .env.example), so a live build allows its own API host and nothing else. Written into the build as `_headers`
 * for static hosts that read that file (Netlify, Cloudflare Pages); the preview server reads the same file back
 * (parseHeadersFile below), so what a build is served with is decided when it is built.
 * Build-time code: it runs in Node, never in the page.
 */

import { DEFAULT_IP_COUNTRY_URL } from './src/services/defaultHosts.ts';
import { microsoftAuthority } from './src/services/microsoft/authority.ts';
import { MICROSOFT_REDIRECT_PATH } from './src/services/microsoft/redirectBridge.ts';

/** The third parties the product talks to, and why. */
const GOOGLE = 'https://accounts.google.com'; // Google sign-in and One Tap: styles, iframe, token calls
const TURNSTILE = 'https://challenges.cloudflare.com'; // the bot check's iframe
/**
 * PayPal's buttons: the hosts PayPal's "JavaScript SDK best practices" (https://developer.paypal.com/sdk/js/best-practices)
 * lists for connect-src, frame-src and img-src (its buttons and window frame several subdomains: www, c, t, sandbox...;
 * its prerendered buttons, drawn in a frame of this origin, show logos from www.paypalobjects.com, and its logger
 * sends pixels to t.paypal.com). Venmo's hosts, which the same table lists, are left out: the SDK is loaded with
 * `disable-funding=venmo` (src/services/paypal/live.ts).
 */
const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

/**
 * The only third-party scripts the page runs: each SDK's loader file, by its exact URL. A source with a path and
 * no trailing slash matches that one file (any query string), so another script on the same host is refused;
 * only a redirect is matched by host alone. The boot script's (src/prerender/themeBoot/) Trusted Types policy lets exactly these
 * through as well (tests/unit/security keeps the two lists equal).
 * - Google: the Identity Services client (src/services/google/gsiClient.ts), as Google's CSP guidance names it.
 * - Turnstile: @marsidev/react-turnstile's loader (it reloads the same file with `_upgrade` to update itself).
 * - PayPal: src/services/paypal/live.ts. PayPal's guide allows `*.paypal.com` and `*.paypalobjects.com` for scripts;
 *   the buttons need only this file (they render in PayPal's own frames). The SDK also inserts PayPal's tag manager
 *   (www.paypal.com/tagmanager/pptm.js) with production client ids; it is left out on purpose: the buttons work
 *   without it (the SDK ignores its failure) and it runs tags PayPal's merchant tools configure.
 */
export const SDK_SCRIPTS = {
  google: `${GOOGLE}/gsi/client`,
  turnstile: `${TURNSTILE}/turnstile/v0/api.js`,
  paypal: 'https://www.paypal.com/sdk/js',
} as const;

/**
 * Trusted Types: DOM sinks (innerHTML, script.src, eval-like calls) take only values a policy made. The one
 * policy is `default`, created first thing by the boot script (src/prerender/themeBoot/): it passes the SDK scripts above and demo
 * mode's service worker, plain text and one constant of FingerprintJS as HTML, and no script text at all.
 * `goog#html` is the policy Google's compiled libraries (the GSI client) create for their own checked values;
 * 'allow-duplicates' because a GSI client that runs again (its script added again after a failed load) asks for
 * `goog#html` again.
 *
 * Enforced in every build, PayPal's included. PayPal's SDK draws its placeholder buttons into an about:blank frame of
 * this origin (zoid's prerender frame) by setting `innerHTML` and a `<script>`'s text with plain strings; that frame
 * inherits this policy but not the page's default policy (policies belong to one window). Before the SDK is loaded,
 * src/services/paypal/prerenderFramePolicy.ts gives each such frame a `default` policy of its own, as the frame loads
 * and before zoid writes into it (docs/providers.md, "Trusted Types and the exceptions that remain").
 */
const TRUSTED_TYPES_DIRECTIVES: ReadonlyArray<[string, string[]]> = [
  ['require-trusted-types-for', ["'script'"]],
  ['trusted-types', ['default', 'goog#html', "'allow-duplicates'"]],
];

/** Two years: HSTS is only worth sending for a long time (a year at least; the preload list asks for as much). */
const HSTS_MAX_AGE_SECONDS = 2 * 365 * 24 * 60 * 60;

export interface HostSettings {
  VITE_API_BASE_URL?: string | undefined;
  VITE_GENERATION_API_BASE_URL?: string | undefined;
  VITE_IP_COUNTRY_URL?: string | undefined;
  VITE_IMAGE_HOSTS?: string | undefined;
  VITE_GOOGLE_CLIENT_ID?: string | undefined;
  VITE_TURNSTILE_SITE_KEY?: string | undefined;
  VITE_PAYPAL_CLIENT_ID?: string | undefined;
  VITE_MICROSOFT_CLIENT_ID?: string | undefined;
  VITE_MICROSOFT_AUTHORITY?: string | undefined;
  VITE_CSP_REPORT_URL?: string | undefined;
}

/** The name the policies report under (`report-to`), declared by `Reporting-Endpoints`. */
const CSP_REPORT_GROUP = 'csp-endpoint';

/**
 * Where browsers send violation reports (VITE_CSP_REPORT_URL), or null: `report-to` for browsers with the
 * Reporting API, `report-uri` for the others (a browser that knows `report-to` ignores `report-uri`).
 */
function reportingDirectives(env: HostSettings): Array<[string, string[]]> {
  const url = reportUrlOf(env);
  return url === null
    ? []
    : [
        ['report-to', [CSP_REPORT_GROUP]],
        ['report-uri', [url]],
      ];
}

/** VITE_CSP_REPORT_URL when it is an http(s) URL; a build fails on anything else rather than reporting nowhere. */
function reportUrlOf(env: HostSettings): string | null {
  const text = env.VITE_CSP_REPORT_URL?.trim();
  if (!text) return null;
  // An https page's reports to an http address are blocked as mixed content, silently: https, or this machine.
  const local = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?\//i.test(text);
  if (!(/^https:\/\//i.test(text) || local) || originOf(text) === null || /[\s",;]/.test(text)) {
    throw new Error(`VITE_CSP_REPORT_URL must be an https URL (or http on this machine), not ${JSON.stringify(text)}.`);
  }
  return text;
}

function serialize(directives: ReadonlyArray<readonly [string, readonly string[]]>): string {
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

function originOf(url: string | undefined): string | null {
  const text = url?.trim();
  if (!text) return null;
  try {
    const { origin } = new URL(text);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** A comma- or space-separated list of URLs, as origins; entries that are not http(s) URLs are left out. */
function originsOf(list: string | undefined): string[] {
  return (list ?? '')
    .split(/[\s,]+/)
    .filter((entry) => /^https?:\/\//i.test(entry))
    .map(originOf)
    .filter((origin): origin is string => origin !== null);
}

/**
 * Why a live build could not show the generated images, or null when it can. Its `img-src` names this site and
 * VITE_IMAGE_HOSTS only, so a live build without an image host would block every result image; an entry that is not
 * an http(s) URL would be left out of the policy without a word. Either fails the build, saying what to set.
 */
export function imageHostsProblem(env: HostSettings): string | null {
  if (originOf(env.VITE_API_BASE_URL) === null) return null;
  const entries = (env.VITE_IMAGE_HOSTS ?? '').split(/[\s,]+/).filter((entry) => entry !== '');
  const unreadable = entries.filter((entry) => !/^https?:\/\//i.test(entry) || originOf(entry) === null);
  if (unreadable.length > 0) {
    return `VITE_IMAGE_HOSTS: ${unreadable.map((entry) => JSON.stringify(entry)).join(', ')} is not an http(s) origin. List the origins the task API's result images come from, such as https://tempfile.example.com (see .env.example).`;
  }
  if (entries.length === 0) {
    return "VITE_IMAGE_HOSTS is not set: a live build shows images only from the hosts it names (the Content-Security-Policy's img-src), so every generated image would be blocked. Set it to the origins the task API's result images come from (see .env.example).";
  }
  return null;
}

function unique(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

/** What one third party needs of the policy, by directive. */
interface ProviderSources {
  script?: string;
  style?: string[];
  connect?: string[];
  frame?: string[];
  img?: string[];
}

/** Whether a build setting is present: set to something other than blanks. */
function isSet(value: string | undefined): boolean {
  return Boolean(value?.trim());
}

/**
 * Each provider's sources, only when the build is configured for it (a build without a Google client id loads no
 * Google script, so none of Google's hosts is allowed): the sign-in and bot-check SDKs, MSAL's sign-in, PayPal.
 */
function providerSources(env: HostSettings): ProviderSources[] {
  const providers: ProviderSources[] = [];
  if (isSet(env.VITE_GOOGLE_CLIENT_ID)) providers.push({ script: SDK_SCRIPTS.google, style: [GOOGLE], connect: [GOOGLE], frame: [GOOGLE] });
  if (isSet(env.VITE_TURNSTILE_SITE_KEY)) providers.push({ script: SDK_SCRIPTS.turnstile, frame: [TURNSTILE] });
  if (isSet(env.VITE_MICROSOFT_CLIENT_ID)) {
    // MSAL's popup sign-in: its metadata and token calls, and its silent iframe. Entra ID unless the build names
    // another authority; a bad one fails the build here.
    const microsoft = originOf(microsoftAuthority(env.VITE_MICROSOFT_AUTHORITY));
    if (microsoft !== null) providers.push({ connect: [microsoft], frame: [microsoft] });
  }
  if (isSet(env.VITE_PAYPAL_CLIENT_ID)) providers.push({ script: SDK_SCRIPTS.paypal, connect: PAYPAL, frame: PAYPAL, img: PAYPAL });
  return providers;
}

/**
 * The policy, one directive per line of the array. No inline or evaluated script anywhere; styles allow
 * inline ones because the toasts and Google's button set them at run time (style attributes included).
 */
export function contentSecurityPolicy(env: HostSettings): string {
  const api = originOf(env.VITE_API_BASE_URL);
  const generation = originOf(env.VITE_GENERATION_API_BASE_URL) ?? api;
  const ipCountry = originOf(env.VITE_IP_COUNTRY_URL) ?? originOf(DEFAULT_IP_COUNTRY_URL);
  // Generated images come from the task API's image hosts (demo mode's from this origin). Downloading an image
  // fetches it too (browsers ignore `download` on another origin's link): without them in connect-src a download
  // falls back to opening the image in a tab.
  const imageHosts = originsOf(env.VITE_IMAGE_HOSTS);
  const providers = providerSources(env);
  const of = (directive: Exclude<keyof ProviderSources, 'script'>) => providers.flatMap((provider) => provider[directive] ?? []);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...providers.flatMap((provider) => (provider.script === undefined ? [] : [provider.script]))]],
    ['style-src', ["'self'", "'unsafe-inline'", ...of('style')]],
    ['img-src', unique(["'self'", 'data:', 'blob:', ...imageHosts, ...of('img')])],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', unique(["'self'", api, generation, ipCountry, ...imageHosts, ...of('connect')])],
    // No provider: no frame at all (an empty frame-src would be invalid).
    ['frame-src', of('frame').length === 0 ? ["'none'"] : unique(of('frame'))],
    // Demo mode's API runs in a service worker of this origin; a live build runs no worker of any kind, so none
    // may start (the Trusted Types policy lets a same-origin worker URL through, for the demo).
    ['worker-src', api === null ? ["'self'"] : ["'none'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
    ...TRUSTED_TYPES_DIRECTIVES,
    ...reportingDirectives(env),
  ];
  return serialize(directives);
}

export function securityHeaders(env: HostSettings): Record<string, string> {
  const reportUrl = reportUrlOf(env);
  return {
    'Content-Security-Policy': contentSecurityPolicy(env),
    ...(reportUrl === null ? {} : { 'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${reportUrl}"` }),
    // HTTPS only, for two years, subdomains included. Not `preload`: the browsers' preload list binds the domain
    // and every subdomain, for months after leaving it; that is the operator's decision for their whole domain,
    // not this product's default. Browsers ignore the header over plain http (the local preview).
    'Strict-Transport-Security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
    // Other sites learn which site sent a visitor, never the page (it may hold a playground prompt).
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // The sign-in and PayPal popups must still be able to report back to this window.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://www.paypal.com")',
  };
}

/** One rule of a `_headers` file: a path pattern, the headers every matching response gets, and those it goes without. */
export interface HeadersRule {
  pattern: string;
  headers: Array<[name: string, value: string]>;
  /** Headers another matching rule sets that this path must not send (`! Name`, Cloudflare Pages' detach). */
  detach: string[];
}

/** Where the build puts the files whose names carry a hash of their content (Vite's `build.assetsDir`). */
export const HASHED_ASSETS_PREFIX = '/assets/';
/** Such a file never changes under its name: browsers may keep it for a year without asking again. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * What every address is served with: the security headers everywhere, hashed files kept for a year, and the
 * Microsoft sign-in redirect page without Cross-Origin-Opener-Policy (it must reach the window that opened the
 * popup). The one source of `_headers` and of the nginx config (nginx-config.ts), so the two cannot say different
 * things.
 */
export function headerRules(env: HostSettings): HeadersRule[] {
  return [
    { pattern: '/*', headers: Object.entries(securityHeaders(env)), detach: [] },
    { pattern: `${HASHED_ASSETS_PREFIX}*`, headers: [['Cache-Control', IMMUTABLE_CACHE]], detach: [] },
    // The bridge page at its own address and at its clean one (Cloudflare Pages and nginx serve `/x` for `/x.html`;
    // Pages redirects the `.html` address there).
    { pattern: MICROSOFT_REDIRECT_PATH, headers: [], detach: ['Cross-Origin-Opener-Policy'] },
    { pattern: MICROSOFT_REDIRECT_PATH.replace(/\.html$/, ''), headers: [], detach: ['Cross-Origin-Opener-Policy'] },
  ];
}

/** The `_headers` file static hosts read. */
export function headersFile(env: HostSettings): string {
  return headerRules(env)
    .map(({ pattern, headers, detach }) =>
      [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`), ...detach.map((name) => `  ! ${name}`)].join('\n'),
    )
    .map((block) => `${block}\n`)
    .join('');
}

/**
 * Reads a `_headers` file as static hosts do (Netlify, Cloudflare Pages): a line that starts at the margin is a
 * path pattern, the indented `Name: value` lines under it are its headers, `! Name` detaches a header other
 * matching rules set (Cloudflare Pages); `#` starts a comment line.
 */
export function parseHeadersFile(text: string): HeadersRule[] {
  const rules: HeadersRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: trimmed, headers: [], detach: [] });
      continue;
    }
    const rule = rules.at(-1);
    if (!rule) continue;
    if (trimmed.startsWith('!')) {
      const name = trimmed.slice(1).trim();
      if (/^[!#$%&'*+.^_`|~\w-]+$/.test(name)) rule.detach.push(name);
      continue;
    }
    const colon = trimmed.indexOf(':');
    if (colon <= 0) continue;
    rule.headers.push([trimmed.slice(0, colon).trim(), trimmed.slice(colon + 1).trim()]);
  }
  return rules;
}

/** Whether a path matches a rule's pattern: `*` stands for anything (slashes too), `:name` for one segment. */
export function matchesPattern(pattern: string, pathname: string): boolean {
  // Rules for a full URL (another host) never match a path.
  if (!pattern.startsWith('/')) return false;
  const source = pattern
    .split(/(\*|:[A-Za-z]\w*)/)
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`).test(pathname);
}

/**
 * The headers a path gets: those of every matching rule, in file order; a header set twice is joined with ", ".
 * A header any matching rule detaches is not sent, whichever rule set it (as Cloudflare Pages does).
 */
export function headersForPath(rules: readonly HeadersRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const names = new Map<string, string>();
  const detached = new Set<string>();
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, pathname)) continue;
    for (const name of rule.detach) detached.add(name.toLowerCase());
    for (const [name, value] of rule.headers) {
      const key = names.get(name.toLowerCase()) ?? name;
      names.set(name.toLowerCase(), key);
      headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    }
  }
  for (const [lower, key] of names) if (detached.has(lower)) Reflect.deleteProperty(headers, key);
  return headers;
}
