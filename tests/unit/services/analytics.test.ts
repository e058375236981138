import { afterEach, describe, expect, it, vi } from 'vitest';
import { pushAnalyticsEvent, signUpSuccess } from '../../../src/services/analytics';

type WithDataLayer = Window & { dataLayer?: unknown };
const page = window as WithDataLayer;

afterEach(() => {
  delete page.dataLayer;
});

describe('analytics', () => {
  it('creates the data layer when missing and pushes the event', () => {
    pushAnalyticsEvent({ event: 'page_view', path: '/' });
    expect(page.dataLayer).toEqual([{ event: 'page_view', path: '/' }]);
  });

  it('appends to an existing data layer', () => {
    page.dataLayer = [{ event: 'gtm.js' }];
    pushAnalyticsEvent({ event: 'second' });
    expect(page.dataLayer).toEqual([{ event: 'gtm.js' }, { event: 'second' }]);
  });

  it.each(['Google', 'Microsoft', 'Email'] as const)('records sign_up_success with method %s', (method) => {
    signUpSuccess(method);
    expect(page.dataLayer).toEqual([{ event: 'sign_up_success', method }]);
  });

  it('swallows and logs a failing push', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    page.dataLayer = {
      push: () => {
        throw new Error('tag manager crashed');
      },
    };
    expect(() => signUpSuccess('Google')).not.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });

  it('swallows and logs a data layer that is not an array', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    page.dataLayer = 'not an array';
    expect(() => pushAnalyticsEvent({ event: 'x' })).not.toThrow();
    expect(consoleError).toHaveBeenCalledTimes(1);
  });
});
