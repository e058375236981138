import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

const COPY_BUTTON = 'Copy Create a generation task (curl)';

/**
 * As on an http origin other than localhost, or in an embedded browser: no Clipboard API at all. Every `copy`
 * the page performs is recorded with the text it selected, so the test can tell what was copied and how.
 */
async function withoutClipboardApi(page: Page, { execCommandWorks = true } = {}) {
  await page.addInitScript((works) => {
    delete (Navigator.prototype as { clipboard?: unknown }).clipboard;
    const copies: string[] = [];
    (window as unknown as { copies: string[] }).copies = copies;
    document.addEventListener('copy', () => copies.push(document.getSelection()?.toString() ?? ''));
    if (!works) document.execCommand = () => false;
  }, execCommandWorks);
}

test.describe('copying without the Clipboard API', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('a code sample is still copied, and the clipboard holds it', async ({ page, openApp }) => {
    await withoutClipboardApi(page);
    await openApp(page, '/get-started');
    expect(await page.evaluate(() => 'clipboard' in navigator)).toBe(false);
    const copyButton = page.getByRole('button', { name: COPY_BUTTON });
    await copyButton.click();
    await expect(page.getByText('Copied to the clipboard.')).toBeVisible();
    await expect(page.getByText(/Could not copy/)).toHaveCount(0);
    const copies = await page.evaluate(() => (window as unknown as { copies: string[] }).copies);
    expect(copies).toHaveLength(1);
    expect(copies[0]).toContain('Authorization: Bearer YOUR_API_KEY');
    // The user is left where they were, with no stray field on the page.
    await expect(copyButton).toBeFocused();
    await expect(page.locator('textarea[aria-hidden="true"]')).toHaveCount(0);

    // The browser's clipboard really has it: read back from a page of the same site that has the API.
    const reader = await page.context().newPage();
    await reader.goto('/favicon.svg');
    await expect.poll(() => reader.evaluate(() => navigator.clipboard.readText())).toBe(copies[0]);
    await reader.close();
  });

  test('when the browser cannot copy at all, the user is told to copy by hand', async ({ page, openApp }) => {
    await withoutClipboardApi(page, { execCommandWorks: false });
    await openApp(page, '/get-started');
    await page.getByRole('button', { name: COPY_BUTTON }).click();
    await expect(page.getByText('Could not copy. Select the text and copy it yourself.')).toBeVisible();
    await expect(page.getByText('Copied to the clipboard.')).toHaveCount(0);
  });
});
