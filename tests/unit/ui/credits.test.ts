import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { loadCatalog } from '../../../src/i18n/catalog';
import { GENERATION_MODELS, MODELS, lowestCreditsPerImage } from '../../../src/domain/generationOptions';
import { formatList } from '../../../src/ui/formatList';
import { creditRangeText, creditsText, modelPriceList, taskCreditsText } from '../../../src/ui/credits';
import { LOCALES, type Locale } from '../../../src/common/types';

beforeAll(async () => {
  for (const locale of LOCALES) await loadCatalog(locale);
});

function inLocale<T>(locale: Locale, read: () => T): T {
  i18n.activate(locale);
  return read();
}

const lowestPrices = () =>
  modelPriceList(
    i18n,
    GENERATION_MODELS.map((model) => ({ name: MODELS[model].name, price: creditsText(lowestCreditsPerImage(model)) })),
  );

describe('lists', () => {
  it('are joined as each language joins them', () => {
    const items = ['PNG', 'JPEG', 'WebP'];
    expect(inLocale('en', () => formatList(i18n, items))).toBe('PNG, JPEG, and WebP');
    expect(inLocale('de', () => formatList(i18n, items))).toBe('PNG, JPEG und WebP');
    expect(inLocale('zh-CN', () => formatList(i18n, items))).toBe('PNG、JPEG和WebP');
    expect(inLocale('en', () => formatList(i18n, ['PNG', 'JPEG'], 'disjunction'))).toBe('PNG or JPEG');
    expect(inLocale('fr', () => formatList(i18n, ['PNG', 'JPEG'], 'disjunction'))).toBe('PNG ou JPEG');
  });
});

describe('model prices', () => {
  it('name each model, then its price with its unit, so a name ending in a digit never runs into a figure', () => {
    expect(inLocale('en', lowestPrices)).toBe('Nano Banana: 2 credits, Nano Banana 2: 4 credits, and Nano Banana Pro: 9 credits');
    expect(inLocale('de', lowestPrices)).toBe('Nano Banana: 2 Credits, Nano Banana 2: 4 Credits und Nano Banana Pro: 9 Credits');
    expect(inLocale('es', lowestPrices)).toBe('Nano Banana: 2 créditos, Nano Banana 2: 4 créditos y Nano Banana Pro: 9 créditos');
    expect(inLocale('fr', lowestPrices)).toBe('Nano Banana : 2 crédits, Nano Banana 2 : 4 crédits et Nano Banana Pro : 9 crédits');
    expect(inLocale('ru', lowestPrices)).toBe('Nano Banana: 2 кредита, Nano Banana 2: 4 кредита и Nano Banana Pro: 9 кредитов');
    expect(inLocale('zh-CN', lowestPrices)).toBe('Nano Banana：2 积分、Nano Banana 2：4 积分和Nano Banana Pro：9 积分');
  });

  it('in no language put a digit right after "Nano Banana 2"', () => {
    for (const locale of LOCALES) expect(inLocale(locale, lowestPrices), locale).not.toMatch(/Nano Banana 2\s*\d/);
  });

  it('give a range over resolutions its unit once, in the plural the upper figure takes', () => {
    expect(inLocale('en', () => creditRangeText(i18n, 4, 9))).toBe('4–9 credits');
    expect(inLocale('en', () => creditRangeText(i18n, 2, 2))).toBe('2 credits');
    expect(inLocale('de', () => creditRangeText(i18n, 9, 12))).toBe('9–12 Credits');
    expect(inLocale('ru', () => creditRangeText(i18n, 2, 4))).toBe('2–4 кредита');
    expect(inLocale('ru', () => creditRangeText(i18n, 4, 9))).toBe('4–9 кредитов');
  });
});

describe("a task's credits", () => {
  const refunded = { credits: 8, refundedCredits: 8 };
  const charged = { credits: 4, refundedCredits: 0 };

  it('say what the task cost and, when it was refunded, what came back', () => {
    expect(inLocale('en', () => taskCreditsText(i18n, refunded))).toBe('0 credits (8 refunded)');
    expect(inLocale('en', () => taskCreditsText(i18n, charged))).toBe('4 credits');
    expect(inLocale('en', () => taskCreditsText(i18n, { credits: 1, refundedCredits: 0 }))).toBe('1 credit');
    expect(inLocale('de', () => taskCreditsText(i18n, refunded))).toBe('0 Credits (8 erstattet)');
    expect(inLocale('es', () => taskCreditsText(i18n, refunded))).toBe('0 créditos (8 reembolsados)');
    expect(inLocale('fr', () => taskCreditsText(i18n, refunded))).toBe('0 crédit (8 remboursés)');
    expect(inLocale('ru', () => taskCreditsText(i18n, refunded))).toBe('0 кредитов (8 возвращено)');
    expect(inLocale('zh-CN', () => taskCreditsText(i18n, refunded))).toBe('0 积分（已退还 8）');
  });

  it('write large figures with the grouping of the language', () => {
    expect(inLocale('en', () => taskCreditsText(i18n, { credits: 12_000, refundedCredits: 0 }))).toBe('12,000 credits');
    expect(inLocale('de', () => taskCreditsText(i18n, { credits: 12_000, refundedCredits: 0 }))).toBe('12.000 Credits');
  });

  it('show a dash, not NaN, for a figure the server sent broken', () => {
    expect(inLocale('en', () => taskCreditsText(i18n, { credits: Number.NaN, refundedCredits: 0 }))).toBe('—');
  });
});

describe('a figure past the digits that mean anything', () => {
  it('is written in scientific notation with its unit, never as a row of zeros', () => {
    expect(inLocale('en', () => creditsText(1e308))).toBe('1E308 credits');
    expect(inLocale('de', () => creditsText(1e308))).toBe('1E308 Credits');
    expect(inLocale('en', () => taskCreditsText(i18n, { credits: 1e308, refundedCredits: 0 }))).toBe('1E308 credits');
    expect(inLocale('en', () => creditsText(999_999))).toBe('999,999 credits');
  });
});
