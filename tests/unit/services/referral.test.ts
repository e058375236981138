import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REFERRAL_KEY, captureReferral, clearReferral, readReferral, type ReferralStorage } from '../../../src/services/referral';

function memoryStorage(): ReferralStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const PAGE = 'https://nanobanana.example/';

function captured(query: string, referrer = ''): unknown {
  const storage = memoryStorage();
  captureReferral({ url: `${PAGE}${query}`, referrer, storage });
  return JSON.parse(storage.data.get(REFERRAL_KEY) ?? 'null');
}

describe('captureReferral: the source priority', () => {
  it.each([
    ['utm_source alone', '?utm_source=google', '', 'google'],
    ['utm_source with utm_medium appended', '?utm_source=google&utm_medium=cpc', '', 'google&cpc'],
    ['utm_source beats every other source', '?utm_source=x&utm_referrer=y&utm=z', 'https://ref.example/', 'x'],
    ['utm_medium without utm_source is ignored', '?utm_medium=cpc&utm_referrer=partner.example', '', 'partner.example'],
    ['utm_referrer next', '?utm_referrer=partner.example&utm=z', 'https://ref.example/', 'partner.example'],
    ['utm next', '?utm=newsletter', 'https://ref.example/', 'newsletter'],
    ['then the referrer hostname', '', 'https://news.ycombinator.com/item?id=1', 'news.ycombinator.com'],
    ['an empty utm_source falls through', '?utm_source=', 'https://ref.example/a', 'ref.example'],
    ['a referrer that is not a URL counts as none', '', 'not a url', 'direct'],
    ['otherwise direct', '', '', 'direct'],
  ])('%s', (_label, query, referrer, referDomain) => {
    expect(captured(query, referrer)).toEqual({ referDomain, utmTerm: '' });
  });

  it('stores utm_term beside it', () => {
    expect(captured('?utm_source=google&utm_term=ai+images')).toEqual({ referDomain: 'google', utmTerm: 'ai images' });
    expect(captured('?utm_term=banana')).toEqual({ referDomain: 'direct', utmTerm: 'banana' });
  });

  it('captures only once: a stored referral is kept', () => {
    const storage = memoryStorage();
    captureReferral({ url: `${PAGE}?utm_source=first`, referrer: '', storage });
    captureReferral({ url: `${PAGE}?utm_source=second`, referrer: 'https://other.example/', storage });
    expect(readReferral(storage)).toEqual({ referDomain: 'first', utmTerm: '' });
  });

  it('replaces a corrupt stored record', () => {
    const storage = memoryStorage();
    storage.setItem(REFERRAL_KEY, '{broken');
    captureReferral({ url: `${PAGE}?utm=fresh`, referrer: '', storage });
    expect(readReferral(storage)).toEqual({ referDomain: 'fresh', utmTerm: '' });
  });

  it('survives storage that throws, and logs it', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage: ReferralStorage = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(() => captureReferral({ url: PAGE, referrer: '', storage })).not.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});

describe('reading and clearing', () => {
  beforeEach(() => localStorage.clear());

  it('defaults to direct and an empty term', () => {
    expect(readReferral(memoryStorage())).toEqual({ referDomain: 'direct', utmTerm: '' });
  });

  it('clearing lets the next visit capture again', () => {
    const storage = memoryStorage();
    captureReferral({ url: `${PAGE}?utm_source=first`, referrer: '', storage });
    clearReferral(storage);
    expect(storage.data.has(REFERRAL_KEY)).toBe(false);
    captureReferral({ url: `${PAGE}?utm_source=second`, referrer: '', storage });
    expect(readReferral(storage).referDomain).toBe('second');
  });

  it('uses the current page, document.referrer and localStorage by default', () => {
    history.replaceState(null, '', '/?utm_source=bing&utm_term=flux');
    captureReferral();
    expect(JSON.parse(localStorage.getItem(REFERRAL_KEY) ?? 'null')).toEqual({ referDomain: 'bing', utmTerm: 'flux' });
    expect(readReferral()).toEqual({ referDomain: 'bing', utmTerm: 'flux' });
    clearReferral();
    expect(localStorage.getItem(REFERRAL_KEY)).toBeNull();
    history.replaceState(null, '', '/');
  });
});
