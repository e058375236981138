import type { Locator, Page } from '@playwright/test';
import { test, expect, clickClosingWindow, openDemoControls } from './fixtures';
import { expectNoAxeViolations } from './axe';
import { fillSignUp, loginDialog, openWithNewAccount, uniqueEmail } from './journeys';
import { expectGenerationSettled, installTaskClock } from './taskClock';

// A full page load (to a stand-alone demo page or back to the app) boots before it shows anything.
const PAGE_LOAD_TIMEOUT = 15_000;
// The explorer lays out its first chart with a library it loads then; a busy CI machine takes a moment.
const CHART_TIMEOUT = 20_000;

// A modal <dialog> makes the page behind it inert, and that page had its own check: only the dialog is new.
const IN_MODAL = { include: 'dialog[open]' };
// A payment's states change only the billing page's buy panel, or its orders (the whole page had its own check).
const IN_BUY_PANEL = { include: 'section[aria-labelledby="buy-title"]' };
const IN_ORDERS = { include: 'section[aria-labelledby="orders-title"]' };

function generationForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Generation settings' });
}
function buyPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Buy credits' });
}
function payButton(page: Page, provider: string): Locator {
  return buyPanel(page).getByRole('button', { name: new RegExp(`^Pay \\$[\\d,.]+ with ${provider}$`) });
}

/** Runs a demo control, then folds the panel away so it covers nothing the next check looks at. */
async function withDemoControls(page: Page, arm: (controls: Locator) => Promise<void>) {
  const controls = await openDemoControls(page);
  await arm(controls);
  await controls.getByRole('button', { name: 'Collapse demo controls' }).click();
}

/** The app follows the system theme, light here: each check starts from it (and switches to dark and back itself). */
async function expectLightTheme(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
}

async function openPage(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
}

// Each state of a journey is reached once and checked in both themes (see ./axe.ts).
test.describe('axe, light and dark themes', () => {
  // The system theme decides (the theme machine follows it); motion is off so nothing is checked mid-fade.
  test.use({ colorScheme: 'light', reducedMotion: 'reduce' });
  // Each test walks a whole area, signing up once for all of it, and checks every state in both themes.
  test.describe.configure({ timeout: 120_000 });

  // Each test starts where its first state is (a test that is not about signing up starts from a copied
  // account, see openWithNewAccount); the tests are cut so that two workers share them about evenly.

  test('public pages: the landing page with its One Tap card, get started, the API reference, the 404 page, the playground signed out', async ({
    page,
    openApp,
  }) => {
    await openApp(page);
    await expectLightTheme(page);
    // The landing page, with the One Tap card a signed-out visitor gets.
    const oneTap = page.getByRole('dialog', { name: 'Sign in with Google' });
    await expect(oneTap).toBeVisible();
    // Both pages load their code after the app's frame: axe waits for what a visitor waits for, the heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Image generation for your product, one API call away' })).toBeVisible({
      timeout: PAGE_LOAD_TIMEOUT,
    });
    for (const summary of await page.getByRole('main').locator('summary').all()) await summary.click();
    await expectNoAxeViolations(page, 'landing page, One Tap card');
    await oneTap.getByRole('button', { name: 'Close' }).click();

    await openPage(page, '/get-started', 'Your first image in five steps');
    for (const summary of await page.getByRole('main').locator('summary').all()) await summary.click();
    await expectNoAxeViolations(page, 'get started');

    await openPage(page, '/docs', 'API reference');
    await expectNoAxeViolations(page, 'API reference');

    await openApp(page, '/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expectNoAxeViolations(page, '404 page');

    await openApp(page, '/playground/flux');
    await expect(generationForm(page)).toBeVisible();
    await expectNoAxeViolations(page, 'playground, signed out');
  });

  test('the sign-in modal in every view, the social pickers, the bot check, the account menu and the demo controls', async ({ page, openApp }) => {
    // The signed-out playground (checked above) behind the modal; the One Tap card closed, as a visitor would.
    await openApp(page, '/playground/flux');
    await expectLightTheme(page);
    const oneTap = page.getByRole('dialog', { name: 'Sign in with Google' });
    await expect(oneTap).toBeVisible();
    await oneTap.getByRole('button', { name: 'Close' }).click();
    await expect(oneTap).toBeHidden();

    // The login modal's views.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    const dialog = loginDialog(page);
    // The One Tap card is a dialog too (not a modal one): the login modal is the open <dialog>.
    const openModal = page.locator('dialog[open]');
    await expect(dialog.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolations(page, 'login modal: sign in', IN_MODAL);
    await dialog.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(dialog.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expectNoAxeViolations(page, 'login modal: reset password', IN_MODAL);
    await page.keyboard.press('Escape');
    await expect(openModal).toBeHidden();

    // Google's account chooser and Microsoft's picker (demo stand-ins), from the sign-in view.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const chooser = page.getByRole('dialog', { name: 'Choose an account' });
    await expect(chooser).toBeVisible();
    await expectNoAxeViolations(page, 'Google account chooser', IN_MODAL);
    await chooser.getByRole('button', { name: 'Use another account' }).click();
    await expect(chooser.getByLabel('E-mail')).toBeVisible();
    await expectNoAxeViolations(page, 'Google account chooser: another account', IN_MODAL);
    await page.keyboard.press('Escape');
    await expect(chooser).toBeHidden();
    await page.getByRole('button', { name: 'Continue with Microsoft' }).click();
    const picker = page.getByRole('dialog', { name: 'Pick an account' });
    await expect(picker).toBeVisible();
    await expectNoAxeViolations(page, 'Microsoft account picker', IN_MODAL);
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await expect(picker).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(openModal).toBeHidden();

    // Create account, then the bot check a +botcheck address gets.
    await fillSignUp(page, uniqueEmail('+botcheck'));
    await expectNoAxeViolations(page, 'login modal: create account', IN_MODAL);
    await dialog.getByRole('button', { name: 'Create account' }).click();
    await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible();
    await expectNoAxeViolations(page, 'login modal: bot check', IN_MODAL);
    await dialog.getByRole('checkbox', { name: 'I am human' }).check();
    await expect(openModal).toBeHidden();

    // Signed in: the account menu and the demo controls.
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expectNoAxeViolations(page, 'account menu', { include: '#account-menu' });
    await page.keyboard.press('Escape');
    await openDemoControls(page);
    await expectNoAxeViolations(page, 'demo controls');
  });

  test('the statechart explorer, the signed-out dashboard, history and Discord pages, and the login modal with errors', async ({ page }) => {
    // The explorer, with a machine chosen (a simulation, so its event payloads and settle controls show) and its chart drawn.
    await openPage(page, '/__machines?machine=generation', 'Statechart explorer');
    await expectLightTheme(page);
    await expect(page.getByRole('heading', { level: 2, name: /^generation\b/ })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Statechart of generation:/ })).toBeVisible({ timeout: CHART_TIMEOUT });
    // Its text version open too, so its nested lists are checked.
    await page.getByText(/States and transitions as text/).click();
    await expect(page.getByText(/^idle \(.*initial/)).toBeVisible();
    await expectNoAxeViolations(page, 'statechart explorer: generation');

    // Pages with an account's data, signed out: each opens the sign-in; closed, the page asks to sign in where its data would be.
    const modal = page.locator('dialog[open]');
    for (const [path, heading, prompt] of [
      ['/dashboard', 'Overview', 'Sign in to see your dashboard.'],
      ['/recent-history', 'History', 'Sign in to see your generations.'],
    ] as const) {
      await openPage(page, path, heading);
      await expect(modal.getByRole('heading', { name: 'Sign in' }), path).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(modal, path).toHaveCount(0);
      await expect(page.getByRole('main').getByText(prompt), path).toBeVisible();
      await expectNoAxeViolations(page, `${path}, signed out`);
    }
    // The public Discord page, signed out, is read uninterrupted: its panel asks to sign in.
    await openPage(page, '/join-discord', 'Join the Nano Banana API community on Discord');
    await expect(page.getByRole('main').getByText('Sign in to connect your Discord account.')).toBeVisible();
    await expectNoAxeViolations(page, '/join-discord, signed out');
    await expect(modal).toHaveCount(0);

    // The sign-in form refusing what was typed: an address that is not one, and no password.
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await modal.getByLabel('E-mail', { exact: true }).fill('not-an-email');
    await modal.getByRole('button', { name: 'Sign in' }).click();
    await expect(modal.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await expect(modal.getByText('Enter your password.')).toBeVisible();
    await expect(modal.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'login modal: sign in with invalid fields', IN_MODAL);
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);

    // Create account with a wrong code: the server refuses it and the modal says so.
    const code = await fillSignUp(page, uniqueEmail());
    await modal.getByLabel('Verification code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    await modal.getByRole('button', { name: 'Create account' }).click();
    await expect(modal.getByText('The verification code is incorrect.')).toBeVisible();
    await expectNoAxeViolations(page, 'login modal: create account with a wrong code', IN_MODAL);
  });

  test('playground in every state, the result page, history and its details dialog', async ({ page, context }) => {
    await installTaskClock(page);
    await openWithNewAccount(page, '', '/playground/flux');
    await expectLightTheme(page);
    await expect(page.getByRole('heading', { level: 1, name: /./ })).toBeVisible();
    const form = generationForm(page);
    await form.getByLabel('Prompt').fill('A lighthouse made of glass on a stormy coast');
    await expectNoAxeViolations(page, 'playground: idle');

    await form.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect(page.getByRole('status').getByText(/Generating 1 image/)).toBeVisible();
    await expectNoAxeViolations(page, 'playground: running');
    const results = page.getByRole('region', { name: '1 image ready' });
    await expectGenerationSettled(page, results);
    await expect(results.getByRole('img')).toBeVisible();
    await expectNoAxeViolations(page, 'playground: succeeded');

    const [tab] = await Promise.all([context.waitForEvent('page'), results.getByRole('link', { name: 'Open', exact: true }).click()]);
    await expect(tab.getByRole('img', { name: 'Generated image' })).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expectNoAxeViolations(tab, 'demo result page');
    await tab.close();

    await withDemoControls(page, (controls) => controls.getByLabel('Generation failure rate (%)').fill('100'));
    await form.getByRole('button', { name: 'Generate', exact: true }).click();
    const failure = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The model could not make these images' }) });
    await expectGenerationSettled(page, failure);
    await expectNoAxeViolations(page, 'playground: failed');

    await page.getByRole('banner').getByRole('link', { name: 'History' }).click();
    await expect(page.getByRole('row', { name: /A lighthouse made of glass/ })).toHaveCount(2);
    await expectNoAxeViolations(page, 'history with records');
    await page
      .getByRole('button', { name: /^Details/ })
      .first()
      .click();
    const details = page.getByRole('dialog', { name: 'Generation details' });
    await expect(details).toBeVisible();
    await expectNoAxeViolations(page, 'history details dialog', IN_MODAL);
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();

    // The gallery, a selection ready to download, and the lightbox.
    await page.getByRole('group', { name: 'View' }).getByRole('radio', { name: 'Gallery' }).check();
    const gallery = page.getByRole('list', { name: 'Gallery' });
    await expect(gallery.getByRole('button', { name: /^Open image 1 of 1 from / })).toBeVisible();
    await gallery.getByRole('checkbox').first().check();
    await expect(page.getByRole('region', { name: 'Download as ZIP' })).toContainText('1 generation selected');
    await expectNoAxeViolations(page, 'history gallery with a selection');
    await gallery.getByRole('button', { name: /^Open image 1 of 1 from / }).click();
    await expect(page.getByRole('dialog', { name: 'Image 1 of 1' })).toBeVisible();
    await expectNoAxeViolations(page, 'history lightbox', IN_MODAL);
  });

  test('dashboard with sample usage, API keys and every key dialog, settings', async ({ page }) => {
    await openWithNewAccount(page);
    await expectLightTheme(page);
    await withDemoControls(page, async (controls) => {
      await controls.getByRole('button', { name: 'Fill 90 days of sample usage' }).click();
      await expect(controls.getByText(/^Added \d+ usage records/)).toBeVisible();
    });
    await openPage(page, '/dashboard', 'Overview');
    await expect(page.getByRole('region', { name: 'Usage' }).getByRole('img', { name: /Bar chart/ })).toBeVisible();
    await page.getByRole('region', { name: 'Usage' }).getByText('Show the numbers').click();
    await expectNoAxeViolations(page, 'dashboard overview with usage');

    await openPage(page, '/dashboard/api-keys', 'API keys');
    await expect(page.getByRole('table').getByText('Primary')).toBeVisible();
    await expectNoAxeViolations(page, 'API keys');
    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByLabel('Key name')).toBeVisible();
    await expectNoAxeViolations(page, 'API key dialog: create', IN_MODAL);
    await dialog.getByLabel('Key name').fill('staging server');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    await expect(dialog.getByLabel('New API key')).toHaveText(/^nb_/);
    await expectNoAxeViolations(page, 'API key dialog: created', IN_MODAL);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Rename key staging server' }).click();
    await expect(dialog.getByLabel('Key name')).toBeVisible();
    await expectNoAxeViolations(page, 'API key dialog: rename', IN_MODAL);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete key staging server' }).click();
    await expect(dialog.getByRole('button', { name: 'Delete key' })).toBeVisible();
    await expectNoAxeViolations(page, 'API key dialog: delete', IN_MODAL);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Reset key / }).click();
    await expect(dialog.getByRole('button', { name: 'Reset key' })).toBeVisible();
    await expectNoAxeViolations(page, 'API key dialog: reset', IN_MODAL);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await openPage(page, '/dashboard/settings', 'Settings');
    await expectNoAxeViolations(page, 'settings');
  });

  test('billing: the page, a redirect checkout, WeChat Pay, PayPal, the invoice form and the early-renewal modal', async ({ page }) => {
    await openWithNewAccount(page, '', '/dashboard/billing');
    await expectLightTheme(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
    await expectNoAxeViolations(page, 'billing');

    // A redirect provider's demo checkout page, paid.
    await buyPanel(page).getByRole('radio', { name: 'Creem', exact: true }).check();
    await payButton(page, 'Creem').click();
    await expect(page.getByText('Demo checkout — no money moves')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expectNoAxeViolations(page, 'demo checkout page');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(buyPanel(page).getByText(/^Paid\./)).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expectNoAxeViolations(page, 'billing: paid', IN_BUY_PANEL);

    // WeChat Pay's QR code.
    await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
    await buyPanel(page).getByRole('radio', { name: 'WeChat Pay', exact: true }).check();
    await payButton(page, 'WeChat Pay').click();
    await expect(buyPanel(page).getByRole('img', { name: 'WeChat Pay QR code' })).toBeVisible();
    await expectNoAxeViolations(page, 'billing: WeChat Pay QR code', IN_BUY_PANEL);
    // The demo scan page (what the buyer's phone shows), opened from the QR code.
    const [scanPage] = await Promise.all([page.waitForEvent('popup'), buyPanel(page).getByRole('link', { name: 'Open the demo scan page' }).click()]);
    await expect(scanPage.getByRole('button', { name: 'Confirm payment in WeChat (demo)' })).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expectNoAxeViolations(scanPage, 'WeChat Pay demo scan page');
    await scanPage.close();
    await buyPanel(page).getByRole('button', { name: 'Cancel payment' }).click();
    await expect(buyPanel(page).getByText('Payment cancelled. Nothing was charged.')).toBeVisible();

    // PayPal's window (the demo checkout page as a popup).
    await buyPanel(page).getByRole('button', { name: 'Choose again' }).click();
    await buyPanel(page).getByRole('radio', { name: 'PayPal', exact: true }).check();
    const [popup] = await Promise.all([page.waitForEvent('popup'), payButton(page, 'PayPal').click()]);
    await expect(popup.getByRole('button', { name: 'Approve' })).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expectNoAxeViolations(popup, 'PayPal window');
    await expectNoAxeViolations(page, 'billing: waiting for PayPal', IN_BUY_PANEL);
    await clickClosingWindow(popup, 'Approve');
    await expect(buyPanel(page).getByText(/^Paid\./)).toBeVisible();

    // The invoice form, for the paid orders.
    const orders = page.getByRole('region', { name: 'Orders' });
    await orders
      .getByRole('checkbox', { name: /^Select order .* for an invoice$/ })
      .first()
      .check();
    const invoice = orders.getByRole('form', { name: 'Invoice details' });
    await invoice.getByRole('button', { name: 'Apply for invoice' }).click();
    await expect(invoice.getByText('Enter your full name.')).toBeVisible();
    // The orders, now with paid ones, and the invoice form inside them.
    await expectNoAxeViolations(page, 'billing: paid orders, the invoice form with errors', IN_ORDERS);

    // The confirmation before a charge to the saved PayPal method (read when the page opens).
    await page.reload();
    await buyPanel(page)
      .getByRole('button', { name: /^Pay \$[\d,.]+ with your saved PayPal/ })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your payment' });
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, 'billing: confirming a saved-method charge', IN_MODAL);
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();

    // The early-renewal offer.
    await withDemoControls(page, async (controls) => {
      await controls.getByRole('button', { name: 'End the plan in 3 days' }).click();
      await expect(controls.getByText(/now ends in 3 days/)).toBeVisible();
    });
    await openPage(page, '/dashboard', 'Overview');
    const renewal = page.getByRole('dialog', { name: 'Your plan ends soon' });
    await expect(renewal).toBeVisible();
    await expectNoAxeViolations(page, 'early-renewal modal', IN_MODAL);
    await renewal.getByRole('button', { name: /^Renew / }).click();
    await expect(renewal.getByRole('radio', { name: 'PayPal', exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'early-renewal modal: payment', IN_MODAL);
  });

  test('an empty history; join Discord: connect, the demo consent page, connected', async ({ page }) => {
    await openWithNewAccount(page, '', '/recent-history');
    await expectLightTheme(page);
    // A new account has made nothing yet: the history says so and points to the playground.
    await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
    await expect(page.getByText('No generations yet.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Make your first images in the playground' })).toBeVisible();
    await expectNoAxeViolations(page, 'history, empty');

    await openPage(page, '/join-discord', 'Join the Nano Banana API community on Discord');
    const connection = page.getByRole('region', { name: 'Your Discord connection' });
    await expect(connection.getByRole('button', { name: 'Connect Discord' })).toBeVisible();
    await expectNoAxeViolations(page, 'join Discord: connect');
    await connection.getByRole('button', { name: 'Connect Discord' }).click();
    await expect(page.getByText('Demo Discord — nothing leaves your browser')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expectNoAxeViolations(page, 'demo Discord consent page');
    await page.getByRole('button', { name: 'Authorize' }).click();
    await expect(connection.getByText('Connected as banana_dev')).toBeVisible({ timeout: PAGE_LOAD_TIMEOUT });
    await expectNoAxeViolations(page, 'join Discord: connected');
  });
});
