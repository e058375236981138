import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, imageHostsProblem, SDK_SCRIPTS, securityHeaders } from '../../../security-headers';
import { GSI_CLIENT_URL } from '../../../src/services/google/gsiClient';
import { PAYPAL_SDK_URL } from '../../../src/services/paypal/live';

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

/** A live build with every provider configured, as an operator's is. */
const EVERY_PROVIDER = {
  VITE_API_BASE_URL: 'https://api.example.com',
  VITE_GOOGLE_CLIENT_ID: '1234-abc.apps.googleusercontent.com',
  VITE_TURNSTILE_SITE_KEY: '0x4AAAAAAAexample',
  VITE_MICROSOFT_CLIENT_ID: '00000000-0000-0000-0000-000000000000',
  VITE_PAYPAL_CLIENT_ID: 'sb-client',
};

describe('the content security policy', () => {
  const demo = directives(contentSecurityPolicy({}));
  const full = directives(contentSecurityPolicy(EVERY_PROVIDER));

  it('runs only our own scripts and the exact loader files of the sign-in, bot-check and PayPal SDKs: nothing inline, nothing evaluated', () => {
    const scripts = full.get('script-src') ?? [];
    expect(scripts).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
      'https://challenges.cloudflare.com/turnstile/v0/api.js',
      'https://www.paypal.com/sdk/js',
    ]);
    // Each third party is one file: a path without a trailing slash (a slash would allow the whole folder), no wildcard.
    for (const source of scripts.slice(1)) {
      const url = new URL(source);
      expect(url.pathname, source).toMatch(/^\/.+[^/]$/);
      expect(source, source).not.toContain('*');
    }
    expect(contentSecurityPolicy(EVERY_PROVIDER)).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain('*');
  });

  it('names the very URLs the SDK loaders request', () => {
    expect(SDK_SCRIPTS.paypal).toBe(PAYPAL_SDK_URL);
    expect(SDK_SCRIPTS.google).toBe(GSI_CLIENT_URL);
    // The Turnstile loader is the library's own code: an upgrade that moves the file fails here.
    const turnstile = readFileSync('node_modules/@marsidev/react-turnstile/dist/index.js', 'utf8');
    expect(turnstile).toContain(`\`${SDK_SCRIPTS.turnstile}\``);
  });

  it("requires Trusted Types for every script sink in every build, PayPal's included, with only the default policy and Google's own", () => {
    for (const env of [{}, { VITE_API_BASE_URL: 'https://api.example.com' }, EVERY_PROVIDER, { VITE_PAYPAL_CLIENT_ID: 'sb-client' }]) {
      const policy = directives(contentSecurityPolicy(env));
      expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
      expect(policy.get('trusted-types')).toEqual(['default', 'goog#html', "'allow-duplicates'"]);
      // Enforced: nothing is left to a report-only policy.
      expect(securityHeaders(env)).not.toHaveProperty('Content-Security-Policy-Report-Only');
    }
  });

  it("allows a provider's sources only in a build configured for it", () => {
    const sourcesOf = (env: Record<string, string>) => {
      const policy = directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com', ...env }));
      return ['script-src', 'style-src', 'connect-src', 'frame-src', 'img-src'].flatMap((name) => policy.get(name) ?? []);
    };
    const none = sourcesOf({});
    for (const host of ['accounts.google.com', 'challenges.cloudflare.com', 'login.microsoftonline.com', 'paypal.com', 'paypalobjects.com']) {
      expect(none.join(' '), host).not.toContain(host);
    }
    expect(directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com' })).get('frame-src')).toEqual(["'none'"]);
    expect(directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com' })).get('script-src')).toEqual(["'self'"]);
    // Each setting brings its own provider's sources and no other's.
    const google = directives(contentSecurityPolicy({ VITE_GOOGLE_CLIENT_ID: 'g' }));
    expect(google.get('script-src')).toEqual(["'self'", SDK_SCRIPTS.google]);
    expect(google.get('style-src')).toEqual(["'self'", "'unsafe-inline'", 'https://accounts.google.com']);
    expect(google.get('frame-src')).toEqual(['https://accounts.google.com']);
    expect(directives(contentSecurityPolicy({ VITE_TURNSTILE_SITE_KEY: 't' })).get('script-src')).toEqual(["'self'", SDK_SCRIPTS.turnstile]);
    expect(directives(contentSecurityPolicy({ VITE_TURNSTILE_SITE_KEY: 't' })).get('frame-src')).toEqual(['https://challenges.cloudflare.com']);
    const microsoft = directives(contentSecurityPolicy({ VITE_MICROSOFT_CLIENT_ID: 'm' }));
    expect(microsoft.get('script-src')).toEqual(["'self'"]);
    expect(microsoft.get('frame-src')).toEqual(['https://login.microsoftonline.com']);
    expect(microsoft.get('connect-src')).toContain('https://login.microsoftonline.com');
    // Another authority is followed; an authority without a client id adds nothing.
    expect(
      directives(contentSecurityPolicy({ VITE_MICROSOFT_CLIENT_ID: 'm', VITE_MICROSOFT_AUTHORITY: 'https://login.microsoftonline.us/t' })).get(
        'frame-src',
      ),
    ).toEqual(['https://login.microsoftonline.us']);
    expect(sourcesOf({ VITE_MICROSOFT_AUTHORITY: 'https://login.microsoftonline.us/t' }).join(' ')).not.toContain('microsoftonline');
    // A blank setting is no setting.
    expect(sourcesOf({ VITE_GOOGLE_CLIENT_ID: '  ', VITE_PAYPAL_CLIENT_ID: ' ' })).toEqual(none);
  });

  it("allows PayPal the hosts its CSP guidance lists for its frames, calls and images, and its SDK's one file", () => {
    const paypal = directives(contentSecurityPolicy({ VITE_PAYPAL_CLIENT_ID: 'sb-client' }));
    const hosts = ['https://*.paypal.com', 'https://*.paypalobjects.com'];
    expect(paypal.get('script-src')).toEqual(["'self'", SDK_SCRIPTS.paypal]);
    expect(paypal.get('frame-src')).toEqual(hosts);
    expect(paypal.get('connect-src')).toEqual(expect.arrayContaining(hosts));
    expect(paypal.get('img-src')).toEqual(["'self'", 'data:', 'blob:', ...hosts]);
    // Venmo is not offered (the SDK is loaded with disable-funding=venmo): none of its hosts.
    expect(contentSecurityPolicy({ VITE_PAYPAL_CLIENT_ID: 'sb-client' })).not.toContain('venmo');
  });

  it('sends violation reports where VITE_CSP_REPORT_URL says: Reporting API endpoint, report-to and report-uri in both policies', () => {
    const url = 'https://reports.example.com/csp?site=web';
    const headers = securityHeaders({ VITE_API_BASE_URL: 'https://api.example.com', VITE_PAYPAL_CLIENT_ID: 'sb', VITE_CSP_REPORT_URL: ` ${url} ` });
    expect(headers['Reporting-Endpoints']).toBe(`csp-endpoint="${url}"`);
    const policy = directives(headers['Content-Security-Policy'] ?? '');
    expect(policy.get('report-to')).toEqual(['csp-endpoint']);
    expect(policy.get('report-uri')).toEqual([url]);
    // Trusted Types violations are reported by the same, enforced, policy.
    expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
    // Unset or blank: no reporting at all.
    for (const env of [{}, { VITE_CSP_REPORT_URL: ' ' }]) {
      expect(securityHeaders(env)).not.toHaveProperty('Reporting-Endpoints');
      expect(contentSecurityPolicy(env)).not.toMatch(/report-(to|uri)/);
    }
    // A value that cannot be a report URL (or would break the header) fails the build instead of reporting nowhere.
    for (const bad of [
      'reports.example.com/csp',
      'javascript:alert(1)',
      'https://r.example.com/a b',
      'https://r.example.com/"x',
      'https://r.example.com/;x',
      // Blocked as mixed content on an https site: never written.
      'http://reports.example.com/csp',
    ]) {
      expect(() => securityHeaders({ VITE_CSP_REPORT_URL: bad }), bad).toThrow(/VITE_CSP_REPORT_URL/);
    }
    // This machine's http is fine (a local collector, the live tests' API).
    expect(securityHeaders({ VITE_CSP_REPORT_URL: 'http://127.0.0.1:4391/csp-reports' })['Reporting-Endpoints']).toBe(
      'csp-endpoint="http://127.0.0.1:4391/csp-reports"',
    );
  });

  it('locks down everything else by default', () => {
    expect(demo.get('default-src')).toEqual(["'self'"]);
    expect(demo.get('object-src')).toEqual(["'none'"]);
    expect(demo.get('base-uri')).toEqual(["'self'"]);
    expect(demo.get('frame-ancestors')).toEqual(["'none'"]);
    expect(demo.get('worker-src')).toEqual(["'self'"]);
  });

  it('lets demo mode start its service worker, and a live build no worker at all', () => {
    expect(directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com' })).get('worker-src')).toEqual(["'none'"]);
  });

  it('in demo mode talks to this origin and the IP lookup only, and shows images of this origin, data and blob URLs', () => {
    expect(demo.get('connect-src')).toEqual(["'self'", 'https://ipapi.co']);
    expect(demo.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('in a live build allows the configured API, task API and IP lookup hosts, and nothing malformed', () => {
    const live = directives(
      contentSecurityPolicy({
        VITE_API_BASE_URL: 'https://api.nanobanana.example/v1',
        VITE_GENERATION_API_BASE_URL: 'https://tasks.example.com',
        VITE_IP_COUNTRY_URL: 'https://geo.example.org/country',
      }),
    );
    expect(live.get('connect-src')).toEqual(
      expect.arrayContaining(['https://api.nanobanana.example', 'https://tasks.example.com', 'https://geo.example.org']),
    );
    expect(live.get('connect-src')).not.toContain('https://ipapi.co');
    // The task API defaults to the product API host; a value that is not a URL adds nothing.
    const defaults = directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com', VITE_GENERATION_API_BASE_URL: 'not a url' }));
    expect(defaults.get('connect-src')?.filter((source) => source === 'https://api.example.com')).toHaveLength(1);
    expect(defaults.get('connect-src')).not.toContain('not');
  });

  it('lets a live build show and fetch the image hosts it names, and no other https image', () => {
    const live = directives(
      contentSecurityPolicy({
        VITE_API_BASE_URL: 'https://api.example.com',
        VITE_IMAGE_HOSTS: 'https://tempfile.example.com/images, https://*.cdn.example.com javascript:alert(1) ftp://files.example.com',
      }),
    );
    expect(live.get('connect-src')).toEqual(expect.arrayContaining(['https://tempfile.example.com', 'https://*.cdn.example.com']));
    expect(live.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://tempfile.example.com', 'https://*.cdn.example.com']);
    // An http image host (a local test server) is named as it is.
    expect(directives(contentSecurityPolicy({ VITE_IMAGE_HOSTS: 'http://127.0.0.1:4391' })).get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'http://127.0.0.1:4391',
    ]);
    // Only http(s) origins: no paths, no other schemes.
    expect(live.get('connect-src')?.join(' ')).not.toMatch(/javascript|ftp|\/images/);
    // Without the setting no image host is added.
    const without = directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com' }));
    expect(without.get('connect-src')).not.toContain('https://tempfile.example.com');
    expect(without.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
  });
});

describe('the other headers', () => {
  it('keep the site on HTTPS for at least a year, subdomains included, without preloading it for the operator', () => {
    for (const env of [{}, { VITE_API_BASE_URL: 'https://api.example.com' }]) {
      const hsts = securityHeaders(env)['Strict-Transport-Security'] ?? '';
      const parts = hsts.split(';').map((part) => part.trim().toLowerCase());
      const maxAge = Number(/^max-age=(\d+)$/.exec(parts[0] ?? '')?.[1]);
      expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      expect(parts).toContain('includesubdomains');
      expect(parts).not.toContain('preload');
    }
    expect(headersFile({})).toMatch(/^ {2}Strict-Transport-Security: max-age=\d+; includeSubDomains$/m);
  });

  it('set a referrer policy, no sniffing, no framing, and keep popups able to report back', () => {
    expect(securityHeaders({})).toMatchObject({
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
    });
  });

  it('are written for static hosts as a _headers file that covers every path', () => {
    const file = headersFile({});
    expect(file.split('\n')[0]).toBe('/*');
    expect(file).toContain(`  Content-Security-Policy: ${contentSecurityPolicy({})}`);
    expect(file).toContain('  Referrer-Policy: strict-origin-when-cross-origin');
  });
});

describe('a live build without image hosts', () => {
  const live = { VITE_API_BASE_URL: 'https://api.example.com' };

  it('fails, saying what to set: its policy would block every generated image', () => {
    expect(imageHostsProblem(live)).toMatch(/^VITE_IMAGE_HOSTS is not set: .*img-src/);
    expect(imageHostsProblem({ ...live, VITE_IMAGE_HOSTS: ' , ' })).toMatch(/^VITE_IMAGE_HOSTS is not set/);
  });

  it('fails on an entry that is not an http(s) origin, naming it, instead of leaving it out of the policy', () => {
    expect(imageHostsProblem({ ...live, VITE_IMAGE_HOSTS: 'https://images.example.com,tempfile.example.com' })).toMatch(
      /^VITE_IMAGE_HOSTS: "tempfile\.example\.com" is not an http\(s\) origin/,
    );
    expect(imageHostsProblem({ ...live, VITE_IMAGE_HOSTS: 'ftp://images.example.com' })).toContain('"ftp://images.example.com"');
  });

  it('passes with image hosts, wildcards included, and in demo mode without any', () => {
    expect(imageHostsProblem({ ...live, VITE_IMAGE_HOSTS: 'https://tempfile.example.com, https://*.cdn.example.com' })).toBeNull();
    expect(imageHostsProblem({})).toBeNull();
    expect(contentSecurityPolicy({ ...live, VITE_IMAGE_HOSTS: 'https://*.cdn.example.com' })).toContain(
      "img-src 'self' data: blob: https://*.cdn.example.com",
    );
  });
});
