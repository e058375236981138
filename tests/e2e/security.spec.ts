import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { signUp, uniqueEmail } from './journeys';

/** Collects every Content-Security-Policy violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [...(await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? [])), ...console];
}

test('every response carries the security headers: the app shell, a deep link and a script', async ({ request, page, openApp }) => {
  await openApp(page);
  const script = await page.locator('script[type="module"]').getAttribute('src');
  for (const path of ['/', '/dashboard/api-keys', script ?? '/']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers['content-security-policy'], path).toContain("script-src 'self' https://accounts.google.com");
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).not.toContain("'unsafe-eval'");
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
});

test('the policy blocks nothing the product does: sign-up, a generation with its images, history, a checkout page', async ({ page, openApp }) => {
  const violations = await watchViolations(page);
  await openApp(page);
  await signUp(page, uniqueEmail());
  await openApp(page, '/playground/flux?prompt=A%20lighthouse%20on%20a%20cliff&ratio=4:3');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('region', { name: '1 image ready' }).getByTestId('image-size')).toHaveText('1152 × 864', { timeout: 25_000 });
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('row', { name: /A lighthouse on a cliff/ }).getByRole('img')).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await openApp(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});
