import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { validateAlerts, validateWhitelist, whitelistEntries } from '../../../src/features/dashboard/settingsValidation';

// Source messages: the English text is the message id.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('the alert form check', () => {
  it('accepts an e-mail and a whole number of credits', () => {
    expect(validateAlerts({ alertEmail: ' billing@example.com ', alertThreshold: '500' })).toEqual({});
    expect(validateAlerts({ alertEmail: 'a@b.co', alertThreshold: '1000000' })).toEqual({});
  });
  it('names each wrong field', () => {
    expect(Object.keys(validateAlerts({ alertEmail: '', alertThreshold: '' }))).toEqual(['alertEmail', 'alertThreshold']);
    expect(validateAlerts({ alertEmail: 'billing', alertThreshold: '10' }).alertEmail).toMatch(/valid e-mail/);
    for (const threshold of ['0', '12.5', '-3', 'ten', '1000001']) {
      expect(validateAlerts({ alertEmail: 'a@b.co', alertThreshold: threshold }).alertThreshold, threshold).toMatch(
        /whole number of credits from 1 to 1000000/,
      );
    }
  });
});

describe('the IP whitelist check', () => {
  it('treats an empty list as valid: it means any address', () => {
    expect(validateWhitelist({ text: '' })).toEqual({});
    expect(validateWhitelist({ text: '\n  \n' })).toEqual({});
    expect(whitelistEntries('\n  \n')).toEqual([]);
  });
  it('names every bad line by its number as the user sees it, blank lines counted', () => {
    const errors = validateWhitelist({ text: '203.0.113.7\n\nnot-an-ip\n10.0.0.0/33\n::1' });
    expect(errors).toEqual({
      'line:3': 'Line 3: “not-an-ip” is not an IPv4 or IPv6 address or a CIDR range.',
      'line:4': 'Line 4: “10.0.0.0/33” is not an IPv4 or IPv6 address or a CIDR range.',
    });
  });
  it('refuses more than 50 entries', () => {
    const text = Array.from({ length: 51 }, (_, i) => `10.0.0.${i}`).join('\n');
    expect(Object.keys(validateWhitelist({ text }))).toEqual(['count']);
  });
  it('sends the entries normalised, once each', () => {
    expect(whitelistEntries(' 203.0.113.7 \n2001:DB8:0:0:0:0:0:1\n203.0.113.7\n198.51.100.0/24')).toEqual([
      '203.0.113.7',
      '2001:db8::1',
      '198.51.100.0/24',
    ]);
  });
});
