import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, SDK_SCRIPTS, securityHeaders } from '../../../security-headers';
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

describe('the content security policy', () => {
  const demo = directives(contentSecurityPolicy({}));

  it('runs only our own scripts and the exact loader files of the sign-in, bot-check and PayPal SDKs: nothing inline, nothing evaluated', () => {
    const scripts = demo.get('script-src') ?? [];
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
    expect(contentSecurityPolicy({})).not.toContain("'unsafe-eval'");
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

  it("requires Trusted Types for every script sink, with only the default policy and Google's own", () => {
    for (const policy of [demo, directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com' }))]) {
      expect(policy.get('require-trusted-types-for')).toEqual(["'script'"]);
      expect(policy.get('trusted-types')).toEqual(['default', 'goog#html', "'allow-duplicates'"]);
    }
    expect(securityHeaders({})).not.toHaveProperty('Content-Security-Policy-Report-Only');
  });

  it('only reports Trusted Types in a build that offers PayPal, whose SDK cannot run under them', () => {
    const env = { VITE_API_BASE_URL: 'https://api.example.com', VITE_PAYPAL_CLIENT_ID: 'sb-client' };
    const enforced = directives(contentSecurityPolicy(env));
    expect(enforced.has('require-trusted-types-for')).toBe(false);
    expect(enforced.has('trusted-types')).toBe(false);
    // Everything else is as strict as in any other build.
    expect(enforced.get('script-src')).toEqual(demo.get('script-src'));
    const reported = directives(securityHeaders(env)['Content-Security-Policy-Report-Only'] ?? '');
    expect(reported.get('require-trusted-types-for')).toEqual(["'script'"]);
    expect(reported.get('trusted-types')).toEqual(['default', 'goog#html', "'allow-duplicates'"]);
    // A blank client id offers no PayPal: enforced.
    expect(directives(contentSecurityPolicy({ VITE_PAYPAL_CLIENT_ID: '  ' })).get('require-trusted-types-for')).toEqual(["'script'"]);
  });

  it('sends violation reports where VITE_CSP_REPORT_URL says: Reporting API endpoint, report-to and report-uri in both policies', () => {
    const url = 'https://reports.example.com/csp?site=web';
    const headers = securityHeaders({ VITE_API_BASE_URL: 'https://api.example.com', VITE_PAYPAL_CLIENT_ID: 'sb', VITE_CSP_REPORT_URL: ` ${url} ` });
    expect(headers['Reporting-Endpoints']).toBe(`csp-endpoint="${url}"`);
    for (const policy of [headers['Content-Security-Policy'], headers['Content-Security-Policy-Report-Only']]) {
      expect(directives(policy ?? '').get('report-to')).toEqual(['csp-endpoint']);
      expect(directives(policy ?? '').get('report-uri')).toEqual([url]);
    }
    expect(headers['Content-Security-Policy-Report-Only']).toBe(
      `require-trusted-types-for 'script'; trusted-types default goog#html 'allow-duplicates'; report-to csp-endpoint; report-uri ${url}`,
    );
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

  it('in demo mode talks to this origin, the IP lookup and the sign-in and PayPal hosts only', () => {
    expect(demo.get('connect-src')).toEqual([
      "'self'",
      'https://ipapi.co',
      'https://accounts.google.com',
      'https://login.microsoftonline.com',
      'https://*.paypal.com',
      'https://*.paypalobjects.com',
    ]);
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

  it('lets a live build fetch the image hosts it names, so a download saves the file', () => {
    const live = directives(
      contentSecurityPolicy({
        VITE_API_BASE_URL: 'https://api.example.com',
        VITE_IMAGE_HOSTS: 'https://tempfile.example.com/images, https://*.cdn.example.com javascript:alert(1) ftp://files.example.com',
      }),
    );
    expect(live.get('connect-src')).toEqual(expect.arrayContaining(['https://tempfile.example.com', 'https://*.cdn.example.com']));
    // Only http(s) origins: no paths, no other schemes.
    expect(live.get('connect-src')?.join(' ')).not.toMatch(/javascript|ftp|\/images/);
    // Without the setting no image host is added.
    expect(directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com' })).get('connect-src')).not.toContain(
      'https://tempfile.example.com',
    );
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
