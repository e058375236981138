import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, headersFile, securityHeaders } from '../../../security-headers';

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name = '', ...sources]) => [name, sources]));
}

describe('the content security policy', () => {
  const demo = directives(contentSecurityPolicy({}));

  it('runs only our own scripts and the sign-in, bot-check and PayPal SDKs: nothing inline, nothing evaluated', () => {
    const scripts = demo.get('script-src') ?? [];
    expect(scripts).toEqual(["'self'", 'https://accounts.google.com', 'https://challenges.cloudflare.com', 'https://*.paypal.com', 'https://*.paypalobjects.com']);
    expect(contentSecurityPolicy({})).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain('*');
  });

  it('locks down everything else by default', () => {
    expect(demo.get('default-src')).toEqual(["'self'"]);
    expect(demo.get('object-src')).toEqual(["'none'"]);
    expect(demo.get('base-uri')).toEqual(["'self'"]);
    expect(demo.get('frame-ancestors')).toEqual(["'none'"]);
    expect(demo.get('worker-src')).toEqual(["'self'"]);
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
      contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.nanobanana.example/v1', VITE_GENERATION_API_BASE_URL: 'https://tasks.example.com', VITE_IP_COUNTRY_URL: 'https://geo.example.org/country' }),
    );
    expect(live.get('connect-src')).toEqual(expect.arrayContaining(['https://api.nanobanana.example', 'https://tasks.example.com', 'https://geo.example.org']));
    expect(live.get('connect-src')).not.toContain('https://ipapi.co');
    // The task API defaults to the product API host; a value that is not a URL adds nothing.
    const defaults = directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com', VITE_GENERATION_API_BASE_URL: 'not a url' }));
    expect(defaults.get('connect-src')?.filter((source) => source === 'https://api.example.com')).toHaveLength(1);
    expect(defaults.get('connect-src')).not.toContain('not');
  });

  it('lets a live build fetch the image hosts it names, so a download saves the file', () => {
    const live = directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com', VITE_IMAGE_HOSTS: 'https://tempfile.example.com/images, https://*.cdn.example.com javascript:alert(1) ftp://files.example.com' }));
    expect(live.get('connect-src')).toEqual(expect.arrayContaining(['https://tempfile.example.com', 'https://*.cdn.example.com']));
    // Only http(s) origins: no paths, no other schemes.
    expect(live.get('connect-src')?.join(' ')).not.toMatch(/javascript|ftp|\/images/);
    // Without the setting no image host is added.
    expect(directives(contentSecurityPolicy({ VITE_API_BASE_URL: 'https://api.example.com' })).get('connect-src')).not.toContain('https://tempfile.example.com');
  });
});

describe('the other headers', () => {
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
