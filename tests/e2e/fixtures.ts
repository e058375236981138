import { test as base, expect, type Locator, type Page } from '@playwright/test';

// Boot waits for the demo worker and the first catalogue, which takes a moment on a busy CI machine.
const BOOT_TIMEOUT = 15_000;
const MAILBOX = /Demo mailbox: your code is (\d{6})/;

/**
 * Opens a route and waits until the app has taken over: the header shows, and the page is hydrated (or rendered)
 * with its whole catalogue (`data-boot="ready"`, src/prerender/boot.ts). A prerendered page shows its header
 * before that, from HTML alone. On a first visit the app starts when the browser is idle after the largest paint,
 * or at the visitor's first action if sooner (`data-start="idle"`): the visitor presses Shift, a key that changes
 * nothing on the page, so that tests do not wait for idle.
 */
export async function openApp(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('banner').first()).toBeVisible({ timeout: BOOT_TIMEOUT });
  if ((await page.locator('html').getAttribute('data-start')) === 'idle') await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready', { timeout: BOOT_TIMEOUT });
}

/**
 * Waits for the demo mailbox toast and returns its six-digit code.
 * Pass `differentFrom` after a resend, so the code of an earlier toast is not read again.
 */
export async function readMailboxCode(page: Page, options: { differentFrom?: string } = {}): Promise<string> {
  // Every mailbox toast on the page, in whatever order the stack shows them (newest first), so an earlier code
  // still fading out is never read for the new one.
  const toasts = page.getByText(MAILBOX);
  let code = '';
  await expect(async () => {
    const codes = (await toasts.allTextContents()).map((text) => MAILBOX.exec(text)?.[1] ?? '');
    code = codes.find((shown) => shown !== options.differentFrom) ?? '';
    expect(code, `a "Demo mailbox: your code is NNNNNN" toast${options.differentFrom ? ' with a newly sent code' : ''}`).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  return code;
}

/** The demo controls panel, whether it is marked up as a region or as an aside. */
function demoControls(page: Page): Locator {
  const name = 'Demo controls';
  return page.getByRole('region', { name }).or(page.getByRole('complementary', { name }));
}

/**
 * Opens the demo controls and returns the panel. By default with Alt+Shift+D, which keeps the page as
 * it is (open dialogs, typed text); `via: 'url'` reloads the current address with `?demo` appended.
 */
export async function openDemoControls(page: Page, options: { via?: 'shortcut' | 'url' } = {}): Promise<Locator> {
  const panel = demoControls(page);
  // The panel starts as a collapsed pill; it is open once its collapse button shows.
  const expanded = panel.getByRole('button', { name: 'Collapse demo controls' });
  if (await expanded.isVisible()) return panel;
  if (options.via === 'url') {
    const current = page.url();
    if (current.startsWith('http')) {
      const url = new URL(current);
      url.search = url.search ? `${url.search}&demo` : '?demo';
      await openApp(page, url.toString());
    } else {
      await openApp(page, '/?demo');
    }
  } else {
    await page.keyboard.press('Alt+Shift+KeyD');
  }
  await expect(expanded).toBeVisible();
  return panel;
}

/**
 * Clicks a button of a provider's window that closes that window (the demo PayPal page's Approve, Cancel,
 * Decline): the window may close while the click is still being reported, which is the expected outcome.
 */
export async function clickClosingWindow(popup: Page, name: string): Promise<void> {
  const closed = popup.waitForEvent('close');
  await popup
    .getByRole('button', { name, exact: true })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
}

type Helpers = {
  openApp: typeof openApp;
  readMailboxCode: typeof readMailboxCode;
  openDemoControls: typeof openDemoControls;
};

// The helpers as fixtures too, so a journey can take them from the test's arguments.
export const test = base.extend<Helpers>({
  // Playwright reads fixture dependencies from the destructuring pattern; these need none.
  // (`provide` is Playwright's `use`, renamed so the React hooks lint rule does not mistake it.)
  // eslint-disable-next-line no-empty-pattern
  openApp: async ({}, provide) => provide(openApp),
  // eslint-disable-next-line no-empty-pattern
  readMailboxCode: async ({}, provide) => provide(readMailboxCode),
  // eslint-disable-next-line no-empty-pattern
  openDemoControls: async ({}, provide) => provide(openDemoControls),
});

export { expect };
