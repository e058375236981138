import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, clickClosingWindow, openDemoControls } from './fixtures';
import { openWithNewAccount, headerBalance } from './journeys';

// The package these journeys buy: 5,000 credits + 250 bonus for $50.00; a new account starts with 100 credits.
const PACKAGE_CREDITS = '5,250';

function buyPanel(page: Page) {
  return page.getByRole('region', { name: 'Buy credits' });
}
function ordersPanel(page: Page) {
  return page.getByRole('region', { name: 'Orders' });
}
function payButton(page: Page, provider: string) {
  return buyPanel(page).getByRole('button', { name: new RegExp(`^Pay \\$[\\d,.]+ with ${provider}$`) });
}
function orderRows(page: Page) {
  return ordersPanel(page).getByRole('table').locator('tbody tr');
}

function packageRadio(page: Page, credits: string) {
  return buyPanel(page).getByRole('radio', { name: new RegExp(`^${credits} credits`) });
}

/**
 * A new account's billing page with a method chosen and the $50.00 package (the page itself starts from the
 * smallest). Returns the account's e-mail.
 */
async function openBilling(page: Page, provider: string): Promise<string> {
  const email = await openWithNewAccount(page, '', '/dashboard/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await buyPanel(page).getByRole('radio', { name: provider, exact: true }).check();
  await packageRadio(page, '5,000').check();
  return email;
}

async function expectPaid(page: Page, balance: string) {
  await expect(buyPanel(page).getByText(`Paid. ${PACKAGE_CREDITS} credits were added to your balance.`)).toBeVisible();
  await expect(headerBalance(page, balance)).toBeVisible();
}

// The redirect providers share one flow and one way back (paymentReturnUrls): Creem walks every outcome,
// the others show that each one's own checkout takes a payment and returns paid.
test("Creem: a paid, a cancelled and a failed payment, each back from the provider's page", async ({ page }) => {
  const provider = 'Creem';
  await openBilling(page, provider);

  await payButton(page, provider).click();
  await expect(page.getByRole('heading', { name: provider })).toBeVisible();
  await expect(page.getByText('Demo checkout — no money moves')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expectPaid(page, '5,350');
  await expect(orderRows(page)).toHaveCount(1);
  await expect(orderRows(page).first()).toContainText('Paid');

  await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
  await payButton(page, provider).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(buyPanel(page).getByText('Payment cancelled. Nothing was charged.')).toBeVisible();

  await buyPanel(page).getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('button', { name: 'Fail the payment' }).click();
  await expect(buyPanel(page).getByText(/^The payment did not go through/)).toBeVisible();
  await expect(headerBalance(page, '5,350')).toBeVisible();
  await expect(orderRows(page)).toHaveCount(3);
  await expect(orderRows(page).locator('td:nth-child(7)')).toHaveText(['Failed', 'Cancelled', 'Paid']);
});

test('NOWPayments, Freekassa and Digiseller: each one’s checkout page takes a payment and returns paid', async ({ page }) => {
  const balances = ['5,350', '10,600', '15,850'];
  for (const [index, provider] of ['NOWPayments', 'Freekassa', 'Digiseller'].entries()) {
    if (index === 0) await openBilling(page, provider);
    else {
      await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
      await buyPanel(page).getByRole('radio', { name: provider, exact: true }).check();
    }
    await payButton(page, provider).click();
    await expect(page.getByRole('heading', { name: provider })).toBeVisible();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/billing$/);
    await expectPaid(page, balances[index] ?? '');
    await expect(orderRows(page), provider).toHaveCount(index + 1);
    await expect(orderRows(page).first(), provider).toContainText(provider);
  }
});

test('NOWPayments: a payment left waiting for its confirmations is told on the playground once the demo controls confirm it', async ({ page }) => {
  await openBilling(page, 'NOWPayments');
  await payButton(page, 'NOWPayments').click();
  await expect(page.getByRole('heading', { name: 'NOWPayments' })).toBeVisible();
  await page.getByRole('button', { name: 'Send the crypto, confirmations pending' }).click();

  // Back on Billing: the payment waits for the blockchain, and the buyer may go.
  await expect(
    buyPanel(page).getByText('If you sent the crypto, NOWPayments is waiting for it to be confirmed on the blockchain', { exact: false }),
  ).toBeVisible();
  await buyPanel(page).getByRole('button', { name: 'Continue without waiting' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Playground' }).click();
  await expect(page).toHaveURL(/\/playground\//);

  // The blockchain confirms it (the demo controls stand in for it): the playground says so, with the new balance.
  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: 'Confirm the crypto payments sent' }).click();
  await expect(controls.getByText(/confirmed: 1\./)).toBeVisible();
  // The watch's next check: 15 s after it started, then 22.5 s later.
  await expect(page.getByText(`Payment received: ${PACKAGE_CREDITS} credits are in your balance.`)).toBeVisible({ timeout: 45_000 });
  await expect(headerBalance(page, '5,350')).toBeVisible();
  await expect(page).toHaveURL(/\/playground\//);
});

test('NOWPayments: an invoice left without paying is waited on with an "if", and "I did not pay" keeps it off Billing for good', async ({ page }) => {
  await openBilling(page, 'NOWPayments');
  await payButton(page, 'NOWPayments').click();
  await expect(page.getByRole('heading', { name: 'NOWPayments' })).toBeVisible();
  await page.getByRole('button', { name: 'Leave without paying' }).click();

  // The API says only that the order is pending: the page does not claim a payment was sent.
  await expect(
    buyPanel(page).getByText('If you sent the crypto, NOWPayments is waiting for it to be confirmed on the blockchain', { exact: false }),
  ).toBeVisible();
  await buyPanel(page).getByRole('button', { name: 'I did not pay' }).click();
  await expect(payButton(page, 'NOWPayments')).toBeVisible();

  // Billing opened again (the demo never settles the order): the packages, not the wait.
  await page.reload();
  await expect(
    buyPanel(page)
      .getByRole('button', { name: /^Pay \$[\d,.]+ with / })
      .first(),
  ).toBeVisible();
  await expect(buyPanel(page).getByText('If you sent the crypto', { exact: false })).toHaveCount(0);
});

test('PayPal: a double click opens one popup and makes one order; approved, cancelled and declined', async ({ page }) => {
  await openBilling(page, 'PayPal');

  let popups = 0;
  page.on('popup', () => (popups += 1));
  const firstPopup = page.waitForEvent('popup');
  await payButton(page, 'PayPal').dblclick();
  const popup = await firstPopup;
  await clickClosingWindow(popup, 'Approve');
  await expectPaid(page, '5,350');
  expect(popups).toBe(1);
  await expect(orderRows(page)).toHaveCount(1);

  await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
  const cancelPopup = page.waitForEvent('popup');
  await payButton(page, 'PayPal').click();
  await clickClosingWindow(await cancelPopup, 'Cancel');
  await expect(buyPanel(page).getByText('Payment cancelled. Nothing was charged.')).toBeVisible();

  const declinePopup = page.waitForEvent('popup');
  await buyPanel(page).getByRole('button', { name: 'Try again' }).click();
  await clickClosingWindow(await declinePopup, 'Decline the card');
  await expect(buyPanel(page).getByText(/The card was declined/)).toBeVisible();
  await expect(headerBalance(page, '5,350')).toBeVisible();
});

test('WeChat Pay: the QR is paid from the scan page, cancelled, and declined', async ({ page }) => {
  await openBilling(page, 'WeChat Pay');

  await payButton(page, 'WeChat Pay').click();
  await expect(buyPanel(page).getByRole('img', { name: 'WeChat Pay QR code' })).toBeVisible();
  const scanPage = page.waitForEvent('popup');
  await buyPanel(page).getByRole('link', { name: 'Open the demo scan page' }).click();
  const phone = await scanPage;
  await phone.getByRole('button', { name: 'Confirm payment in WeChat (demo)' }).click();
  await expect(phone.getByText('Paid — you can close this page.')).toBeVisible();
  await phone.close();
  // The app polls the order and sees it paid.
  await expectPaid(page, '5,350');

  await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
  await payButton(page, 'WeChat Pay').click();
  await buyPanel(page).getByRole('button', { name: 'Cancel payment' }).click();
  await expect(buyPanel(page).getByText('Payment cancelled. Nothing was charged.')).toBeVisible();

  await buyPanel(page).getByRole('button', { name: 'Try again' }).click();
  const declinePage = page.waitForEvent('popup');
  await buyPanel(page).getByRole('link', { name: 'Open the demo scan page' }).click();
  await (await declinePage).getByRole('button', { name: 'Decline the payment' }).click();
  await expect(buyPanel(page).getByText(/^The payment did not go through/)).toBeVisible();
});

test('a reload in the middle of a redirect payment picks the order up again and completes it', async ({ page, context }) => {
  await openBilling(page, 'Creem');
  await payButton(page, 'Creem').click();
  await expect(page.getByText('Demo checkout — no money moves')).toBeVisible();
  const checkoutUrl = page.url();

  // Back without paying: the app keeps asking; a reload keeps asking about the same order.
  await page.getByRole('button', { name: 'Leave without paying' }).click();
  await expect(buyPanel(page).getByText('Confirming your payment with Creem…')).toBeVisible();
  await page.reload();
  await expect(buyPanel(page).getByText('Confirming your payment with Creem…')).toBeVisible();

  // The buyer pays the same order from another tab; this one sees it paid.
  const other = await context.newPage();
  await other.goto(checkoutUrl);
  await other.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectPaid(page, '5,350');
  await expect(orderRows(page)).toHaveCount(1);
});

/** The invoice's text as the downloaded file holds it. */
async function invoiceText(page: Page, download: Promise<Download>): Promise<string> {
  const file = await (await download).path();
  const html = await readFile(file, 'utf8');
  const viewer = await page.context().newPage();
  await viewer.setContent(html);
  const text = await viewer.locator('body').innerText();
  await viewer.close();
  return text;
}

test('a business invoice for two paid orders, with its tax ID and the state from the ZIP code: seller, method, paid and package named', async ({
  page,
}) => {
  await openBilling(page, 'Creem');
  for (const balance of ['5,350', '10,600']) {
    await payButton(page, 'Creem').click();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expectPaid(page, balance);
    await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
  }
  const orders = ordersPanel(page);
  await expect(orderRows(page)).toHaveCount(2);
  for (const box of await orders.getByRole('checkbox', { name: /^Select order .* for an invoice$/ }).all()) await box.check();

  const form = orders.getByRole('form', { name: 'Invoice details' });
  await expect(form.getByText(/^One invoice for 2 orders, \$100\.00 in all\.$/)).toBeVisible();
  await form.getByRole('radio', { name: 'A business' }).check();
  await expect(form.getByText('A business needs its registered name, its tax ID (VAT, EIN…), a billing e-mail and its address.')).toBeVisible();
  await form.getByRole('button', { name: 'Apply for invoice' }).click();
  await expect(form.getByText("Enter the company's registered name.")).toBeVisible();
  await expect(form.getByText("A business invoice needs the company's tax ID (VAT, EIN…).")).toBeVisible();
  await form.getByLabel('Company name').fill('Acme Robotics Inc.');
  await form.getByLabel('Tax ID', { exact: true }).fill('12-3456789');
  await form.getByLabel('Billing e-mail').fill('ap@acme.example');
  await form.getByLabel('Street address').fill('1 Market St');
  await form.getByLabel('City').fill('San Francisco');
  await form.getByLabel('ZIP code').fill('94105');
  await expect(form.getByLabel('State', { exact: true })).toHaveValue('CA');
  await form.getByRole('button', { name: 'Apply for invoice' }).click();
  await expect(page.getByText('Invoice issued. Download it from the order list.')).toBeVisible();

  const downloads = orders.getByRole('button', { name: /^Download the invoice for order / });
  await expect(downloads).toHaveCount(2);
  const download = page.waitForEvent('download');
  await downloads.first().click();
  expect((await download).suggestedFilename()).toMatch(/^invoice-NB\d+\.html$/);
  const text = await invoiceText(page, download);
  // The demo build sets no seller: the invoice says which settings supply each detail.
  expect(text).toContain("Seller's name not set (VITE_SELLER_NAME)");
  expect(text).toContain("Seller's tax ID not set (VITE_SELLER_TAX_ID)");
  expect(text).toContain('Acme Robotics Inc.');
  expect(text).toContain('Tax ID: 12-3456789');
  expect(text).toContain('Business customer');
  expect(text).toContain('Paid in full');
  expect(text).toContain('Paid with Creem.');
  expect(text.match(/Builder package, 5,250 credits\tCreem\tPaid/g)).toHaveLength(2);
  expect(text).not.toMatch(/\bbuilder\b/);
});

test('an individual gets an invoice without a tax ID', async ({ page }) => {
  const email = await openBilling(page, 'PayPal');
  await packageRadio(page, '1,000').check();
  const popup = page.waitForEvent('popup');
  await payButton(page, 'PayPal').click();
  await clickClosingWindow(await popup, 'Approve');
  await expect(buyPanel(page).getByText('Paid. 1,000 credits were added to your balance.')).toBeVisible();

  const orders = ordersPanel(page);
  await orders.getByRole('checkbox', { name: /^Select order .* for an invoice$/ }).check();
  const form = orders.getByRole('form', { name: 'Invoice details' });
  // An individual is the default, and the tax ID says it is optional.
  await expect(form.getByRole('radio', { name: 'An individual' })).toBeChecked();
  await expect(form.getByText('An individual needs a full name, an e-mail and an address; a tax ID is optional.')).toBeVisible();
  await form.getByLabel('Full name').fill('Jane Doe');
  await expect(form.getByLabel('Tax ID (optional)')).toHaveValue('');
  await form.getByLabel('Billing e-mail').fill(email);
  await form.getByLabel('Street address').fill('5 Rue de la Paix');
  await form.getByLabel('City').fill('Paris');
  await form.getByLabel('Country').selectOption('FR');
  await form.getByLabel('Postal code').fill('75002');
  await form.getByRole('button', { name: 'Apply for invoice' }).click();
  await expect(page.getByText('Invoice issued. Download it from the order list.')).toBeVisible();

  const download = page.waitForEvent('download');
  await orders.getByRole('button', { name: /^Download the invoice for order / }).click();
  const text = await invoiceText(page, download);
  expect(text).toContain('Jane Doe');
  expect(text).toContain('Individual customer');
  expect(text).not.toContain('Tax ID: ');
  expect(text).toContain('Starter package, 1,000 credits\tPayPal\tPaid');
  expect(text).toContain('Paid with PayPal.');
});

test('automatic top-up with a saved PayPal method is saved and shown after a reload', async ({ page }) => {
  const email = await openBilling(page, 'PayPal');
  const topUp = page.getByRole('region', { name: 'Automatic top-up' });
  await expect(topUp.getByTestId('topup-current')).toHaveText('Off: credits are bought only when you buy them.');

  // A first PayPal payment saves the method.
  const popup = page.waitForEvent('popup');
  await payButton(page, 'PayPal').click();
  await clickClosingWindow(await popup, 'Approve');
  await expectPaid(page, '5,350');
  await page.reload();

  await topUp.getByRole('switch', { name: 'Top up automatically' }).check();
  await topUp.getByLabel('When the balance falls under (credits)').fill('500');
  await topUp.getByLabel('Buy').selectOption({ label: '1,000 credits for $10.00' });
  await topUp.getByLabel('Pay with').selectOption({ label: `PayPal · ${email}` });
  await topUp.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Automatic top-up saved.')).toBeVisible();

  await page.reload();
  await expect(topUp.getByTestId('topup-current')).toHaveText(
    'On: when the balance falls under 500 credits, 1,000 credits are bought with your saved method.',
  );
  await expect(topUp.getByRole('switch', { name: 'Top up automatically' })).toBeChecked();

  // The saved method also pays without PayPal's window, once the buyer confirms the charge.
  let popups = 0;
  page.on('popup', () => (popups += 1));
  await buyPanel(page)
    .getByRole('button', { name: `Pay $50.00 with your saved PayPal · ${email}` })
    .click();
  await page.getByRole('dialog', { name: 'Confirm your payment' }).getByRole('button', { name: 'Pay $50.00 now' }).click();
  await expectPaid(page, '10,600');
  expect(popups).toBe(0);
});

test('a charge to a saved method asks first, naming the amount and the method: Escape and Cancel charge nothing, Confirm charges once', async ({
  page,
}) => {
  const email = await openBilling(page, 'PayPal');
  const popup = page.waitForEvent('popup');
  await payButton(page, 'PayPal').click();
  await clickClosingWindow(await popup, 'Approve');
  await expectPaid(page, '5,350');
  // The payment saved the method: offered at once, without a reload.
  await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
  await expect(orderRows(page)).toHaveCount(1);

  const savedMethod = buyPanel(page).getByRole('button', { name: `Pay $50.00 with your saved PayPal · ${email}` });
  const dialog = page.getByRole('dialog', { name: 'Confirm your payment' });
  // Escape backs out: no order, no charge, the pickers free again.
  await savedMethod.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Pay $50.00 with PayPal · ${email}?`)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pay $50.00 now' })).toBeVisible();
  // Focus moves among the dialog's own controls only (the page behind is inert while it is open).
  for (const key of ['Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    await expect(dialog.locator(':focus'), key).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(packageRadio(page, '5,000')).toBeEnabled();
  // Cancel backs out too.
  await savedMethod.click();
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await ordersPanel(page).getByRole('button', { name: 'Refresh' }).click();
  await expect(orderRows(page)).toHaveCount(1);
  await expect(headerBalance(page, '5,350')).toBeVisible();

  // Confirmed: one order, charged once, no PayPal window.
  let popups = 0;
  page.on('popup', () => (popups += 1));
  await savedMethod.click();
  await dialog.getByRole('button', { name: 'Pay $50.00 now' }).click();
  await expectPaid(page, '10,600');
  await expect(orderRows(page)).toHaveCount(2);
  expect(popups).toBe(0);
});

test('the page starts from the smallest package, then from the one this account bought last, after a reload too', async ({ page }) => {
  await openWithNewAccount(page, '', '/dashboard/billing');
  await expect(packageRadio(page, '1,000')).toBeChecked();
  await expect(payButton(page, 'PayPal')).toHaveAccessibleName('Pay $10.00 with PayPal');

  await buyPanel(page).getByRole('radio', { name: 'Creem', exact: true }).check();
  await packageRadio(page, '10,000').check();
  await payButton(page, 'Creem').click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(buyPanel(page).getByText('Paid. 11,000 credits were added to your balance.')).toBeVisible();
  await buyPanel(page).getByRole('button', { name: 'Buy more credits' }).click();
  await expect(packageRadio(page, '10,000')).toBeChecked();
  await page.reload();
  await expect(packageRadio(page, '10,000')).toBeChecked();
  await expect(payButton(page, 'PayPal')).toHaveAccessibleName('Pay $100.00 with PayPal');
});

test('after a payment the panel says what happens next and offers "Buy more credits" as its only control', async ({ page }) => {
  await openBilling(page, 'Creem');
  await payButton(page, 'Creem').click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectPaid(page, '5,350');
  await expect(buyPanel(page).getByText('Your balance is now 5,350 credits, ready to use in the playground and the API.')).toBeVisible();
  await expect(buyPanel(page).getByText('The order is listed under Orders below, where you can ask for its invoice.')).toBeVisible();
  // Nothing else in the panel can be used: no package, no method, no other button.
  const controls = buyPanel(page).locator('button:enabled, input:enabled, select:enabled, a[href]');
  await expect(controls).toHaveCount(1);
  await expect(controls).toHaveAccessibleName('Buy more credits');
  await controls.click();
  await expect(packageRadio(page, '5,000')).toBeChecked();
  await expect(packageRadio(page, '5,000')).toBeEnabled();
});

test('each payment method says what it takes', async ({ page }) => {
  await openWithNewAccount(page, '', '/dashboard/billing');
  const method = (name: string) => buyPanel(page).getByRole('radio', { name, exact: true });
  await expect(method('PayPal')).toHaveAccessibleDescription(/PayPal balance or a card/);
  await expect(method('Creem')).toHaveAccessibleDescription(/Credit or debit card/);
  await expect(method('NOWPayments')).toHaveAccessibleDescription(/^Cryptocurrency/);
  await expect(method('WeChat Pay')).toHaveAccessibleDescription(/QR code with the WeChat app/);
  await expect(method('Freekassa')).toHaveAccessibleDescription(/Russian bank cards \(Mir, Visa, Mastercard\), SBP/);
  await expect(method('Digiseller')).toHaveAccessibleDescription(/Russia and the CIS, SBP/);
});

test.describe('on a phone', () => {
  test('WeChat Pay offers the payment link and says the QR code must be scanned from another device', async ({ page }) => {
    // A phone's width, from the first page on.
    await page.setViewportSize({ width: 390, height: 844 });
    await openWithNewAccount(page, '', '/dashboard/billing');
    await buyPanel(page).getByRole('radio', { name: 'WeChat Pay', exact: true }).check();
    await payButton(page, 'WeChat Pay').click();
    await expect(buyPanel(page).getByRole('img', { name: 'WeChat Pay QR code' })).toBeVisible();
    await expect(buyPanel(page).getByText(/WeChat cannot scan a code shown on its own screen: scan it from another device/)).toBeVisible();
    const openInWechat = buyPanel(page).getByRole('link', { name: 'Open in WeChat' });
    // The demo's code is its scan page, which stands in for WeChat.
    await expect(openInWechat).toHaveAttribute('href', /\/demo-checkout\/wechat\?/);
    await openInWechat.click();
    await page.getByRole('button', { name: 'Confirm payment in WeChat (demo)' }).click();
    await expect(page.getByText('Paid — you can close this page.')).toBeVisible();
    await page.goBack();
    await expect(buyPanel(page).getByText('Paid. 1,000 credits were added to your balance.')).toBeVisible();
  });
});

test('payment methods come in the order the visitor’s country most likely wants', async ({ page, openDemoControls }) => {
  await openWithNewAccount(page);
  const controls = await openDemoControls(page);
  await controls.getByLabel('IP country').fill('CN');
  await page.goto('/dashboard/billing');
  const methods = buyPanel(page).getByRole('group', { name: 'Payment method' }).getByRole('radio');
  await expect(methods.first()).toHaveAccessibleName('WeChat Pay');
  await expect(methods.first()).toBeChecked();
  await expect(payButton(page, 'WeChat Pay')).toBeVisible();
});

test('early renewal is offered a week before the plan ends', async ({ page, openDemoControls }) => {
  await openBilling(page, 'Creem');
  await payButton(page, 'Creem').click();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expectPaid(page, '5,350');

  const controls = await openDemoControls(page);
  await controls.getByRole('button', { name: 'End the plan in 3 days' }).click();
  await expect(controls.getByText(/now ends in 3 days/)).toBeVisible();
  await page.goto('/dashboard');
  const dialog = page.getByRole('dialog', { name: 'Your plan ends soon' });
  await expect(dialog.getByText(/^Your plan ends on .+\. Renew now so your credits stay usable/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Renew 5,250 credits for $50.00' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
});

test('a checkout link on an unknown host is refused, and nothing is charged', async ({ page, openDemoControls }) => {
  await openBilling(page, 'Creem');
  const controls = await openDemoControls(page);
  await controls.getByLabel('Next checkout link: unknown host').check();

  await payButton(page, 'Creem').click();
  await expect(buyPanel(page).getByRole('alert')).toHaveText(/was not on its known website, so you were not sent there\. Nothing was charged\./);
  await expect(page).toHaveURL(/\/dashboard\/billing$/);
  await expect(headerBalance(page, '100')).toBeVisible();
});

test('early renewal: offered when the balance is under the alert threshold, turned down, then renews the last package', async ({ page }) => {
  await openBilling(page, 'PayPal');
  const popup = page.waitForEvent('popup');
  await payButton(page, 'PayPal').click();
  await clickClosingWindow(await popup, 'Approve');
  await expectPaid(page, '5,350');

  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your credits are running low' });
  const alerts = page.getByRole('region', { name: 'Low-balance alert' });
  await alerts.getByLabel('Alert e-mail').fill('billing@example.com');
  await alerts.getByLabel('Threshold (credits)').fill('10000');
  await alerts.getByRole('button', { name: 'Save alert' }).click();
  // Under the threshold now: the offer comes, and once turned down it stays away for this visit.
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Your balance is 5,350 credits, under your alert threshold of 10,000.');
  await dialog.getByRole('button', { name: 'Not now' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.reload();
  await dialog.getByRole('button', { name: 'Renew 5,250 credits for $50.00' }).click();
  await dialog.getByRole('radio', { name: 'PayPal', exact: true }).check();
  const renewalPopup = page.waitForEvent('popup');
  await dialog.getByRole('button', { name: 'Pay $50.00 with PayPal' }).click();
  await clickClosingWindow(await renewalPopup, 'Approve');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Renewed. Your new credits are in your balance.')).toBeVisible();
  await expect(headerBalance(page, '10,600')).toBeVisible();
});
