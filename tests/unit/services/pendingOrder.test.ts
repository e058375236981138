import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPendingOrder,
  isPendingHere,
  paymentToResume,
  PENDING_ORDER_KEY,
  readPendingOrder,
  savePendingOrder,
} from '../../../src/services/pendingOrder';

const now = new Date('2026-11-22T10:00:00Z');

beforeEach(() => sessionStorage.clear());

describe('the pending order in session storage', () => {
  it('keeps an order until it is cleared', () => {
    expect(readPendingOrder()).toBeNull();
    savePendingOrder({ provider: 'creem', orderNo: 'NB1', packageId: 'starter', accountId: 'u-ada' }, now);
    expect(readPendingOrder()).toEqual({
      provider: 'creem',
      orderNo: 'NB1',
      packageId: 'starter',
      accountId: 'u-ada',
      createdAt: '2026-11-22T10:00:00.000Z',
    });
    clearPendingOrder({ provider: 'creem', orderNo: 'NB1' });
    expect(readPendingOrder()).toBeNull();
  });
  it('clears only the order that finished: the same provider and number', () => {
    savePendingOrder({ provider: 'creem', orderNo: 'NB2', packageId: 'starter', accountId: 'u-ada' }, now);
    clearPendingOrder({ provider: 'creem', orderNo: 'NB1' });
    expect(readPendingOrder()?.orderNo).toBe('NB2');
    // A return naming NB2 as another provider's order (Creem's request_id on this tab's PayPal order, say) clears nothing.
    clearPendingOrder({ provider: 'freekassa', orderNo: 'NB2' });
    expect(readPendingOrder()?.orderNo).toBe('NB2');
    clearPendingOrder({ provider: 'creem', orderNo: 'NB2' });
    expect(readPendingOrder()).toBeNull();
  });
  it('knows whether an order is this tab’s pending one: the same provider, number and account', () => {
    savePendingOrder({ provider: 'paypal', orderNo: 'NB3', packageId: 'starter', accountId: 'u-ada' }, now);
    expect(isPendingHere({ provider: 'paypal', orderNo: 'NB3', accountId: 'u-ada' })).toBe(true);
    expect(isPendingHere({ provider: 'creem', orderNo: 'NB3', accountId: 'u-ada' })).toBe(false);
    expect(isPendingHere({ provider: 'paypal', orderNo: 'NB4', accountId: 'u-ada' })).toBe(false);
    expect(isPendingHere({ provider: 'paypal', orderNo: 'NB3', accountId: 'u-bob' })).toBe(false);
  });
  it('ignores a damaged or foreign value', () => {
    sessionStorage.setItem(PENDING_ORDER_KEY, '{not json');
    expect(readPendingOrder()).toBeNull();
    sessionStorage.setItem(
      PENDING_ORDER_KEY,
      JSON.stringify({ provider: 'bank', orderNo: 'NB1', packageId: 'x', accountId: 'u-ada', createdAt: '' }),
    );
    expect(readPendingOrder()).toBeNull();
    // Stored before orders recorded their account: whose it is cannot be told, so it is not picked up.
    sessionStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ provider: 'creem', orderNo: 'NB1', packageId: 'x', createdAt: '' }));
    expect(readPendingOrder()).toBeNull();
  });
});

describe('what the billing page resumes', () => {
  const stored = { provider: 'creem' as const, orderNo: 'NB1', packageId: 'studio', accountId: 'u-ada', createdAt: now.toISOString() };
  const creemBack = (requestId: string) =>
    `?checkout_id=ch_1QyIQD&order_id=ord_4ucZ7&customer_id=cust_2KaC&product_id=prod_6tW6&request_id=${requestId}&signature=044bd1`;

  it('a buyer back from the provider, the order named by its own parameters, with the package from storage', () => {
    expect(paymentToResume(creemBack('NB1'), stored, 'u-ada')).toEqual({
      provider: 'creem',
      orderNo: 'NB1',
      packageId: 'studio',
      returnedAs: 'returned',
    });
    expect(paymentToResume('?MERCHANT_ORDER_ID=NB1&intid=123', { ...stored, provider: 'freekassa' }, 'u-ada')).toMatchObject({
      provider: 'freekassa',
      orderNo: 'NB1',
      packageId: 'studio',
    });
  });
  it('an order the provider names that this tab did not start (another tab, browser or device): asked about all the same, package unknown', () => {
    expect(paymentToResume('?MERCHANT_ORDER_ID=NB9', null, 'u-ada')).toEqual({
      provider: 'freekassa',
      orderNo: 'NB9',
      packageId: '',
      returnedAs: 'returned',
    });
    expect(paymentToResume(creemBack('NB9'), stored, 'u-ada')).toEqual({ provider: 'creem', orderNo: 'NB9', packageId: '', returnedAs: 'returned' });
  });
  it('a return that names no order: the order this tab sent to that provider, or none (the API’s newest is asked for)', () => {
    expect(paymentToResume('?provider=creem&payment=returned', stored, 'u-ada')?.orderNo).toBe('NB1');
    expect(paymentToResume('?provider=nowpayments&payment=cancelled', stored, 'u-ada')).toEqual({
      provider: 'nowpayments',
      orderNo: null,
      packageId: '',
      returnedAs: 'cancelled',
    });
    expect(paymentToResume('?uniquecode=ABCDEF0123456789', null, 'u-ada')).toEqual({
      provider: 'digiseller',
      orderNo: null,
      packageId: '',
      returnedAs: 'returned',
    });
  });
  it('our own order parameter is not a provider’s, so a link with one names no order', () => {
    expect(paymentToResume('?provider=creem&payment=returned&orderNo=NB7', null, 'u-ada')).toEqual({
      provider: 'creem',
      orderNo: null,
      packageId: '',
      returnedAs: 'returned',
    });
  });
  it('a reload with an order pending', () => {
    expect(paymentToResume('', stored, 'u-ada')).toEqual({ provider: 'creem', orderNo: 'NB1', packageId: 'studio', returnedAs: 'reloaded' });
    expect(paymentToResume('', null, 'u-ada')).toBeNull();
    expect(paymentToResume('?payment=returned&provider=bank&orderNo=NB1', null, 'u-ada')).toBeNull();
  });
  it('never another account’s order: not after a reload, not when the provider’s return names it', () => {
    expect(paymentToResume('', stored, 'u-bob'), 'Bob signed in to the tab Ada paid in').toBeNull();
    expect(paymentToResume('', stored, null)).toBeNull();
    expect(paymentToResume(creemBack('NB1'), stored, 'u-bob')).toBeNull();
    expect(paymentToResume('?provider=creem&payment=returned', stored, 'u-bob'), 'nor by the provider alone').toEqual({
      provider: 'creem',
      orderNo: null,
      packageId: '',
      returnedAs: 'returned',
    });
    // An order the provider names that is not Ada's stored one is Bob's to ask about (the server answers for his orders only).
    expect(paymentToResume(creemBack('NB7'), stored, 'u-bob')).toEqual({ provider: 'creem', orderNo: 'NB7', packageId: '', returnedAs: 'returned' });
    // Ada back in the same tab finds her order again.
    expect(paymentToResume('', stored, 'u-ada')?.orderNo).toBe('NB1');
  });
  it('an order whose account was not known is nobody’s to resume', () => {
    const unowned = { ...stored, accountId: null };
    expect(paymentToResume('', unowned, 'u-ada')).toBeNull();
    expect(paymentToResume(creemBack('NB1'), unowned, 'u-ada')).toBeNull();
  });
});
