import { expect, test, type Page } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import { submitSignIn } from './signIn';

/**
 * Stately's inspector in a LIVE build (built with VITE_ENABLE_INSPECTOR=true, scripts/build-live.mjs): `?inspect`
 * asks the visitor first, and only an allow-list of what the actors hold leaves the page.
 */

// No network here: a stand-in answers for stately.ai. Like the real inspector it says it is connected, then keeps
// what the app sends it.
const INSPECTOR_STAND_IN = `<title>Stately inspector</title><script>
  window.received = [];
  addEventListener('message', (event) => window.received.push(event.data));
  window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

const QUESTION = "Send this tab's activity to Stately's inspector?";

/**
 * Answers the question `/?inspect` asks (the app starts at once, no waiting for idle, and its boot waits for the
 * answer before the actors start), and waits for the app to be ready.
 */
async function answer(page: Page, button: 'Not now' | 'Open the inspector'): Promise<void> {
  const dialog = page.getByRole('dialog', { name: QUESTION });
  await expect(dialog).toContainText('is replaced with [redacted] before it leaves this page');
  await expect(dialog).toContainText("Stately's inspector (stately.ai) in a new window");
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-boot', 'ready');
}

/** Nothing else leaves for the internet (the providers' SDKs): only the inspector's stand-in answers. */
async function stayLocal(page: Page): Promise<void> {
  await page.context().route('https://stately.ai/**', (route) => route.fulfill({ contentType: 'text/html', body: INSPECTOR_STAND_IN }));
  await page.route(
    (url) => !['127.0.0.1', 'localhost', 'stately.ai'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
}

test('?inspect asks first, in a dialog that says what leaves the page; "Not now" runs the app with no inspector', async ({ page }) => {
  await stayLocal(page);
  const popups: string[] = [];
  page.context().on('page', (popup) => popups.push(popup.url()));
  // A phone: the question fits, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/?inspect');
  const dialog = page.getByRole('dialog', { name: QUESTION });
  await expect(dialog.getByRole('button', { name: 'Open the inspector' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const box = await dialog.boundingBox();
  expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
  await answer(page, 'Not now');
  // The app runs as without ?inspect.
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(popups).toEqual([]);
});

test('"Open the inspector" opens Stately\'s window from the click; it gets the chart, never the e-mail or the password', async ({ page }) => {
  await stayLocal(page);
  const opened = page.context().waitForEvent('page');
  await page.goto('/?inspect');
  await answer(page, 'Open the inspector');
  const inspector = await opened;
  expect(inspector.url()).toBe('https://stately.ai/inspect');
  const received = async () => JSON.stringify(await inspector.evaluate(() => (window as unknown as { received: unknown[] }).received));
  // The global actors' machines, as their definitions.
  await expect.poll(received).toContain('"type":"@xstate.actor"');
  await expect.poll(received).toContain('\\"id\\":\\"loginModal\\"');

  const { email, password } = settings.accounts.signIn;
  await submitSignIn(page, email, password);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  // The sign-in's chart reached the inspector: its event and the kind of request, with the values redacted.
  await expect.poll(received).toContain('"type":"SUBMIT"');
  await expect.poll(received).toContain('"kind":"email"');
  await expect.poll(received).toContain('"email":"[redacted]"');
  const sent = await received();
  expect(sent).not.toContain(email);
  expect(sent).not.toContain(password);
});
