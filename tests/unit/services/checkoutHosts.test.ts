import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOCUMENTED_CHECKOUT_HOSTS, checkoutHostsWith, parseCheckoutHosts } from '../../../src/domain/checkoutHosts';
import { isAllowedCheckoutUrl } from '../../../src/domain/paymentProviders';

describe('the operator’s checkout hosts (VITE_CHECKOUT_HOSTS)', () => {
  it('add bare host names to a provider, lower-cased, once each; blank adds none', () => {
    expect(parseCheckoutHosts(undefined)).toEqual({ creem: [], nowpayments: [], freekassa: [], digiseller: [] });
    expect(parseCheckoutHosts('  ')).toEqual({ creem: [], nowpayments: [], freekassa: [], digiseller: [] });
    expect(parseCheckoutHosts(' freekassa:Pay.FreeKassa.example , digiseller:pay.digiseller.example,freekassa:pay.freekassa.example')).toEqual({
      creem: [],
      nowpayments: [],
      freekassa: ['pay.freekassa.example'],
      digiseller: ['pay.digiseller.example'],
    });
  });

  it('refuse anything the app could not read, naming the entry and the format', () => {
    for (const [value, problem] of [
      ['pay.freekassa.example', 'does not start with a hosted checkout'],
      ['paypal:www.paypal.example', 'does not start with a hosted checkout'],
      ['freekassa:https://pay.freekassa.example', 'does not name a host'],
      ['freekassa:pay.freekassa.example:8443', 'does not name a host'],
      ['freekassa:pay.freekassa.example/form', 'does not name a host'],
      ['freekassa:*.freekassa.example', 'does not name a host'],
      ['freekassa:localhost', 'does not name a host'],
      ['freekassa:', 'does not name a host'],
      ['freekassa:pay.freekassa.example,,', 'does not start with a hosted checkout'],
    ] as const) {
      expect(() => parseCheckoutHosts(value), value).toThrow(problem);
      expect(() => parseCheckoutHosts(value), value).toThrow('provider:host pairs separated by commas');
    }
  });

  it('whatever the text, either reads as host names only or fails the build', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        let hosts: ReturnType<typeof parseCheckoutHosts>;
        try {
          hosts = parseCheckoutHosts(text);
        } catch (error) {
          expect(String(error)).toMatch(/^Error: VITE_CHECKOUT_HOSTS: /);
          return;
        }
        for (const host of Object.values(hosts).flat()) expect(host).toMatch(/^[a-z0-9.-]+\.[a-z0-9-]+$/);
      }),
    );
  });

  it('let the app send the buyer to an added host, for that provider only, over https', () => {
    const hosts = checkoutHostsWith(parseCheckoutHosts('freekassa:pay.freekassa.example'));
    expect(hosts.freekassa).toEqual([...DOCUMENTED_CHECKOUT_HOSTS.freekassa, 'pay.freekassa.example']);
    expect(isAllowedCheckoutUrl('freekassa', 'https://pay.freekassa.example/?m=1&o=NB1', null, hosts)).toBe(true);
    expect(isAllowedCheckoutUrl('freekassa', 'http://pay.freekassa.example/?m=1&o=NB1', null, hosts)).toBe(false);
    expect(isAllowedCheckoutUrl('digiseller', 'https://pay.freekassa.example/?m=1&o=NB1', null, hosts)).toBe(false);
    expect(isAllowedCheckoutUrl('freekassa', 'https://pay.freekassa.example/?m=1&o=NB1', null, DOCUMENTED_CHECKOUT_HOSTS)).toBe(false);
  });

  it('include the hosts the providers’ current integrations use', () => {
    expect(
      isAllowedCheckoutUrl('freekassa', 'https://pay.freekassa.net/?m=48213&oa=50.00&currency=USD&o=NB1&s=abc', null, DOCUMENTED_CHECKOUT_HOSTS),
    ).toBe(true);
    expect(isAllowedCheckoutUrl('freekassa', 'https://pay.freekassa.net/form/123/abc', null, DOCUMENTED_CHECKOUT_HOSTS)).toBe(true);
    expect(isAllowedCheckoutUrl('creem', 'https://creem.io/checkout/prod_1/ch_1', null, DOCUMENTED_CHECKOUT_HOSTS)).toBe(true);
    expect(isAllowedCheckoutUrl('creem', 'https://www.creem.io/test/checkout/prod_1/ch_1', null, DOCUMENTED_CHECKOUT_HOSTS)).toBe(true);
    expect(isAllowedCheckoutUrl('nowpayments', 'https://sandbox.nowpayments.io/payment/?iid=1', null, DOCUMENTED_CHECKOUT_HOSTS)).toBe(true);
    expect(isAllowedCheckoutUrl('digiseller', 'https://oplata.info/asp2/pay_wm.asp?id_d=1', null, DOCUMENTED_CHECKOUT_HOSTS)).toBe(true);
  });
});
