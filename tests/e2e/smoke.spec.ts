import { test, expect } from './fixtures';

test('the landing page renders a level-1 heading in English', async ({ page, openApp }) => {
  await openApp(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});
