import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { config } from '../../../src/config';
import { IP_COUNTRY_SESSION_KEY, IP_LOOKUP_TIMEOUT_MS, forgetIpCountry, lookupIpCountry } from '../../../src/services/ipCountry';
import { setToken } from '../../../src/services/session';

const server = setupServer();
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // The first page is on screen: the lookup waits only for the visitor's first action then.
  document.documentElement.dataset.boot = 'ready';
});
afterEach(() => {
  server.resetHandlers();
  forgetIpCountry();
});
afterAll(() => {
  server.close();
  delete document.documentElement.dataset.boot;
});

function answer(reply: () => Response | Promise<Response>): Request[] {
  const seen: Request[] = [];
  server.use(
    http.get(config.ipCountryUrl, ({ request }) => {
      seen.push(request);
      return reply();
    }),
  );
  return seen;
}

describe('lookupIpCountry waits for an anonymous visitor to act', () => {
  it('asks nothing while the visitor only reads, and asks at their first key press', async () => {
    const seen = answer(() => HttpResponse.text('NL'));
    let settled = false;
    const lookup = lookupIpCountry().then((country) => {
      settled = true;
      return country;
    });
    // A visitor who reads for ten minutes (the page's clock, not a real wait) is never looked up.
    vi.useFakeTimers();
    try {
      await vi.advanceTimersByTimeAsync(10 * 60 * 1000);
    } finally {
      vi.useRealTimers();
    }
    expect(seen).toHaveLength(0);
    expect(settled).toBe(false);
    // The end of the key press: what it did is under way, and the lookup comes after it has painted.
    window.dispatchEvent(new KeyboardEvent('keyup', { key: 'Tab' }));
    await expect(lookup).resolves.toBe('NL');
    expect(seen).toHaveLength(1);
  });
});

describe('lookupIpCountry, once per session', () => {
  it('asks the third party once, then answers from the session', async () => {
    const seen = answer(() => HttpResponse.text('DE'));
    await expect(lookupIpCountry()).resolves.toBe('DE');
    await expect(lookupIpCountry()).resolves.toBe('DE');
    expect(seen).toHaveLength(1);
    expect(sessionStorage.getItem(IP_COUNTRY_SESSION_KEY)).toBe('DE');
  });

  it('keeps no failed answer: the next lookup asks again', async () => {
    const seen = answer(() => new HttpResponse(null, { status: 503 }));
    await expect(lookupIpCountry()).rejects.toThrow();
    server.resetHandlers();
    const again = answer(() => HttpResponse.text('FR'));
    await expect(lookupIpCountry()).resolves.toBe('FR');
    expect([seen.length, again.length]).toEqual([1, 1]);
  });

  it('asks again once forgotten (the demo controls switch the country)', async () => {
    const seen = answer(() => HttpResponse.text('US'));
    await lookupIpCountry();
    forgetIpCountry();
    await lookupIpCountry();
    expect(seen).toHaveLength(2);
  });
});

describe('lookupIpCountry', () => {
  it('asks the default lookup service', () => {
    expect(config.ipCountryUrl).toBe('https://ipapi.co/country/');
  });

  it.each([
    ['US', 'US'],
    ['de\n', 'DE'],
    ['  fr  ', 'FR'],
  ])('accepts %j as %s', async (body, country) => {
    answer(() => HttpResponse.text(body));
    await expect(lookupIpCountry()).resolves.toBe(country);
  });

  it.each([['Undefined'], [''], ['USA'], ['U1'], ['{"country":"US"}']])('rejects the answer %j', async (body) => {
    answer(() => HttpResponse.text(body));
    await expect(lookupIpCountry()).rejects.toThrow();
  });

  it('rejects an HTTP error even with a country-like body', async () => {
    answer(() => HttpResponse.text('RL', { status: 429 }));
    await expect(lookupIpCountry()).rejects.toThrow(/429/);
  });

  it('rejects a network failure', async () => {
    answer(() => HttpResponse.error());
    await expect(lookupIpCountry()).rejects.toThrow();
  });

  it('sends no session header to the third party', async () => {
    setToken('tok-1');
    const seen = answer(() => HttpResponse.text('US'));
    await lookupIpCountry();
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect(seen[0]?.credentials).toBe('omit');
  });

  it('can be cancelled', async () => {
    answer(() => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const lookup = lookupIpCountry(controller.signal);
    controller.abort();
    await expect(lookup).rejects.toThrow();
  });

  it('gives up after its time limit when the third party never answers', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      answer(() => new Promise<Response>(() => {}));
      const lookup = lookupIpCountry();
      const settled = expect(lookup).rejects.toThrow();
      await vi.advanceTimersByTimeAsync(IP_LOOKUP_TIMEOUT_MS);
      await settled;
    } finally {
      vi.useRealTimers();
    }
  });
});
