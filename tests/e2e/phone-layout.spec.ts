import { expect, test } from './fixtures';
import { openWithNewAccount } from './journeys';
import { LAYOUT_SAMPLE } from '../../src/demo/layoutSample';

/** The header's menu, its tables as cards, the dashboard's tabs and One Tap: what a phone gets, piece by piece. */

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;

test.describe('header menu', () => {
  test.use(PHONE);

  test('a disclosure: the keyboard opens it, Escape closes it back to its button, a link or a press outside closes it', async ({ page, openApp }) => {
    await openApp(page, '/get-started');
    const banner = page.getByRole('banner');
    const button = banner.getByRole('button', { name: 'Menu', exact: true });
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu).toBeHidden();
    await expect(banner.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(menu.getByRole('navigation', { name: 'Main' })).toBeVisible();
    // The links follow one another in the order they show.
    await menu.getByRole('link', { name: 'Playground' }).focus();
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'History' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // A press outside the header puts it away; a link followed too, on the new page.
    await button.tap();
    await expect(menu).toBeVisible();
    const panel = await menu.boundingBox();
    expect(panel && panel.y + panel.height).toBeLessThan(700);
    await page.touchscreen.tap(300, 700);
    await expect(menu).toBeHidden();
    await button.tap();
    await menu.getByRole('link', { name: 'Docs' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    await expect(menu).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // The language is in the menu too, and the bar stays one row in German.
    await button.tap();
    await menu.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(64);
  });

  test('signed in, the menu shows the balance, a link to billing', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openWithNewAccount(page);
    await page.setViewportSize(PHONE.viewport);
    const button = page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true });
    await button.tap();
    await page.locator('#site-menu').getByRole('link', { name: 'Balance: 100 credits' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});

test('on a wide screen the header is as it was, and its balance links to billing', async ({ page }) => {
  await openWithNewAccount(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Menu', exact: true })).toBeHidden();
  await expect(banner.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Community' })).toBeVisible();
  await expect(banner.getByRole('combobox', { name: 'Language' })).toBeVisible();
  await banner.getByTitle('Credit balance').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await page.getByRole('link', { name: 'Overview' }).click();
  await page.getByTestId('credit-balance').getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
});

test.describe('on a phone', () => {
  test.use(PHONE);

  test('a table is a stack of cards: every value labelled, the row’s buttons on its card', async ({ page, openApp, openDemoControls: open }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openWithNewAccount(page);
    const controls = await open(page);
    await controls.getByRole('button', { name: 'Add long names and a PayPal purchase' }).click();
    await expect(controls.getByText(/long names and a paid PayPal order/)).toBeVisible();
    await page.setViewportSize(PHONE.viewport);
    await openApp(page, '/dashboard/api-keys');
    const card = page.getByRole('row').filter({ hasText: LAYOUT_SAMPLE.keyName });
    await expect(card).toBeVisible();
    // The header row is there for screen readers only; each card names its values with the column's header.
    await expect(page.getByRole('columnheader').first()).not.toBeInViewport();
    const nameCell = card.getByRole('cell').filter({ hasText: LAYOUT_SAMPLE.keyName });
    await expect(nameCell).toHaveAttribute('data-label', 'Key name');
    expect(await nameCell.evaluate((cell) => getComputedStyle(cell, '::before').content)).toContain('Key name');
    // The long name wraps on its card rather than being cut.
    expect(await nameCell.evaluate((cell) => cell.scrollWidth <= cell.clientWidth)).toBe(true);
    const deleteButton = card.getByRole('button', { name: `Delete key ${LAYOUT_SAMPLE.keyName}` });
    await deleteButton.scrollIntoViewIfNeeded();
    await expect(deleteButton).toBeInViewport({ ratio: 1 });
    const box = await card.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  });

  test('the dashboard’s tabs scroll sideways, fade where more lie beyond, and show the current one', async ({ page, openApp }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openWithNewAccount(page);
    await page.setViewportSize(PHONE.viewport);
    await page.evaluate(() => localStorage.setItem('locale', 'de'));
    await openApp(page, '/dashboard/settings');
    const tabs = page.getByRole('main').getByRole('navigation');
    const current = tabs.locator('[aria-current="page"]');
    await expect(current).toBeVisible();
    expect(await tabs.evaluate((strip) => strip.scrollWidth > strip.clientWidth), 'the tabs overflow in German').toBe(true);
    // The current (last) tab is scrolled into the strip, so the fade is now on the left edge only.
    await expect
      .poll(() => current.evaluate((tab) => tab.getBoundingClientRect().right <= (tab.parentElement?.getBoundingClientRect().right ?? 0) + 1))
      .toBe(true);
    // Scrolled to its end, the strip fades on the left only (more tabs lie that way)...
    const fade = () =>
      tabs.evaluate((strip) => {
        const style = getComputedStyle(strip);
        return { start: style.getPropertyValue('--tabs-fade-start'), end: style.getPropertyValue('--tabs-fade-end') };
      });
    await expect.poll(fade).toEqual({ start: '40px', end: '0px' });
    // ...and back at its start, on the right only, the first tab whole.
    await tabs.evaluate((strip) => strip.scrollTo({ left: 0, behavior: 'instant' }));
    await expect.poll(fade).toEqual({ start: '0px', end: '40px' });
    await expect(tabs.getByRole('link').first()).toBeInViewport({ ratio: 1 });
  });

  test('One Tap sits on the page, not the screen: it scrolls away, and once closed it stays away for the visit', async ({ page, openApp }) => {
    await openApp(page, '/');
    const card = page.getByRole('dialog', { name: 'Sign in with Google' });
    await expect(card).toBeVisible();
    expect(await card.evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    const top = (await card.boundingBox())?.y ?? 0;
    await page.mouse.wheel(0, 600);
    await expect.poll(async () => (await card.boundingBox())?.y ?? 0).toBeLessThan(top - 300);
    await card.getByRole('button', { name: 'Close' }).tap();
    await expect(card).toBeHidden();
    await openApp(page, '/get-started');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Shown a moment after the app starts on a first visit; this visit closed it, so nothing comes.
    await page.getByRole('main').getByRole('link').first().hover();
    await expect(card).toBeHidden();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('nanobanana.demo.oneTapClosed'))).toBe('1');
  });

  test('the demo controls collapse to a tab in the corner, and the page ends clear of it', async ({ page, openApp }) => {
    await openApp(page, '/playground/flux');
    const tab = page.getByRole('complementary', { name: 'Demo controls' }).getByRole('button', { name: 'Demo controls' });
    await expect(tab).toBeVisible();
    const box = await tab.boundingBox();
    expect(box?.x).toBe(0);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(740, 0);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    // Scrolled to the end, the tab covers only the space reserved for it.
    const covered = await page.evaluate((height) => {
      const below = document.elementsFromPoint(20, window.innerHeight - height / 2);
      return below.filter((element) => element.matches('a, button, input, select, textarea')).length;
    }, box?.height ?? 0);
    expect(covered).toBe(1);
    await tab.tap();
    await expect(page.getByRole('button', { name: 'Collapse demo controls' })).toBeVisible();
  });
});
