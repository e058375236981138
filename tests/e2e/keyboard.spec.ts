import type { Locator } from '@playwright/test';
import { test, expect, readMailboxCode } from './fixtures';
import { PASSWORD, expectSignedIn, signOut, uniqueEmail, openWithNewAccount } from './journeys';
import { expectGenerationSettled, installTaskClock } from './taskClock';
import { expectFocused, tabTo } from './keyboard';

test('keyboard only: sign up from the header, create an API key, generate an image and reach its controls', async ({ page, openApp }) => {
  // Every step is a key press and a check of where focus is: many small steps.
  test.setTimeout(90_000);
  await installTaskClock(page);
  await openApp(page);
  const banner = page.getByRole('banner');
  const dialog = page.locator('dialog[open]');

  // Sign up from the header.
  const getApiKey = banner.getByRole('button', { name: 'Get API key' });
  await tabTo(page, getApiKey);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  // Focus moved into the modal, on the e-mail field where the task starts.
  const email = uniqueEmail('.kb');
  const emailField = dialog.getByLabel('E-mail', { exact: true });
  await expectFocused(page, emailField);
  await page.keyboard.type(email);
  const sendCode = dialog.getByRole('button', { name: 'Send code' });
  await tabTo(page, sendCode, { max: 3 });
  await page.keyboard.press('Enter');
  const code = await readMailboxCode(page);
  // "Send code" cools down (disabled): focus moves on to the code field rather than dropping to the page.
  await expectFocused(page, dialog.getByLabel('Verification code'));
  await page.keyboard.type(code);
  const password = dialog.getByLabel('Password', { exact: true });
  await tabTo(page, password, { max: 2 });
  await page.keyboard.type(PASSWORD);
  await tabTo(page, dialog.getByRole('button', { name: 'Create account' }), { max: 1 });
  await page.keyboard.press('Enter');
  await expectSignedIn(page, email);
  await expect(dialog).toHaveCount(0);
  // The header button that opened the modal is gone (the account menu took its place): focus lands on the page's heading.
  await expectFocused(page, page.getByRole('heading', { level: 1 }));

  // To the API keys page.
  await tabTo(page, banner.getByRole('link', { name: 'Dashboard' }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  const apiKeysLink = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'API keys' });
  await tabTo(page, apiKeysLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();

  // Create a key and close the dialog: focus goes back to "Create key".
  const createKey = page.getByRole('button', { name: 'Create key' });
  await tabTo(page, createKey);
  await page.keyboard.press('Enter');
  // The dialog starts where its task does: in the name field.
  await expectFocused(page, dialog.getByLabel('Key name'));
  await page.keyboard.type('keyboard key');
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('New API key')).toHaveText(/^nb_[0-9a-f]{40}$/);
  // The form is gone; focus is on copying the key, the one thing to do before leaving.
  await expectFocused(page, dialog.getByRole('button', { name: 'Copy key' }));
  await tabTo(page, dialog.getByRole('button', { name: 'Done' }), { max: 1 });
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('row', { name: /keyboard key/ })).toBeVisible();
  await expectFocused(page, createKey);

  // The playground: type a prompt, generate, and reach the result's controls.
  await tabTo(page, banner.getByRole('link', { name: 'Playground' }), { backwards: true, max: 40 });
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Generation settings' });
  const prompt = form.getByLabel('Prompt');
  await tabTo(page, prompt, { max: 40 });
  await page.keyboard.type('A paper boat sailing across a puddle, macro photo');
  const generate = form.getByRole('button', { name: 'Generate', exact: true });
  await tabTo(page, generate, { max: 40 });
  await page.keyboard.press('Enter');
  // While the task runs the button is busy, not disabled: focus stays on it, so the page does not lose the user.
  await expectFocused(page, form.getByRole('button', { name: 'Generating…' }));
  const results = page.getByRole('region', { name: '1 image ready' });
  await expectGenerationSettled(page, results);
  await expectFocused(page, generate);
  await tabTo(page, results.getByRole('link', { name: 'Open', exact: true }), { max: 40 });
  const download = results.getByRole('button', { name: 'Download image 1' });
  await tabTo(page, download, { max: 2 });
  const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(file.suggestedFilename()).toMatch(/^nano-banana-[0-9a-f]{8}-1\.png$/);
});

test('keyboard only: sign in with e-mail and password from the header', async ({ page }) => {
  // The account exists first (signed up by mouse), then everything is keys.
  const email = await openWithNewAccount(page, '.kbin');
  await signOut(page, email);
  const dialog = page.locator('dialog[open]');

  const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
  await tabTo(page, signIn, { max: 40 });
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Focus starts in the e-mail field, where the task does.
  await expectFocused(page, dialog.getByLabel('E-mail', { exact: true }));
  await page.keyboard.type(email);
  await tabTo(page, dialog.getByLabel('Password', { exact: true }), { max: 2 });
  await page.keyboard.type(PASSWORD);
  await tabTo(page, dialog.getByRole('button', { name: 'Sign in' }), { max: 3 });
  await page.keyboard.press('Enter');
  await expectSignedIn(page, email);
  await expect(dialog).toHaveCount(0);
  // The header button that opened the modal is gone (the account menu took its place): focus lands on the page's heading.
  await expectFocused(page, page.getByRole('heading', { level: 1 }));
});

test.describe('focus returns to what opened a dialog', () => {
  /** Opens a dialog as a keyboard user does: focus on the opener, then Enter. */
  // As a keyboard user does: wait until the button can be used (a sign-in button is disabled while another sign-in
  // settles), move to it, then press Enter. A focus() on a disabled button is ignored and Enter would go elsewhere.
  async function openWith(opener: Locator) {
    await expect(opener).toBeEnabled();
    await opener.focus();
    await expect(opener).toBeFocused();
    await opener.page().keyboard.press('Enter');
  }

  test('the login modal: Escape and the close button go back to the header button', async ({ page, openApp }) => {
    await openApp(page);
    const dialog = page.locator('dialog[open]');
    for (const name of ['Sign in', 'Get API key']) {
      const opener = page.getByRole('banner').getByRole('button', { name });
      await openWith(opener);
      await expect(dialog).toBeVisible();
      await expect(dialog.locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expectFocused(page, opener);

      await openWith(opener);
      await tabTo(page, dialog.getByRole('button', { name: 'Close' }), { backwards: true, max: 15 });
      await page.keyboard.press('Enter');
      await expect(dialog).toHaveCount(0);
      await expectFocused(page, opener);
    }
  });

  test('the Google account chooser and the Microsoft picker go back to their buttons in the login modal', async ({ page, openApp }) => {
    await openApp(page);
    await openWith(page.getByRole('banner').getByRole('button', { name: 'Sign in' }));
    const login = page.locator('dialog[open]').filter({ has: page.getByRole('heading', { name: 'Sign in' }) });
    await expect(login).toBeVisible();
    for (const [button, name] of [
      ['Continue with Google', 'Choose an account'],
      ['Continue with Microsoft', 'Pick an account'],
    ] as const) {
      const opener = login.getByRole('button', { name: button });
      const picker = page.getByRole('dialog', { name });
      // Escape, then Cancel; each checked on its own (soft), so one run reports all four. Closing a <dialog> gives focus
      // back at once: a second is ample, and keeps this expected failure from costing 40 s of waiting.
      await openWith(opener);
      await expect(picker).toBeVisible();
      await expect(picker.locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await expect(picker).toBeHidden();
      await expect.soft(opener, `${name}: Escape`).toBeFocused({ timeout: 1_000 });
      await openWith(opener);
      await expect(picker).toBeVisible();
      await tabTo(page, picker.getByRole('button', { name: 'Cancel' }), { max: 10 });
      await page.keyboard.press('Enter');
      await expect(picker).toBeHidden();
      await expect.soft(opener, `${name}: Cancel`).toBeFocused({ timeout: 1_000 });
      // The login modal stays open under the picker.
      await expect(login).toBeVisible();
    }
  });

  test('API key dialogs go back to Create key, Rename, Delete and Reset; a deleted key’s row leaves focus on the heading', async ({ page }) => {
    await openWithNewAccount(page, '', '/dashboard/api-keys');
    const dialog = page.locator('dialog[open]');
    const createKey = page.getByRole('button', { name: 'Create key' });

    // Create: Escape, Cancel, and Done after creating.
    await openWith(createKey);
    await expectFocused(page, dialog.getByLabel('Key name'));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, createKey);
    await openWith(createKey);
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, createKey);
    await openWith(createKey);
    await page.keyboard.type('focus test');
    await page.keyboard.press('Enter');
    await expectFocused(page, dialog.getByRole('button', { name: 'Copy key' }));
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }), { max: 1 });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, createKey);

    // Rename: saved, the same row's button again.
    const rename = page.getByRole('button', { name: 'Rename key focus test' });
    await openWith(rename);
    await expectFocused(page, dialog.getByLabel('Key name'));
    await page.keyboard.press('End');
    await page.keyboard.type(' 2');
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    const renamed = page.getByRole('button', { name: 'Rename key focus test 2' });
    await expectFocused(page, renamed);

    // Delete: cancelled, back on Delete; confirmed, the row is gone and focus is on the page's heading.
    const remove = page.getByRole('button', { name: 'Delete key focus test 2' });
    await openWith(remove);
    await tabTo(page, dialog.getByRole('button', { name: 'Cancel' }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, remove);
    await openWith(remove);
    await tabTo(page, dialog.getByRole('button', { name: 'Delete key' }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('row', { name: /focus test 2/ })).toHaveCount(0);
    await expectFocused(page, page.getByRole('heading', { level: 1, name: 'API keys' }));

    // Reset: the close button, then confirmed; the primary row stays, so its Reset button takes focus back.
    const reset = page.getByRole('button', { name: /^Reset key / });
    await openWith(reset);
    await tabTo(page, dialog.getByRole('button', { name: 'Close' }), { backwards: true, max: 5 });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, reset);
    await openWith(reset);
    await tabTo(page, dialog.getByRole('button', { name: 'Reset key' }), { max: 3 });
    await page.keyboard.press('Enter');
    await expect(page.getByText('Primary key reset. Update it wherever you use it.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, reset);
  });

  test('the history details dialog goes back to Details; the early-renewal offer to what opened it, or to the heading', async ({ page, openApp }) => {
    await installTaskClock(page);
    await openWithNewAccount(page, '', '/playground/flux');
    const form = page.getByRole('form', { name: 'Generation settings' });
    await form.getByLabel('Prompt').fill('A tiny robot watering a bonsai tree');
    await form.getByRole('button', { name: 'Generate', exact: true }).click();
    await expectGenerationSettled(page, page.getByRole('region', { name: '1 image ready' }));

    await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
    const details = page.getByRole('row', { name: /A tiny robot watering/ }).getByRole('button', { name: /^Details/ });
    const dialog = page.locator('dialog[open]');
    await openWith(details);
    await expect(dialog.getByRole('heading', { name: 'Generation details' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, details);
    await openWith(details);
    // The dialog's own Close button at its foot (the header's × is the same as in the login modal).
    await tabTo(page, dialog.getByRole('button', { name: 'Close' }).last(), { max: 20 });
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    await expectFocused(page, details);

    // "Open in playground" changes the page, dialog, opener and all: focus starts the new page, at its heading.
    await openWith(details);
    await tabTo(page, dialog.getByRole('link', { name: 'Open in playground' }), { max: 20 });
    await page.keyboard.press('Enter');
    await expect(form.getByLabel('Prompt')).toHaveValue('A tiny robot watering a bonsai tree');
    await expectFocused(page, page.getByRole('heading', { level: 1 }));

    // The low-balance offer opens when the saved alert threshold is above the balance: back to "Save alert".
    await openApp(page, '/dashboard/settings');
    const alerts = page.getByRole('region', { name: 'Low-balance alert' });
    await alerts.getByLabel('Alert e-mail').fill('billing@example.com');
    await alerts.getByLabel('Threshold (credits)').fill('500');
    const save = alerts.getByRole('button', { name: 'Save alert' });
    await openWith(save);
    const offer = page.getByRole('dialog', { name: 'Your credits are running low' });
    await expect(offer).toBeVisible();
    await tabTo(page, offer.getByRole('button', { name: 'Not now' }), { max: 6 });
    await page.keyboard.press('Enter');
    await expect(offer).toBeHidden();
    await expectFocused(page, save);

    // After a reload it opens by itself: nothing opened it, so closing it leaves focus on the page's heading.
    await page.reload();
    await expect(offer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(offer).toBeHidden();
    await expectFocused(page, page.getByRole('heading', { level: 1, name: 'Settings' }));
  });
});
