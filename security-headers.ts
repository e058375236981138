/**
 * The security headers of every page: a Content-Security-Policy that allows only the hosts the product
 * uses, a referrer policy and friends. Built from the same environment variables as the app (see
 * .env.example), so a live build allows its own API host and nothing else. Written into the build as `_headers`
 * for static hosts that read that file (Netlify, Cloudflare Pages); the preview server reads the same file back
 * (parseHeadersFile below), so what a build is served with is decided when it is built.
 * Build-time code: it runs in Node, never in the page.
 */

import { DEFAULT_IP_COUNTRY_URL } from './src/services/defaultHosts.ts';

/** The third parties the product talks to, and why. */
const GOOGLE = 'https://accounts.google.com'; // Google sign-in and One Tap: script, styles, iframe, token calls
const MICROSOFT = 'https://login.microsoftonline.com'; // MSAL popup sign-in: token calls and its silent iframe
const TURNSTILE = 'https://challenges.cloudflare.com'; // the bot check: script and iframe
// PayPal buttons: its SDK loads from, calls and frames several subdomains (www, c, t, sandbox ...); PayPal's own
// CSP guidance lists these two wildcards for every directive it needs.
const PAYPAL = ['https://*.paypal.com', 'https://*.paypalobjects.com'];

export interface HostSettings {
  VITE_API_BASE_URL?: string | undefined;
  VITE_GENERATION_API_BASE_URL?: string | undefined;
  VITE_IP_COUNTRY_URL?: string | undefined;
  VITE_IMAGE_HOSTS?: string | undefined;
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

function unique(values: ReadonlyArray<string | null>): string[] {
  return [...new Set(values.filter((value): value is string => value !== null))];
}

/**
 * The policy, one directive per line of the array. No inline or evaluated script anywhere; styles allow
 * inline ones because the toasts and Google's button set them at run time (style attributes included).
 */
export function contentSecurityPolicy(env: HostSettings): string {
  const api = originOf(env.VITE_API_BASE_URL);
  const generation = originOf(env.VITE_GENERATION_API_BASE_URL) ?? api;
  const ipCountry = originOf(env.VITE_IP_COUNTRY_URL) ?? originOf(DEFAULT_IP_COUNTRY_URL);
  // Downloading an image fetches it (browsers ignore `download` on another origin's link): the hosts the task
  // API's result URLs point at must be named here, or a download falls back to opening the image in a tab.
  const imageHosts = originsOf(env.VITE_IMAGE_HOSTS);
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", GOOGLE, TURNSTILE, ...PAYPAL]],
    ['style-src', ["'self'", "'unsafe-inline'", GOOGLE]],
    // Generated images come from the image host's CDN, whatever it is: any https image, never a script.
    // The named image hosts too: an http host (a local test server) is not covered by `https:`.
    ['img-src', unique(["'self'", 'data:', 'blob:', 'https:', ...imageHosts.filter((host) => host.startsWith('http:'))])],
    ['font-src', ["'self'", 'data:']],
    ['connect-src', unique(["'self'", api, generation, ipCountry, ...imageHosts, GOOGLE, MICROSOFT, ...PAYPAL])],
    ['frame-src', [GOOGLE, MICROSOFT, TURNSTILE, ...PAYPAL]],
    // Demo mode's API runs in a service worker of this origin.
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}

export function securityHeaders(env: HostSettings): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env),
    // Other sites learn which site sent a visitor, never the page (it may hold a playground prompt).
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    // The sign-in and PayPal popups must still be able to report back to this window.
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self "https://www.paypal.com")',
  };
}

/** The `_headers` file static hosts read: every path gets the same headers. */
export function headersFile(env: HostSettings): string {
  const lines = Object.entries(securityHeaders(env)).map(([name, value]) => `  ${name}: ${value}`);
  return `/*\n${lines.join('\n')}\n`;
}

/** One rule of a `_headers` file: a path pattern and the headers every matching response gets. */
export interface HeadersRule {
  pattern: string;
  headers: Array<[name: string, value: string]>;
}

/**
 * Reads a `_headers` file as static hosts do (Netlify, Cloudflare Pages): a line that starts at the margin is a
 * path pattern, the indented `Name: value` lines under it are its headers; `#` starts a comment line.
 * Detaching headers (`! Name`) is not supported and is skipped.
 */
export function parseHeadersFile(text: string): HeadersRule[] {
  const rules: HeadersRule[] = [];
  for (const line of text.split(/\r?\n/)) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ pattern: trimmed, headers: [] });
      continue;
    }
    const rule = rules.at(-1);
    const colon = trimmed.indexOf(':');
    if (!rule || trimmed.startsWith('!') || colon <= 0) continue;
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

/** The headers a path gets: those of every matching rule, in file order; a header set twice is joined with ", ". */
export function headersForPath(rules: readonly HeadersRule[], pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const names = new Map<string, string>();
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, pathname)) continue;
    for (const [name, value] of rule.headers) {
      const key = names.get(name.toLowerCase()) ?? name;
      names.set(name.toLowerCase(), key);
      headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
    }
  }
  return headers;
}
