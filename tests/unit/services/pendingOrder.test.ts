import { beforeEach, describe, expect, it } from 'vitest';
import { clearPendingOrder, paymentToResume, PENDING_ORDER_KEY, readPendingOrder, savePendingOrder, withoutPaymentParams } from '../../../src/services/pendingOrder';

const now = new Date('2026-11-22T10:00:00Z');

beforeEach(() => sessionStorage.clear());

describe('the pending order in session storage', () => {
  it('keeps an order until it is cleared', () => {
    expect(readPendingOrder()).toBeNull();
    savePendingOrder({ provider: 'creem', orderNo: 'NB1', packageId: 'starter' }, now);
    expect(readPendingOrder()).toEqual({ provider: 'creem', orderNo: 'NB1', packageId: 'starter', createdAt: '2026-11-22T10:00:00.000Z' });
    clearPendingOrder('NB1');
    expect(readPendingOrder()).toBeNull();
  });
  it('clears only the order that finished', () => {
    savePendingOrder({ provider: 'creem', orderNo: 'NB2', packageId: 'starter' }, now);
    clearPendingOrder('NB1');
    expect(readPendingOrder()?.orderNo).toBe('NB2');
    clearPendingOrder();
    expect(readPendingOrder()).toBeNull();
  });
  it('ignores a damaged or foreign value', () => {
    sessionStorage.setItem(PENDING_ORDER_KEY, '{not json');
    expect(readPendingOrder()).toBeNull();
    sessionStorage.setItem(PENDING_ORDER_KEY, JSON.stringify({ provider: 'bank', orderNo: 'NB1', packageId: 'x', createdAt: '' }));
    expect(readPendingOrder()).toBeNull();
  });
});

describe('what the billing page resumes', () => {
  const stored = { provider: 'creem' as const, orderNo: 'NB1', packageId: 'studio', createdAt: now.toISOString() };

  it('a buyer back from the provider, with the package from storage', () => {
    expect(paymentToResume('?provider=creem&payment=returned&orderNo=NB1', stored)).toEqual({ provider: 'creem', orderNo: 'NB1', packageId: 'studio', returnedAs: 'returned' });
    expect(paymentToResume('?provider=creem&payment=cancelled&orderNo=NB1', stored)?.returnedAs).toBe('cancelled');
  });
  it('an order the provider names that this tab did not start: confirmed all the same, package unknown', () => {
    expect(paymentToResume('?provider=freekassa&payment=returned&orderNo=NB9', stored)).toEqual({ provider: 'freekassa', orderNo: 'NB9', packageId: '', returnedAs: 'returned' });
  });
  it('a return without an order number falls back on the stored order of that provider', () => {
    expect(paymentToResume('?provider=creem&payment=returned', stored)?.orderNo).toBe('NB1');
    expect(paymentToResume('?provider=nowpayments&payment=returned', stored)).toBeNull();
  });
  it('a reload with an order pending', () => {
    expect(paymentToResume('', stored)).toEqual({ provider: 'creem', orderNo: 'NB1', packageId: 'studio', returnedAs: 'reloaded' });
    expect(paymentToResume('', null)).toBeNull();
    expect(paymentToResume('?payment=returned&provider=bank&orderNo=NB1', null)).toBeNull();
  });
  it('drops the return parameters and keeps the rest', () => {
    expect(withoutPaymentParams('?provider=creem&payment=returned&orderNo=NB1')).toBe('');
    expect(withoutPaymentParams('?tab=orders&payment=returned&orderNo=NB1&provider=creem')).toBe('?tab=orders');
  });
});
