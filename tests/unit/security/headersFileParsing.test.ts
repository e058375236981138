import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headerRules,
  headersFile,
  IMMUTABLE_CACHE,
  headersForPath,
  matchesPattern,
  parseHeadersFile,
  securityHeaders,
} from '../../../security-headers';
import { MICROSOFT_REDIRECT_PATH } from '../../../src/services/microsoft/redirectBridge';

describe('reading a _headers file back (what the preview server sends)', () => {
  it('gives back exactly the headers the build wrote, for every path', () => {
    const env = { VITE_API_BASE_URL: 'http://127.0.0.1:4391', VITE_IMAGE_HOSTS: 'http://127.0.0.1:4391' };
    const rules = parseHeadersFile(headersFile(env));
    expect(rules).toEqual(headerRules(env));
    for (const path of ['/', '/dashboard/api-keys', '/theme-boot.js', '/auth/microsoft-redirect.htm', '/assets']) {
      expect(headersForPath(rules, path), path).toEqual(securityHeaders(env));
    }
    // Hashed files are kept for a year as well.
    expect(headersForPath(rules, '/assets/index-abc123.js')).toEqual({ ...securityHeaders(env), 'Cache-Control': IMMUTABLE_CACHE });
    // The live build's own API host is in the policy it is served with, whatever the shell that serves it says.
    expect(headersForPath(rules, '/')['Content-Security-Policy']).toBe(contentSecurityPolicy(env));
    expect(headersForPath(rules, '/')['Content-Security-Policy']).toContain("connect-src 'self' http://127.0.0.1:4391");
  });

  it('serves the Microsoft redirect page without Cross-Origin-Opener-Policy, every other header kept', () => {
    for (const env of [
      {},
      { VITE_API_BASE_URL: 'https://api.example.com', VITE_PAYPAL_CLIENT_ID: 'sb', VITE_CSP_REPORT_URL: 'https://r.example.com/csp' },
    ]) {
      const file = headersFile(env);
      // Cloudflare Pages' detach syntax, under a rule for that one path.
      expect(file).toContain(`\n${MICROSOFT_REDIRECT_PATH}\n  ! Cross-Origin-Opener-Policy\n`);
      const { 'Cross-Origin-Opener-Policy': opener, ...others } = securityHeaders(env);
      expect(opener).toBe('same-origin-allow-popups');
      expect(headersForPath(parseHeadersFile(file), MICROSOFT_REDIRECT_PATH)).toEqual(others);
      expect(headersForPath(parseHeadersFile(file), '/dashboard')).toEqual(securityHeaders(env));
    }
  });

  it('detaches a header whichever matching rule set it, before or after the detaching rule, in any letter case', () => {
    const rules = parseHeadersFile(
      [
        '/page',
        '  ! x-frame-options',
        '/*',
        '  X-Frame-Options: DENY',
        '  Referrer-Policy: no-referrer',
        '/page',
        '  X-Frame-Options: SAMEORIGIN',
      ].join('\n'),
    );
    expect(headersForPath(rules, '/page')).toEqual({ 'Referrer-Policy': 'no-referrer' });
    expect(headersForPath(rules, '/other')).toEqual({ 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' });
  });

  it('reads patterns at the margin, indented "Name: value" lines and "! Name" detaches under them; skips comments and blank lines', () => {
    const rules = parseHeadersFile(
      [
        '# a comment',
        '',
        '/assets/*',
        '  Cache-Control: public, max-age=31536000, immutable',
        '\tX-Robots-Tag: noindex',
        '  ! Set-Cookie',
        '  !',
        '  not a header',
        '/*',
        '  X-Frame-Options: DENY',
        '',
      ].join('\r\n'),
    );
    expect(rules).toEqual([
      {
        pattern: '/assets/*',
        headers: [
          ['Cache-Control', 'public, max-age=31536000, immutable'],
          ['X-Robots-Tag', 'noindex'],
        ],
        detach: ['Set-Cookie'],
      },
      { pattern: '/*', headers: [['X-Frame-Options', 'DENY']], detach: [] },
    ]);
    // A value keeps its own colons (URLs in a policy).
    expect(parseHeadersFile('/*\n  Link: <https://example.com/a>; rel=preload')[0]?.headers).toEqual([
      ['Link', '<https://example.com/a>; rel=preload'],
    ]);
    // Headers before any pattern belong to nothing.
    expect(parseHeadersFile('  X-Frame-Options: DENY\n')).toEqual([]);
    expect(parseHeadersFile('')).toEqual([]);
  });

  it('matches splats, placeholders and exact paths, and never a rule for another host', () => {
    expect(matchesPattern('/*', '/')).toBe(true);
    expect(matchesPattern('/*', '/a/b/c')).toBe(true);
    expect(matchesPattern('/assets/*', '/assets/x.js')).toBe(true);
    expect(matchesPattern('/assets/*', '/dashboard')).toBe(false);
    expect(matchesPattern('/users/:id/keys', '/users/42/keys')).toBe(true);
    expect(matchesPattern('/users/:id/keys', '/users/4/2/keys')).toBe(false);
    expect(matchesPattern('/index.html', '/index.html')).toBe(true);
    // A dot in a pattern is a dot, not any character.
    expect(matchesPattern('/index.html', '/indexahtml')).toBe(false);
    expect(matchesPattern('https://example.com/*', '/')).toBe(false);
  });

  it('sends the headers of every matching rule, joining a header set twice', () => {
    const rules = parseHeadersFile('/*\n  X-Frame-Options: DENY\n  Cache-Control: no-cache\n/assets/*\n  cache-control: immutable\n');
    expect(headersForPath(rules, '/assets/a.js')).toEqual({ 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-cache, immutable' });
    expect(headersForPath(rules, '/dashboard')).toEqual({ 'X-Frame-Options': 'DENY', 'Cache-Control': 'no-cache' });
    expect(headersForPath([], '/')).toEqual({});
  });
});

describe('the image hosts in the policy', () => {
  it('shows images of the named hosts only, http or https, and no other https image', () => {
    const policy = contentSecurityPolicy({
      VITE_API_BASE_URL: 'http://127.0.0.1:4391',
      VITE_IMAGE_HOSTS: 'http://127.0.0.1:4391, https://cdn.example.com',
    });
    const images = policy.split('; ').find((directive) => directive.startsWith('img-src '));
    expect(images).toBe("img-src 'self' data: blob: http://127.0.0.1:4391 https://cdn.example.com");
  });
});
