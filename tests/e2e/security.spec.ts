import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openWithNewAccount } from './journeys';

/**
 * Collects every Content-Security-Policy violation the page reports, from before its first script runs, across the
 * page's navigations (the demo checkout pages are full page loads): kept in the tab's sessionStorage, and the
 * console's "Refused to ..." lines as well.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const KEY = 'e2e.cspViolations';
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
      seen.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`);
      sessionStorage.setItem(KEY, JSON.stringify(seen));
    });
  });
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  return async () => [...(await page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.cspViolations') ?? '[]') as string[])), ...console];
}

/** One directive of a policy, as its list of sources (empty if the policy does not have it). */
function directive(policy: string, name: string): string[] {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}

test('every response carries the security headers: the app shell, a deep link and a script', async ({ request, page, openApp }) => {
  await openApp(page);
  const script = await page.locator('script[type="module"]').getAttribute('src');
  for (const path of ['/', '/dashboard/api-keys', '/__machines', '/demo-checkout/creem', script ?? '/']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    // Demo mode configures no provider: its scripts are this origin's only, and Trusted Types are required.
    expect(directive(headers['content-security-policy'] ?? '', 'script-src'), path).toEqual(["'self'"]);
    expect(headers['content-security-policy'], path).toContain("require-trusted-types-for 'script'");
    // Scripts come from files only: no inline script, no eval, in any of the script directives.
    for (const name of ['script-src', 'script-src-elem', 'script-src-attr', 'default-src']) {
      const sources = directive(headers['content-security-policy'] ?? '', name);
      expect(sources, `${path}: ${name}`).not.toContain("'unsafe-inline'");
      expect(sources, `${path}: ${name}`).not.toContain("'unsafe-eval'");
      expect(sources, `${path}: ${name}`).not.toContain("'wasm-unsafe-eval'");
    }
    expect(directive(headers['content-security-policy'] ?? '', 'script-src'), path).toContain("'self'");
    expect(headers['content-security-policy'], path).toContain("object-src 'none'");
    expect(headers['content-security-policy'], path).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy'], path).not.toContain("'unsafe-eval'");
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
  }
});

test('the policy blocks nothing the product does: sign-up, a generation with its images, history, billing, a checkout page, the explorer', async ({
  page,
  openApp,
}) => {
  const violations = await watchViolations(page);
  await openWithNewAccount(page);
  await openApp(page, '/playground/flux?prompt=A%20lighthouse%20on%20a%20cliff&ratio=4:3');
  await page.getByRole('button', { name: 'Generate', exact: true }).click();
  await expect(page.getByRole('region', { name: '1 image ready' }).getByTestId('image-size')).toHaveText('1024 × 768', { timeout: 25_000 });
  await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
  // The row's thumbnail is decorative (empty alt, the prompt names the row): it must load, not just be there.
  const thumbnail = page.getByRole('row', { name: /A lighthouse on a cliff/ }).locator('img');
  await expect(thumbnail).toBeVisible();
  await expect
    .poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0), { message: 'the thumbnail loaded' })
    .toBe(true);
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // Billing, a redirect provider's demo checkout page (a page load of its own), paid, and back.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  const buy = page.getByRole('region', { name: 'Buy credits' });
  await buy.getByRole('radio', { name: 'Creem', exact: true }).check();
  await buy.getByRole('button', { name: /^Pay \$[\d,.]+ with Creem$/ }).click();
  await expect(page.getByText('Demo checkout — no money moves')).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toMatch(/^\/demo-checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buy.getByText(/^Paid\./)).toBeVisible({ timeout: 15_000 });

  // The statechart explorer, with a chart laid out (its layout library loads then).
  await openApp(page, '/__machines?machine=user');
  await expect(page.getByRole('heading', { level: 1, name: 'Statechart explorer' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Statechart of user:/ })).toBeVisible({ timeout: 20_000 });

  await openApp(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('no request leaves for a host the product does not name, even when sampled telemetry would fire', async ({ page, openApp }) => {
  const violations = await watchViolations(page);
  // FingerprintJS pings its vendor for one load in a thousand (Math.random() < 0.001) unless told not to: this
  // visit is that one.
  await page.addInitScript(() => {
    Math.random = () => 0.0005;
  });
  const foreign: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    // The page's own origin, and the IP lookup the product names (answered in the browser in demo mode).
    if (!['localhost', '127.0.0.1', 'ipapi.co'].includes(hostname) && !request.url().startsWith('data:')) foreign.push(request.url());
  });
  const fingerprint = page.waitForResponse((response) => /\/assets\/fp\.esm-[^/]+\.js$/.test(response.url()));
  await openApp(page);
  // An anonymous visitor's device id is computed at their first action (a key press here): its library arrives,
  // loads (a ping would go now) and runs.
  await page.keyboard.press('Tab');
  await fingerprint;
  await page.evaluate(() => new Promise((resolve) => setTimeout(() => setTimeout(resolve, 0), 0)));
  expect(foreign).toEqual([]);
  expect(await violations()).toEqual([]);
});

test('Trusted Types are enforced: demo mode registers its worker through the page policy, while injected markup, a foreign script and string code are refused', async ({
  request,
  page,
  openApp,
}) => {
  expect(directive((await request.get('/')).headers()['content-security-policy'] ?? '', 'require-trusted-types-for')).toEqual(["'script'"]);
  const violations = await watchViolations(page);
  await openApp(page);
  // The demo's API starts with the first request, which an anonymous visitor's first action (a key press) brings.
  // Mock Service Worker registers its worker by name (a string): the default policy of theme-boot.js let it through.
  await page.keyboard.press('Tab');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { message: 'the demo worker registered' })
    .toBe(1);
  expect(await page.evaluate(() => Boolean((window as unknown as { trustedTypes?: { defaultPolicy: unknown } }).trustedTypes?.defaultPolicy))).toBe(
    true,
  );
  expect(await violations()).toEqual([]);

  const outcomes = await page.evaluate(() => {
    const factory = (window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): unknown } }).trustedTypes;
    const attempts: Record<string, () => void> = {
      markup: () => {
        document.createElement('div').innerHTML = '<img src="x" onerror="window.__pwned = 1">';
      },
      foreignScript: () => {
        document.createElement('script').src = 'https://www.paypal.com/evil.js';
      },
      scriptText: () => {
        document.createElement('script').text = 'window.__pwned = 1';
      },
      ownPolicy: () => {
        factory.createPolicy('attacker', { createHTML: (value: string) => value });
      },
    };
    return Object.fromEntries(
      Object.entries(attempts).map(([name, attempt]) => {
        try {
          attempt();
          return [name, 'allowed'];
        } catch (error) {
          return [name, error instanceof Error ? error.name : String(error)];
        }
      }),
    );
  });
  expect(outcomes).toEqual({ markup: 'TypeError', foreignScript: 'TypeError', scriptText: 'TypeError', ownPolicy: 'TypeError' });
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  const reported = await violations();
  expect(reported.filter((line) => / require-trusted-types-for trusted-types-sink$/.test(line))).toHaveLength(3);
  expect(reported.filter((line) => / trusted-types trusted-types-policy$/.test(line))).toHaveLength(1);
});
