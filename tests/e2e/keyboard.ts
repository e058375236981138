import { expect, type Locator, type Page } from '@playwright/test';

/** A short, readable name for whatever has focus: tag, role, name, so a failure shows where focus went. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'body';
    const role = element.getAttribute('role');
    const name =
      element.getAttribute('aria-label') ??
      (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement
        ? element.labels?.[0]?.textContent
        : null) ??
      element.textContent;
    return `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${(name ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}"`;
  });
}

/**
 * The focused element shows where it is: its own outline, or (for a visually hidden radio or checkbox
 * drawn by its label) the outline of the label around it.
 */
async function expectFocusVisible(page: Page): Promise<void> {
  const focused = page.locator(':focus');
  await expect(focused).toHaveCount(1);
  const indicator = await focused.evaluate((element) => {
    const hidden = element.getBoundingClientRect().width <= 1;
    const shown = hidden ? (element.closest('label') ?? element.parentElement ?? element) : element;
    const style = getComputedStyle(shown);
    return { outline: style.outlineStyle, width: style.outlineWidth };
  });
  expect(indicator.outline, `the focus outline of ${await describeFocus(page)}`).not.toBe('none');
  expect(indicator.width, `the focus outline of ${await describeFocus(page)}`).not.toBe('0px');
}

/** Expects focus on `target`, with a visible indicator. */
export async function expectFocused(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  await expectFocusVisible(page);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would, and fails if it takes more
 * than `max` presses, naming every stop on the way.
 */
export async function tabTo(page: Page, target: Locator, { backwards = false, max = 25 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  const stops: string[] = [];
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusVisible(page);
      return;
    }
    stops.push(await describeFocus(page));
  }
  throw new Error(`${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'} did not reach the target; focus went: ${stops.join(' → ')}`);
}
