import { test, expect } from './fixtures';

test('language and theme are applied at once and survive a reload', async ({ page, openApp }) => {
  await openApp(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-CN');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  // The header's sign-in button is now in Chinese.
  await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible();

  await page.getByRole('radio', { name: '深色主题' }).check();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.getByRole('banner').getByRole('button', { name: '登录' })).toBeVisible();
});

test('the system theme follows the operating system', async ({ browser }) => {
  const context = await browser.newContext({ colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await context.close();
});

test('an unknown address shows a real 404 page', async ({ page, openApp }) => {
  await openApp(page, '/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Image generation');
});
