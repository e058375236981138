import { test, expect } from './fixtures';

// No network here: a stand-in answers for stately.ai. Like the real inspector it says it is connected, then
// keeps what the app sends it.
const INSPECTOR_STAND_IN = `<title>Stately inspector</title><script>
  window.received = [];
  addEventListener('message', (event) => window.received.push(event.data));
  window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

test('?inspect reports every actor to Stately’s inspector window, global and local, with secrets redacted', async ({ page, openApp }) => {
  await page.context().route('https://stately.ai/**', (route) => route.fulfill({ contentType: 'text/html', body: INSPECTOR_STAND_IN }));
  const opened = page.context().waitForEvent('page');
  await openApp(page, '/?inspect');
  const inspector = await opened;
  expect(inspector.url()).toBe('https://stately.ai/inspect');
  const received = async () => JSON.stringify(await inspector.evaluate(() => (window as unknown as { received: unknown[] }).received));
  // The machines of the actors it was told about (each definition arrives as JSON text).
  const machines = () =>
    inspector.evaluate(() =>
      (window as unknown as { received: Array<{ type?: string; definition?: string }> }).received
        .filter((message) => message.type === '@xstate.actor' && typeof message.definition === 'string')
        .map((message) => (JSON.parse(message.definition ?? '{}') as { id?: string }).id),
    );
  // The global actors are there from the start.
  await expect
    .poll(machines)
    .toEqual(expect.arrayContaining(['app', 'user', 'login', 'loginModal', 'theme', 'locale', 'pageProgress', 'googleOneTap', 'earlyRenewal']));

  // A page's own actor (the sign-up form's e-mail code button) is reported too, and a password never is.
  await page.getByRole('banner').getByRole('button', { name: 'Get API key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create your account' });
  await dialog.getByLabel('E-mail', { exact: true }).fill('inspected@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('hunter2-very-secret');
  await dialog.getByLabel('Verification code').fill('123456');
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await expect.poll(machines).toContain('emailCode');
  await expect.poll(received).toContain('inspected@example.com');
  await expect.poll(received).toContain('[redacted]');
  expect(await received()).not.toContain('hunter2-very-secret');
  // The e-mailed code sent with the sign-up is a one-time secret too: wherever the request shows, its code is hidden.
  const registerCodes = () =>
    inspector.evaluate(() => {
      const codes: unknown[] = [];
      const visit = (value: unknown): void => {
        if (typeof value !== 'object' || value === null) return;
        const object = value as Record<string, unknown>;
        if (object.kind === 'register') codes.push(object.code);
        Object.values(object).forEach(visit);
      };
      visit((window as unknown as { received: unknown[] }).received);
      return codes;
    });
  await expect.poll(registerCodes).toContain('[redacted]');
  expect(new Set(await registerCodes())).toEqual(new Set(['[redacted]']));

  // The explorer's simulations are running actors too: the playground's generation, never opened here,
  // reports from its simulation (in-app navigation keeps the same inspector window).
  expect(await machines()).not.toContain('generation');
  await page.evaluate(() => window.history.pushState(null, '', '/__machines?machine=generation'));
  await expect(page.getByRole('heading', { level: 1, name: 'Statechart explorer' })).toBeVisible({ timeout: 15_000 });
  await expect.poll(machines).toContain('generation');
});

test('without ?inspect no inspector is loaded and nothing is sent to Stately', async ({ page, openApp }) => {
  const stately: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('stately.ai')) stately.push(request.url());
  });
  const popups: string[] = [];
  page.context().on('page', (popup) => popups.push(popup.url()));
  await openApp(page, '/playground/flux');
  await expect(page.getByRole('heading', { level: 1, name: 'Playground' })).toBeVisible();
  expect(stately).toEqual([]);
  expect(popups).toEqual([]);
});
