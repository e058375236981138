import { describe, expect, it } from 'vitest';
import { isBalanceLow, isPlanEnding } from '../../../src/actors/earlyRenewal';
import { CREDIT_PACKAGES, findPackage, priceAfterDiscount, totalCredits } from '../../../src/domain/creditPackages';
import { DOCUMENTED_CHECKOUT_HOSTS as HOSTS } from '../../../src/domain/checkoutHosts';
import { isAllowedCheckoutUrl, paymentReturnUrls, providersForCountry } from '../../../src/domain/paymentProviders';

describe('credit packages', () => {
  it('price after a discount, to the cent; list price without one', () => {
    const builder = findPackage('builder');
    expect(builder).toBeDefined();
    if (!builder) return;
    expect(priceAfterDiscount(builder, null)).toBe(50);
    expect(priceAfterDiscount(builder, { percentOff: 20, expiresAt: null })).toBe(40);
    expect(priceAfterDiscount({ ...builder, priceUsd: 9.99 }, { percentOff: 15, expiresAt: null })).toBe(8.49);
    // A discount out of range is ignored rather than giving credits away.
    expect(priceAfterDiscount(builder, { percentOff: 100, expiresAt: null })).toBe(50);
    expect(totalCredits(builder)).toBe(5250);
  });
  it('has unique ids and bigger packages never cost more per credit', () => {
    expect(new Set(CREDIT_PACKAGES.map((one) => one.id)).size).toBe(CREDIT_PACKAGES.length);
    const perCredit = CREDIT_PACKAGES.map((one) => one.priceUsd / totalCredits(one));
    expect([...perCredit].sort((a, b) => b - a)).toEqual(perCredit);
  });
});

describe('payment methods', () => {
  it('come in the order a country most likely wants', () => {
    expect(providersForCountry('CN')[0]).toBe('wechat');
    expect(providersForCountry('ru').slice(0, 2)).toEqual(['freekassa', 'digiseller']);
    expect(providersForCountry(null)[0]).toBe('paypal');
    expect(providersForCountry('FR')).toEqual(providersForCountry(null));
    for (const country of ['CN', 'RU', 'US', null])
      expect([...providersForCountry(country)].sort()).toEqual(['creem', 'digiseller', 'freekassa', 'nowpayments', 'paypal', 'wechat']);
  });

  it('send the buyer only to https on the provider’s own hosts, or to the demo checkout in demo mode', () => {
    expect(isAllowedCheckoutUrl('creem', 'https://creem.io/checkout/prod_1/ch_abc', null, HOSTS)).toBe(true);
    expect(isAllowedCheckoutUrl('creem', 'http://creem.io/checkout/prod_1/ch_abc', null, HOSTS)).toBe(false);
    expect(isAllowedCheckoutUrl('creem', 'https://creem.io.evil.example/checkout', null, HOSTS)).toBe(false);
    expect(isAllowedCheckoutUrl('creem', 'https://user:pw@creem.io/checkout', null, HOSTS)).toBe(false);
    expect(isAllowedCheckoutUrl('creem', 'https://nowpayments.io/payment', null, HOSTS)).toBe(false);
    expect(isAllowedCheckoutUrl('nowpayments', 'https://nowpayments.io/payment/?iid=1', null, HOSTS)).toBe(true);
    expect(isAllowedCheckoutUrl('freekassa', 'javascript:alert(1)', null, HOSTS)).toBe(false);
    expect(isAllowedCheckoutUrl('digiseller', 'not a url', null, HOSTS)).toBe(false);
    // The demo checkout: this very site, under its path, and only in demo mode.
    expect(isAllowedCheckoutUrl('creem', 'http://localhost:5173/demo-checkout/creem?orderNo=1', 'http://localhost:5173', HOSTS)).toBe(true);
    expect(isAllowedCheckoutUrl('creem', 'http://localhost:5173/dashboard', 'http://localhost:5173', HOSTS)).toBe(false);
    expect(isAllowedCheckoutUrl('creem', 'http://localhost:5173/demo-checkout/creem', null, HOSTS)).toBe(false);
  });

  it('return to the billing page with the provider named', () => {
    expect(paymentReturnUrls('https://app.example', 'creem')).toEqual({
      returnUrl: 'https://app.example/dashboard/billing?provider=creem&payment=returned',
      cancelUrl: 'https://app.example/dashboard/billing?provider=creem&payment=cancelled',
    });
  });
});

describe('when early renewal is offered', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  it('for a balance under the account’s own alert threshold', () => {
    expect(isBalanceLow({ credits: 100, alertThreshold: 500 })).toBe(true);
    expect(isBalanceLow({ credits: 500, alertThreshold: 500 })).toBe(false);
    expect(isBalanceLow({ credits: 0, alertThreshold: null })).toBe(false);
  });
  it('for a plan that ends within seven days, not one that ended', () => {
    expect(isPlanEnding({ planEndTime: '2026-11-25T12:00:00Z' }, now)).toBe(true);
    expect(isPlanEnding({ planEndTime: '2026-11-29T12:00:00Z' }, now)).toBe(true);
    expect(isPlanEnding({ planEndTime: '2026-11-29T12:00:01Z' }, now)).toBe(false);
    expect(isPlanEnding({ planEndTime: '2026-11-21T12:00:00Z' }, now)).toBe(false);
    expect(isPlanEnding({ planEndTime: null }, now)).toBe(false);
  });
});
