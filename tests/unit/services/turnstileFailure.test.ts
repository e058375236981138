import { describe, expect, it } from 'vitest';
import { challengeActionOf } from '../../../machines/botCheck';
import type { LoginRequest } from '../../../src/common/types';
import { turnstileFailure } from '../../../src/services/turnstileFailure';

describe("turnstileFailure: Cloudflare's client-side error codes, by what happens next", () => {
  it.each([
    // The families Cloudflare's table marks "Retry: Yes": the widget, left on screen, tries again by itself.
    ['102010', 'widgetRetries'],
    ['103020', 'widgetRetries'],
    ['104030', 'widgetRetries'],
    ['106010', 'widgetRetries'],
    ['110600', 'widgetRetries'],
    ['110609', 'widgetRetries'],
    ['300030', 'widgetRetries'],
    ['600010', 'widgetRetries'],
    // An outdated interactive challenge: reset and re-initialize, which "Try the check again" does.
    ['110620', 'tryAgain'],
    // Initialization problems and Cloudflare-internal codes: a fresh check may pass.
    ['100010', 'tryAgain'],
    ['120000', 'tryAgain'],
    ['110500', 'browser'],
    ['110510', 'browser'],
    ['200100', 'clock'],
    ['200010', 'cache'],
    // The site's own set-up: deprecated call, sitekey, domain, action, cData.
    ['105010', 'siteSetup'],
    ['110100', 'siteSetup'],
    ['110110', 'siteSetup'],
    ['110200', 'siteSetup'],
    ['110420', 'siteSetup'],
    ['110430', 'siteSetup'],
  ] as const)('%s → %s', (code, failure) => {
    expect(turnstileFailure(code)).toBe(failure);
  });

  it('reads a code with stray spaces, and anything that is no code (a thrown render error, a new code) as "try again"', () => {
    expect(turnstileFailure(' 600010 ')).toBe('widgetRetries');
    expect(turnstileFailure('[Cloudflare Turnstile] Invalid or missing type for parameter "sitekey"')).toBe('tryAgain');
    expect(turnstileFailure('')).toBe('tryAgain');
    expect(turnstileFailure('1234567')).toBe('tryAgain');
    expect(turnstileFailure('999999')).toBe('tryAgain');
  });
});

const REQUESTS: Array<[LoginRequest, string]> = [
  [{ kind: 'email', email: 'a@example.com', password: 'p' }, 'login'],
  [{ kind: 'google', credential: 'c', nonce: 'n' }, 'login'],
  [{ kind: 'microsoft', idToken: 't' }, 'login'],
  [{ kind: 'register', email: 'a@example.com', password: 'p', code: '123456' }, 'register'],
  [{ kind: 'resetPassword', email: 'a@example.com', password: 'p', code: '123456' }, 'reset'],
];

describe('challengeActionOf: the form a check guards, as its Turnstile action', () => {
  it.each(REQUESTS)('%o → %s', (request, action) => {
    expect(challengeActionOf(request)).toBe(action);
    // Turnstile accepts up to 32 of A-Z, a-z, 0-9, _ and - (else its error 110420).
    expect(action).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
  });
});
