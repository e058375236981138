import { beforeEach, describe, expect, it } from 'vitest';
import {
  clearPendingOrder,
  paymentToResume,
  PENDING_ORDER_KEY,
  readPendingOrder,
  savePendingOrder,
  withoutPaymentParams,
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
    clearPendingOrder('NB1');
    expect(readPendingOrder()).toBeNull();
  });
  it('clears only the order that finished', () => {
    savePendingOrder({ provider: 'creem', orderNo: 'NB2', packageId: 'starter', accountId: 'u-ada' }, now);
    clearPendingOrder('NB1');
    expect(readPendingOrder()?.orderNo).toBe('NB2');
    clearPendingOrder();
    expect(readPendingOrder()).toBeNull();
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

  it('a buyer back from the provider, with the package from storage', () => {
    expect(paymentToResume('?provider=creem&payment=returned&orderNo=NB1', stored, 'u-ada')).toEqual({
      provider: 'creem',
      orderNo: 'NB1',
      packageId: 'studio',
      returnedAs: 'returned',
    });
    expect(paymentToResume('?provider=creem&payment=cancelled&orderNo=NB1', stored, 'u-ada')?.returnedAs).toBe('cancelled');
  });
  it('an order the provider names that this tab did not start: confirmed all the same, package unknown', () => {
    expect(paymentToResume('?provider=freekassa&payment=returned&orderNo=NB9', stored, 'u-ada')).toEqual({
      provider: 'freekassa',
      orderNo: 'NB9',
      packageId: '',
      returnedAs: 'returned',
    });
  });
  it('a return without an order number falls back on the stored order of that provider', () => {
    expect(paymentToResume('?provider=creem&payment=returned', stored, 'u-ada')?.orderNo).toBe('NB1');
    expect(paymentToResume('?provider=nowpayments&payment=returned', stored, 'u-ada')).toBeNull();
  });
  it('a reload with an order pending', () => {
    expect(paymentToResume('', stored, 'u-ada')).toEqual({ provider: 'creem', orderNo: 'NB1', packageId: 'studio', returnedAs: 'reloaded' });
    expect(paymentToResume('', null, 'u-ada')).toBeNull();
    expect(paymentToResume('?payment=returned&provider=bank&orderNo=NB1', null, 'u-ada')).toBeNull();
  });
  it('never another account’s order: not after a reload, not when the provider’s return names it', () => {
    expect(paymentToResume('', stored, 'u-bob'), 'Bob signed in to the tab Ada paid in').toBeNull();
    expect(paymentToResume('', stored, null)).toBeNull();
    expect(paymentToResume('?provider=creem&payment=returned&orderNo=NB1', stored, 'u-bob')).toBeNull();
    expect(paymentToResume('?provider=creem&payment=cancelled&orderNo=NB1', stored, 'u-bob')).toBeNull();
    expect(paymentToResume('?provider=creem&payment=returned', stored, 'u-bob'), 'nor its number, by the provider alone').toBeNull();
    // An order the provider names that is not Ada's stored one is Bob's to confirm (the server answers for his orders only).
    expect(paymentToResume('?provider=creem&payment=returned&orderNo=NB7', stored, 'u-bob')).toEqual({
      provider: 'creem',
      orderNo: 'NB7',
      packageId: '',
      returnedAs: 'returned',
    });
    // Ada back in the same tab finds her order again.
    expect(paymentToResume('', stored, 'u-ada')?.orderNo).toBe('NB1');
  });
  it('an order whose account was not known is nobody’s to resume', () => {
    const unowned = { ...stored, accountId: null };
    expect(paymentToResume('', unowned, 'u-ada')).toBeNull();
    expect(paymentToResume('?provider=creem&payment=returned&orderNo=NB1', unowned, 'u-ada')).toBeNull();
  });
  it('drops the return parameters and keeps the rest', () => {
    expect(withoutPaymentParams('?provider=creem&payment=returned&orderNo=NB1')).toBe('');
    expect(withoutPaymentParams('?tab=orders&payment=returned&orderNo=NB1&provider=creem')).toBe('?tab=orders');
  });
});
