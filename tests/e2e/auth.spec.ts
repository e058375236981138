import { test, expect, readMailboxCode } from './fixtures';
import { expectSignedIn, expectSignedOut, fillSignUp, loginDialog, PASSWORD, signOut, signUp, uniqueEmail, openWithNewAccount } from './journeys';

test.describe('e-mail sign-up and sign-in', () => {
  test('sign up with the e-mailed code, keep the session across a reload, then sign out', async ({ page, openApp }) => {
    await openApp(page);
    const email = uniqueEmail();
    await fillSignUp(page, email);
    await loginDialog(page).getByRole('button', { name: 'Create account' }).click();

    await expect(page.getByText('Welcome! Your account is ready.')).toBeVisible();
    await expect(loginDialog(page)).toBeHidden();
    await expectSignedIn(page, email);
    // New accounts get the free grant.
    await expect(page.getByText('100 credits', { exact: true })).toBeVisible();

    await page.reload();
    await expectSignedIn(page, email);

    await signOut(page, email);
    await page.reload();
    await expectSignedOut(page);
  });

  test('sign in with an existing account', async ({ page }) => {
    const email = await openWithNewAccount(page);
    await signOut(page, email);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Incorrect e-mail or password.')).toBeVisible();
    // The form keeps what was typed.
    await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue(email);

    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, email);
  });

  test('field validation explains each bad field and sends nothing', async ({ page, openApp }) => {
    await openApp(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel('E-mail', { exact: true }).fill('not-an-email');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await expect(dialog.getByText('Enter your password.')).toBeVisible();
    await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('the sign-in dialog, ready before it is asked for, opens on a fresh form each time', async ({ page, openApp }) => {
    await openApp(page);
    // Closed, the app's dialog already holds its form, hidden: nothing of it is on screen or reachable. (The
    // build's copies after the page, which open before the app has started, are closed too.)
    await expect(page.locator('#root dialog input[type="password"]')).toHaveCount(1);
    for (const field of await page.getByLabel('Password', { exact: true }).all()) await expect(field).toBeHidden();
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign in' });
    await signIn.click();
    // By its name: the demo's Google One Tap card is a dialog too, and shows a moment after the start.
    const dialog = page.getByRole('dialog', { name: 'Sign in', exact: true });
    await expect(dialog.getByLabel('E-mail', { exact: true })).toBeFocused();
    // Modal: the rest of the page is inert, and Escape closes it.
    await expect(page.locator('dialog:modal')).toHaveCount(1);
    await dialog.getByLabel('E-mail', { exact: true }).fill('typed@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('typed-password');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(signIn).toBeFocused();
    // Opened again: a new form, with nothing of what was typed the last time.
    await signIn.click();
    await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue('');
    await expect(dialog.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.locator('dialog:modal')).toHaveCount(1);
  });

  test('reset the password with an e-mailed code, then sign in with the new one', async ({ page, openApp }) => {
    await openApp(page);
    const email = uniqueEmail();
    const signUpCode = await signUp(page, email);
    await signOut(page, email);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = loginDialog(page);
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(dialog.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    // The mailbox toast for this address still shows the sign-up code until the new one arrives.
    const code = await readMailboxCode(page, { differentFrom: signUpCode });
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByLabel('New password').fill('new-password-42');
    await dialog.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password changed. Sign in with your new password.')).toBeVisible();

    await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await dialog.getByLabel('Password', { exact: true }).fill('new-password-42');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expectSignedIn(page, email);
  });
});

test.describe('bot check', () => {
  test('a +botcheck address is verified, then the same login is retried and signs in', async ({ page, openApp }) => {
    await openApp(page);
    const email = uniqueEmail('+botcheck');
    // Sign-up itself is checked too.
    await fillSignUp(page, email);
    const dialog = loginDialog(page);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'I am human' }).check();
    await expectSignedIn(page, email);
    await signOut(page, email);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByLabel('E-mail', { exact: true }).fill(email);
    await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible();

    // A failure the check retries by itself keeps it on screen, with no button to press; a fresh check follows.
    await dialog.getByRole('button', { name: 'Fail, then retry by itself' }).click();
    await expect(dialog.getByText('The check ran into a problem and is trying again by itself.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Try the check again' })).toHaveCount(0);
    await expect(dialog.getByRole('checkbox', { name: 'I am human' })).toBeEnabled();

    // A failed check offers another try; an empty token is refused without a retry.
    await dialog.getByRole('button', { name: 'Fail the check' }).click();
    await expect(dialog.getByText('The check did not pass. Try it again.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Try the check again' }).click();
    await dialog.getByRole('button', { name: 'Pass with an empty token' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible();

    await dialog.getByRole('checkbox', { name: 'I am human' }).check();
    await expectSignedIn(page, email);
  });
});
