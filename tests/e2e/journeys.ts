import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { openApp, readMailboxCode } from './fixtures';

/** A fresh e-mail per test, so parallel tests never share an account. */
export function uniqueEmail(tag = ''): string {
  return `qa${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
}

export const PASSWORD = 'correct-horse-9';

export function loginDialog(page: Page) {
  return page.getByRole('dialog');
}

/** Opens the sign-up form, requests a code and fills the form; does not submit. Returns the e-mailed code. */
export async function fillSignUp(page: Page, email: string): Promise<string> {
  await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
  const dialog = loginDialog(page);
  await expect(dialog.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await dialog.getByLabel('E-mail', { exact: true }).fill(email);
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const code = await readMailboxCode(page);
  await expect(dialog.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  return code;
}

/** The header shows the account menu once signed in. */
export async function expectSignedIn(page: Page, email: string) {
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
}

export async function expectSignedOut(page: Page) {
  await expect(page.getByRole('banner').getByRole('button', { name: 'Sign in' })).toBeVisible();
}

export async function signOut(page: Page, email: string) {
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectSignedOut(page);
}

/** Signs up a fresh account through the UI (no bot check) and leaves it signed in. Returns the code it used. */
export async function signUp(page: Page, email: string): Promise<string> {
  const code = await fillSignUp(page, email);
  await loginDialog(page).getByRole('button', { name: 'Create account' }).click();
  await expectSignedIn(page, email);
  return code;
}

/** Waits for the welcome a new account lands on, with its loads done. */
async function expectWelcome(page: Page): Promise<void> {
  // A new account lands on its welcome; its loads are done before the test goes on (a fault injected from the demo
  // controls afterwards is then met by the call the test means, not by one of the welcome's).
  await expect(page).toHaveURL(/\/dashboard\?welcome$/);
  await expect(page.getByRole('heading', { name: 'Welcome aboard: your API key is ready' })).toBeVisible();
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/** Where a new account lands after its sign-up. */
const WELCOME_PATH = '/dashboard?welcome';

/** A browser's storage right after a sign-up through the UI: the demo's database (localStorage) and the session cookie. */
interface SignedUpState {
  email: string;
  storage: Awaited<ReturnType<BrowserContext['storageState']>>;
}

// One sign-up per worker process and tag; every test then starts from its own copy of that storage.
const signedUpStates = new Map<string, Promise<SignedUpState>>();

/**
 * Opens the landing page and signs up a fresh account there through the UI, left signed in on its welcome (with what
 * the sign-up leaves on the page, such as the mailbox toast). Returns its e-mail.
 */
export async function signUpThroughUi(page: Page, tag = ''): Promise<string> {
  await openApp(page);
  const email = uniqueEmail(tag);
  await signUp(page, email);
  await expectWelcome(page);
  return email;
}

async function signUpInOwnContext(browser: Browser, tag: string): Promise<SignedUpState> {
  const { baseURL, viewport, reducedMotion } = test.info().project.use;
  const context = await browser.newContext({ baseURL, viewport, reducedMotion });
  try {
    const email = await signUpThroughUi(await context.newPage(), tag);
    return { email, storage: await context.storageState() };
  } finally {
    await context.close();
  }
}

/**
 * Starts the test signed in to a new account, on the welcome the account lands on, or on `path` with its loads done;
 * returns its e-mail. The account is signed up through the UI once per worker (the sign-up journeys are tested in
 * auth.spec.ts and welcome.spec.ts): the demo keeps its whole database in localStorage and the session in a cookie, so
 * each test gets a fresh copy of that storage in its own browser context, as independent as a sign-up of its own and
 * seconds quicker. A test that works on another page passes it as `path`, so the app boots once, straight there.
 */
export async function openWithNewAccount(page: Page, tag = '', path = WELCOME_PATH): Promise<string> {
  const context = page.context();
  const browser = context.browser();
  if (!browser) throw new Error('openWithNewAccount needs a page of a launched browser');
  let state = signedUpStates.get(tag);
  if (!state) {
    state = signUpInOwnContext(browser, tag);
    signedUpStates.set(tag, state);
    // A failed sign-up fails this test; the next test of the worker tries again.
    state.catch(() => signedUpStates.delete(tag));
  }
  const { email, storage } = await state;
  await context.addCookies(storage.cookies);
  // A file of the same origin that starts no app, so the storage is in place before the app reads it.
  await page.goto('/robots.txt');
  const origin = new URL(page.url()).origin;
  const items = storage.origins.find((entry) => entry.origin === origin)?.localStorage ?? [];
  await page.evaluate((entries) => {
    for (const { name, value } of entries) localStorage.setItem(name, value);
  }, items);
  await openApp(page, path);
  await expectSignedIn(page, email);
  if (path === WELCOME_PATH) await expectWelcome(page);
  // Its loads done, as on the welcome: a fault the test arms next meets the call the test means.
  else await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  return email;
}

/** The balance the header shows (the account menu repeats it inside its closed popover). */
export function headerBalance(page: Page, credits: string) {
  return page
    .getByRole('banner')
    .getByTitle('Credit balance')
    .filter({ hasText: `${credits} credits` });
}
