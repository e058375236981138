import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openWithNewAccount } from './journeys';

/** The demo server's database (src/demo/db.ts): what its handlers answer from. */
const DB_STORAGE_KEY = 'nanobanana.demo.db';

/** Orders and a task as a broken server might store them, written into the demo database of this account. */
async function storeMalformedData(page: Page, email: string): Promise<void> {
  await page.evaluate(
    ({ key, email }) => {
      type Row = Record<string, unknown>;
      const data = JSON.parse(localStorage.getItem(key) ?? '{}') as {
        accounts: Array<{ id: string; email: string; apiKeys: Array<{ id: string }> }>;
        orders: Row[];
        usageRecords: Row[];
      };
      const account = data.accounts.find((one) => one.email === email);
      if (!account) throw new Error(`no demo account for ${email}`);
      const order = (orderNo: string, currency: string, createTime: string, invoiceUrl: string | null): Row => ({
        orderNo,
        createTime,
        provider: 'creem',
        packageId: 'starter',
        amount: 12.5,
        currency,
        credits: 1000,
        status: 'paid',
        invoiceStatus: invoiceUrl ? 'issued' : 'none',
        invoiceUrl,
        accountId: account.id,
      });
      data.orders.push(
        order('o-usdt', 'USDT', 'not a date', 'javascript:alert(document.domain)'),
        order('o-blank', '', '2026-03-01T10:00:00Z', null),
        order('o-spaced', 'usd ', '+275760-09-13T00:00:00.001Z', 'data:text/html,<script>alert(1)</script>'),
      );
      data.usageRecords.push({
        id: 'r-malformed',
        taskId: 'task-malformed',
        createTime: '2026-13-45 99:00:00',
        model: 'nano-banana-2',
        apiKeyName: 'Default',
        prompt: 'A banana astronaut',
        status: 1,
        credits: 1e308,
        refundedCredits: 0,
        resultImageUrls: [],
        paramJson: JSON.stringify({
          prompt: 'A banana astronaut',
          imageUrls: ['javascript:alert(1)', 'https://cdn.example.com/ref.png'],
          aspectRatio: '1:1',
        }),
        errorMessage: null,
        accountId: account.id,
        apiKeyId: account.apiKeys[0]?.id ?? '',
      });
      localStorage.setItem(key, JSON.stringify(data));
    },
    { key: DB_STORAGE_KEY, email },
  );
}

/** Every link, image and script address on the page, which must all be http(s). */
async function addressesOnPage(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[href], [src], [action], [formaction]')).flatMap((element) =>
      ['href', 'src', 'action', 'formaction'].flatMap((name) => {
        const value = element.getAttribute(name);
        return value === null ? [] : [new URL(value, document.baseURI).protocol];
      }),
    ),
  );
}

test('a currency Intl refuses, unreadable times and links in other schemes never blank billing or history', async ({ page, openApp }) => {
  const crashes: string[] = [];
  page.on('pageerror', (error) => crashes.push(error.message));
  const email = await openWithNewAccount(page, 'malformed');
  await storeMalformedData(page, email);

  await openApp(page, '/dashboard/billing');
  const orders = page.getByRole('region', { name: 'Orders' });
  const row = (orderNo: string) => orders.getByRole('row').filter({ hasText: orderNo });
  await expect(row('o-usdt')).toContainText('12.50 USDT');
  await expect(row('o-blank')).toContainText('12.50');
  await expect(row('o-spaced')).toContainText('$12.50');
  // An unreadable time is a dash, not an exception.
  await expect(row('o-usdt').getByRole('cell').nth(2)).toHaveText('—');
  // Invoice links in other schemes give no download.
  await expect(orders.getByRole('button', { name: /^Download the invoice/ })).toHaveCount(0);
  await row('o-blank').getByRole('checkbox').check();
  await expect(page.getByText('One invoice for order o-blank, 12.50.')).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  const history = page.getByRole('region', { name: 'Generations' });
  const record = history.getByRole('row').filter({ hasText: 'A banana astronaut' });
  await expect(record).toContainText('1E308');
  await record.getByRole('button', { name: /^Details of the generation/ }).click();
  const details = page.getByRole('dialog', { name: 'Generation details' });
  await expect(details).toBeVisible();
  // The stored reference addresses: the web one is a link, the script one only text.
  await expect(details.getByRole('link', { name: 'https://cdn.example.com/ref.png' })).toBeVisible();
  await expect(details.getByText('javascript:alert(1)', { exact: true })).toBeVisible();
  await expect(details.getByRole('link', { name: 'javascript:alert(1)' })).toHaveCount(0);

  expect((await addressesOnPage(page)).filter((protocol) => protocol !== 'http:' && protocol !== 'https:')).toEqual([]);
  expect(crashes).toEqual([]);
});
