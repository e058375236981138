import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readPaymentReturn, RETURN_PARAMETERS, withoutReturnParameters } from '../../../src/domain/paymentReturn';

describe('a return from a hosted checkout, as each provider documents it', () => {
  it('Creem: its own ids and the request_id the checkout was made with; no cancel address', () => {
    const back =
      '?checkout_id=ch_1QyIQDw9&order_id=ord_4ucZ7Ts3&customer_id=cust_2KaC&subscription_id=sub_ILWM&product_id=prod_6tW6&request_id=NB1700000001&signature=044bd1';
    expect(readPaymentReturn(back)).toEqual({ provider: 'creem', orderNo: 'NB1700000001', returnedAs: 'returned' });
    // Without a request_id (a checkout link made in Creem's dashboard) the order is not named.
    expect(readPaymentReturn('?checkout_id=ch_1&order_id=ord_1&product_id=prod_1&signature=ab')).toEqual({
      provider: 'creem',
      orderNo: null,
      returnedAs: 'returned',
    });
  });
  it('Freekassa: MERCHANT_ORDER_ID on the panel’s success URL, or its failure URL marked as a cancel', () => {
    expect(readPaymentReturn('?MERCHANT_ORDER_ID=NB5&intid=987')).toEqual({ provider: 'freekassa', orderNo: 'NB5', returnedAs: 'returned' });
    expect(readPaymentReturn('?payment=cancelled&MERCHANT_ORDER_ID=NB5')).toEqual({ provider: 'freekassa', orderNo: 'NB5', returnedAs: 'cancelled' });
  });
  it('Digiseller: its own uniquecode, which names no order of ours', () => {
    expect(readPaymentReturn('?uniquecode=A1B2C3D4E5F6A7B8')).toEqual({ provider: 'digiseller', orderNo: null, returnedAs: 'returned' });
  });
  it('NOWPayments: our own success and cancel addresses, with nothing added', () => {
    expect(readPaymentReturn('?provider=nowpayments&payment=returned')).toEqual({ provider: 'nowpayments', orderNo: null, returnedAs: 'returned' });
    expect(readPaymentReturn('?provider=nowpayments&payment=cancelled')).toEqual({ provider: 'nowpayments', orderNo: null, returnedAs: 'cancelled' });
  });
  it('nothing else is a return: no markers, an unknown provider, PayPal or WeChat (they never redirect back)', () => {
    for (const search of [
      '',
      '?tab=orders',
      '?payment=returned',
      '?provider=creem',
      '?provider=paypal&payment=returned',
      '?provider=bank&payment=returned',
      '?payment=paid&provider=creem',
    ])
      expect(readPaymentReturn(search), search).toBeNull();
  });
  it('an order number is only what the API writes: a parameter with anything else names no order', () => {
    for (const value of ['', ' ', 'NB1<script>', '../NB1', 'x'.repeat(65), 'NB 1'])
      expect(readPaymentReturn(`?MERCHANT_ORDER_ID=${encodeURIComponent(value)}`)?.orderNo, value).toBeNull();
  });

  it('whatever the address holds, a return names a known checkout and at most a plain order number', () => {
    const key = fc.constantFrom(...RETURN_PARAMETERS, 'orderNo', 'tab', 'x');
    const value = fc.oneof(
      fc.string({ maxLength: 70 }),
      fc.constantFrom('returned', 'cancelled', 'creem', 'nowpayments', 'freekassa', 'digiseller', 'NB42'),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 8 }), (pairs) => {
        const search = `?${new URLSearchParams(pairs).toString()}`;
        const back = readPaymentReturn(search);
        if (back === null) return;
        expect(['creem', 'nowpayments', 'freekassa', 'digiseller']).toContain(back.provider);
        expect(['returned', 'cancelled']).toContain(back.returnedAs);
        if (back.orderNo !== null) expect(back.orderNo).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        // Dropping the return parameters leaves no return behind, and keeps everything else.
        const rest = withoutReturnParameters(search);
        expect(readPaymentReturn(rest)).toBeNull();
        const kept = new URLSearchParams(rest);
        for (const [name] of pairs) if (!(RETURN_PARAMETERS as readonly string[]).includes(name)) expect(kept.has(name)).toBe(true);
      }),
    );
  });
  it('drops the return parameters and keeps the rest', () => {
    expect(withoutReturnParameters('?provider=creem&payment=returned')).toBe('');
    expect(withoutReturnParameters('?tab=orders&MERCHANT_ORDER_ID=NB1&intid=5')).toBe('?tab=orders');
  });
});
