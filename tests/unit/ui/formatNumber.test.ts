import { describe, expect, it } from 'vitest';
import { setupI18n } from '@lingui/core';
import * as fc from 'fast-check';
import { NO_NUMBER, formatMoney, formatNumber } from '../../../src/ui/formatNumber';
import { UNREADABLE_TIME, formatDate } from '../../../src/ui/formatDate';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });

describe('money from the server', () => {
  it('is worded in its currency when Intl knows the code (trimmed, any case)', () => {
    expect(formatMoney(i18n, 12.5, 'USD')).toBe('$12.50');
    expect(formatMoney(i18n, 12.5, 'usd ')).toBe('$12.50');
    expect(formatMoney(i18n, 12.5, ' eur')).toBe('€12.50');
  });

  it('shows the amount with the code as sent when Intl refuses the code, instead of throwing', () => {
    // What would have been thrown: Intl refuses these codes outright.
    for (const code of ['USDT', '', 'US Dollar', '€']) expect(() => i18n.number(1, { style: 'currency', currency: code })).toThrow(RangeError);
    expect(formatMoney(i18n, 12.5, 'USDT')).toBe('12.50 USDT');
    expect(formatMoney(i18n, 0.00012345, 'USDT')).toBe('0.00012345 USDT');
    expect(formatMoney(i18n, 12.5, '')).toBe('12.50');
    expect(formatMoney(i18n, 12.5, '  ')).toBe('12.50');
    expect(formatMoney(i18n, 3, '<b>x</b>')).toBe('3.00 <b>x</b>');
  });

  it('is a dash for a sum that ran out of numbers, and scientific for digits past any meaning', () => {
    expect(formatMoney(i18n, Number.NaN, 'USD')).toBe(NO_NUMBER);
    expect(formatMoney(i18n, Number.POSITIVE_INFINITY, 'USDT')).toBe(NO_NUMBER);
    expect(formatMoney(i18n, 1e308, 'USD')).toBe('$1.00E308');
    expect(formatMoney(i18n, -1e21, 'USDT')).toBe('-1.00E21 USDT');
  });
});

describe('numbers from the server', () => {
  it('are worded for the reader; NaN and the infinities are a dash, huge ones scientific', () => {
    expect(formatNumber(i18n, 1234.5)).toBe('1,234.5');
    expect(formatNumber(i18n, Number.NaN)).toBe(NO_NUMBER);
    expect(formatNumber(i18n, Number.NEGATIVE_INFINITY)).toBe(NO_NUMBER);
    expect(formatNumber(i18n, 1e308)).toBe('1E308');
    expect(formatNumber(i18n, 0.25, { style: 'percent' })).toBe('25%');
  });

  it('fall back to plain digits when the options themselves are refused', () => {
    expect(() => i18n.number(1, { minimumFractionDigits: 5, maximumFractionDigits: 2 })).toThrow(RangeError);
    expect(formatNumber(i18n, 1.5, { minimumFractionDigits: 5, maximumFractionDigits: 2 })).toBe('1.5');
  });

  it('never throw, whatever the value, options and currency', () => {
    fc.assert(
      fc.property(
        fc.double(),
        fc.oneof(fc.constantFrom('USD', 'usd ', 'USDT', '', 'XBT', '€'), fc.string({ maxLength: 6 })),
        fc.record(
          { minimumFractionDigits: fc.integer({ min: -1, max: 30 }), maximumFractionDigits: fc.integer({ min: -1, max: 30 }) },
          { requiredKeys: [] },
        ),
        (value, currency, options) => {
          expect(typeof formatNumber(i18n, value, options)).toBe('string');
          expect(typeof formatMoney(i18n, value, currency)).toBe('string');
        },
      ),
    );
  });
});

describe('times past what a Date holds', () => {
  it('are a dash instead of an exception', () => {
    // What would have been thrown: a number of milliseconds past ±8.64e15 is an invalid Date.
    expect(() => i18n.date(new Date(1e20), { dateStyle: 'medium' })).toThrow(RangeError);
    for (const bad of [1e20, -1e20, Number.POSITIVE_INFINITY, Number.NaN, new Date(Number.NaN)]) {
      expect(formatDate(i18n, bad, { dateStyle: 'medium', timeStyle: 'short' })).toBe(UNREADABLE_TIME);
    }
    expect(formatDate(i18n, 8.64e15, { dateStyle: 'medium', timeZone: 'UTC' })).toBe('Sep 13, 275760');
  });

  it('never throw, whatever the value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double(), fc.date()), (value) => {
        expect(typeof formatDate(i18n, value, { dateStyle: 'medium', timeStyle: 'medium' })).toBe('string');
      }),
    );
  });
});
