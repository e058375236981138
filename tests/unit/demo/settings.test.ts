import { describe, expect, it } from 'vitest';
import { normalizeIpEntry } from '../../../src/services/ipAddress';
import { call, dataOf, signUp, startDemoServer, uniqueEmail } from './helpers';

startDemoServer();

describe('IP entries', () => {
  it('accepts IPv4, IPv6 and CIDR ranges in their normal form', () => {
    expect(normalizeIpEntry(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(normalizeIpEntry('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(normalizeIpEntry('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(normalizeIpEntry('192.168.1.1/32')).toBe('192.168.1.1/32');
    expect(normalizeIpEntry('2001:0DB8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1');
    expect(normalizeIpEntry('2001:db8:0:1:0:0:0:1')).toBe('2001:db8:0:1::1');
    expect(normalizeIpEntry('::')).toBe('::');
    expect(normalizeIpEntry('::1/128')).toBe('::1/128');
    expect(normalizeIpEntry('fe80::/10')).toBe('fe80::/10');
    expect(normalizeIpEntry('::ffff:192.0.2.1')).toBe('::ffff:c000:201');
    expect(normalizeIpEntry('1:2:3:4:5:6:7:8')).toBe('1:2:3:4:5:6:7:8');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      'localhost',
      '256.1.1.1',
      '1.2.3',
      '1.2.3.4.5',
      '01.2.3.4',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/1/2',
      '1:2:3:4:5:6:7:8:9',
      '1::2::3',
      '12345::',
      '::1/129',
      ':1::',
      '1:2:3:4:5:6:7::8:9',
      'gggg::1',
      '1:2:3:4:5:6:7',
    ]) {
      expect(normalizeIpEntry(bad), bad).toBeNull();
    }
  });
});

describe('account settings', () => {
  it('saves the IP whitelist normalised and de-duplicated, and user-info reports it', async () => {
    const { token } = await signUp();
    const saved = dataOf(
      'saveIpWhitelist',
      await call('saveIpWhitelist', { ips: ['203.0.113.7', ' 203.0.113.7', '2001:DB8::0:1', '10.0.0.0/8'] }, token),
    );
    expect(saved).toEqual({ ips: ['203.0.113.7', '2001:db8::1', '10.0.0.0/8'] });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).ipWhitelist).toEqual(saved.ips);

    expect(await call('saveIpWhitelist', { ips: ['203.0.113.8', '10.0.0.0/40'] }, token)).toEqual({
      code: 400001,
      msg: '"10.0.0.0/40" is not an IPv4 or IPv6 address or CIDR range.',
      data: null,
    });
    // A refused list changes nothing; an empty one clears the whitelist.
    expect(dataOf('userInfo', await call('userInfo', {}, token)).ipWhitelist).toEqual(saved.ips);
    expect(dataOf('saveIpWhitelist', await call('saveIpWhitelist', { ips: [] }, token)).ips).toEqual([]);
    expect((await call('saveIpWhitelist', { ips: '1.2.3.4' }, token)).code).toBe(400001);
  });

  it('saves the credit alert e-mail and threshold', async () => {
    const { token } = await signUp();
    expect(await call('saveAlertsEmail', { alertEmail: ' Ops@Example.com ', alertThreshold: 500 }, token)).toMatchObject({ code: 200, data: null });
    expect(dataOf('userInfo', await call('userInfo', {}, token))).toMatchObject({ alertEmail: 'ops@example.com', alertThreshold: 500 });

    expect(await call('saveAlertsEmail', { alertEmail: 'nope', alertThreshold: 500 }, token)).toMatchObject({
      code: 400001,
      msg: 'Enter a valid e-mail address.',
    });
    const range = 'The alert threshold must be between 1 and 1000000 credits.';
    expect(await call('saveAlertsEmail', { alertEmail: 'a@example.com', alertThreshold: 0 }, token)).toMatchObject({ code: 400001, msg: range });
    expect(await call('saveAlertsEmail', { alertEmail: 'a@example.com', alertThreshold: 1_000_001 }, token)).toMatchObject({
      code: 400001,
      msg: range,
    });
    expect(await call('saveAlertsEmail', { alertEmail: 'a@example.com', alertThreshold: 2.5 }, token)).toMatchObject({
      code: 400001,
      msg: 'The alert threshold must be a whole number of credits.',
    });
    expect((await call('saveAlertsEmail', { alertEmail: 'a@example.com', alertThreshold: 1_000_000 }, token)).code).toBe(200);
    expect(dataOf('userInfo', await call('userInfo', {}, token))).toMatchObject({ alertEmail: 'a@example.com', alertThreshold: 1_000_000 });
  });

  it('switches the e-mail subscription', async () => {
    const { token, userInfo } = await signUp();
    expect(userInfo.emailSubscriptionFlag).toBe(1);
    expect(await call('updateEmailSubscription', { emailSubscriptionFlag: 0 }, token)).toMatchObject({ code: 200, data: null });
    expect(dataOf('userInfo', await call('userInfo', {}, token)).emailSubscriptionFlag).toBe(0);
    expect(await call('updateEmailSubscription', { emailSubscriptionFlag: 2 }, token)).toMatchObject({
      code: 400001,
      msg: 'The field "emailSubscriptionFlag" is missing or has the wrong type.',
    });
    expect((await call('updateEmailSubscription', { emailSubscriptionFlag: 1 }, token)).code).toBe(200);
    expect(dataOf('userInfo', await call('userInfo', {}, token)).emailSubscriptionFlag).toBe(1);
  });

  it('gives +vip accounts a 20 % discount and everyone else none', async () => {
    const plain = await signUp();
    expect(await call('userDiscount', {}, plain.token)).toEqual({ code: 200, msg: 'success', data: null });
    const vip = await signUp(uniqueEmail('qa+vip'));
    expect(dataOf('userDiscount', await call('userDiscount', {}, vip.token))).toEqual({ percentOff: 20, label: 'VIP', expiresAt: null });
  });

  it('answers 401 without a session', async () => {
    for (const [name, payload] of [
      ['saveIpWhitelist', { ips: [] }],
      ['saveAlertsEmail', { alertEmail: 'a@example.com', alertThreshold: 5 }],
      ['updateEmailSubscription', { emailSubscriptionFlag: 0 }],
      ['userDiscount', {}],
    ] as const) {
      expect(await call(name, payload), name).toEqual({ code: 401, msg: 'Login has expired', data: null });
    }
  });
});
