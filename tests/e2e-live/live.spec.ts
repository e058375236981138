import { expect, test, type Page, type Request } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import { TASK_API_REFUSED_CODE, taskRequestProblem, type TaskApiEntry } from './server/taskApi';
import { openApp } from '../e2e/fixtures';
import { submitSignIn } from './signIn';

/**
 * A LIVE build (dist-live, VITE_API_BASE_URL set) against a real HTTP API server on 127.0.0.1: no Mock Service
 * Worker, real CORS, the headers the build wrote. The server answers with demo mode's handlers and refuses task-API
 * requests with fields the public documentation does not define (server/taskApi.ts).
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
/** The Nano Banana models the playground offers, as the radio buttons name them, and the endpoint each calls. */
const MODELS = [
  { name: 'Nano Banana', endpoint: '/api/v1/nanobanana/generate' },
  { name: 'Nano Banana 2', endpoint: '/api/v1/nanobanana/generate-2' },
  { name: 'Nano Banana Pro', endpoint: '/api/v1/nanobanana/generate-pro' },
] as const;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Nothing leaves for the internet (the sign-in and payment SDKs, the IP lookup's default host): a live build must
 * work with only its own API, and a test must not depend on the network.
 */
async function stayLocal(page: Page): Promise<void> {
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
}

/** Collects every Content-Security-Policy violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('e2e.cspViolations') ?? '[]') as string[];
      seen.push(`${location.pathname}: ${event.violatedDirective} ${event.blockedURI}`);
      sessionStorage.setItem('e2e.cspViolations', JSON.stringify(seen));
    });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.cspViolations') ?? '[]') as string[]);
}

/** Signs in through the header's login modal with e-mail and password. */
async function signIn(page: Page, { email, password }: { email: string; password: string }): Promise<void> {
  const dialog = await submitSignIn(page, email, password);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

/** The task-API calls the page made, as the browser sent them. */
function taskApiCalls(page: Page): Request[] {
  const calls: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${API_URL}/api/v1/`) && request.method() !== 'OPTIONS') calls.push(request);
  });
  return calls;
}

/** What the task API would refuse in a request the page sent (an undocumented field, a missing required one), or null. */
function problemOf(request: Request): string | null {
  const url = new URL(request.url());
  const payload: unknown = request.method() === 'POST' ? request.postDataJSON() : Object.fromEntries(url.searchParams);
  return taskRequestProblem(url.pathname, request.method(), payload);
}

test('a live build signs in by e-mail and password against the real API and shows the balance', async ({ page, request }) => {
  const account = settings.accounts.signIn;
  await stayLocal(page);
  const violations = await watchViolations(page);
  const apiCalls: string[] = [];
  page.on('request', (sent) => {
    if (/\/(client|api)\//.test(new URL(sent.url()).pathname)) apiCalls.push(sent.url());
  });

  // The server sends the headers the build wrote: a policy that lets the page call its own API host.
  const shell = await request.get('/dashboard');
  expect(shell.headers()['content-security-policy']).toMatch(new RegExp(`connect-src [^;]*${escapeRegExp(API_URL)}`));
  // No Mock Service Worker in the build: the address answers with the 404 page, not a script.
  const worker = await request.get('/mockServiceWorker.js');
  expect(worker.headers()['content-type']).toContain('text/html');

  await openApp(page);
  await signIn(page, account);
  await expect(page.getByRole('banner').getByText(`${account.credits} credits`, { exact: true })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('credit-balance')).toHaveText(String(account.credits));

  // The server's user-info carries no credit field (as the real one): the balance shown is the task API's own.
  expect(apiCalls.some((url) => url.startsWith(`${API_URL}/api/v1/common/credit`))).toBe(true);
  // Every API call went to the API host over the network: none to the page's own origin, no service worker.
  expect(apiCalls.length).toBeGreaterThan(0);
  expect(apiCalls.filter((url) => !url.startsWith(`${API_URL}/`))).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  expect(await violations()).toEqual([]);
});

test('the test API refuses task requests with fields the documentation does not define', async ({ request }) => {
  const login = await request.post(`${API_URL}/client/v1/user/login`, {
    data: { email: settings.accounts.signIn.email, password: settings.accounts.signIn.password },
  });
  const { data } = (await login.json()) as { data: { userInfo: { apiKey: string } } };
  const headers = { authorization: `Bearer ${data.userInfo.apiKey}` };
  const refused = await request.post(`${API_URL}/api/v1/nanobanana/generate`, {
    headers,
    data: { prompt: 'A lighthouse', type: 'TEXTTOIAMGE', numImages: 1, callBackUrl: `${API_URL}/callback`, seed: 7 },
  });
  expect(refused.status()).toBe(200);
  expect(await refused.json()).toEqual({ code: TASK_API_REFUSED_CODE, msg: expect.stringContaining('unknown field seed'), data: null });
  const log = (await (await request.get(`${API_URL}/__test/task-requests`)).json()) as TaskApiEntry[];
  expect(log).toContainEqual(
    expect.objectContaining({ path: '/api/v1/nanobanana/generate', refused: expect.stringContaining('unknown field seed') }),
  );
});

test('the playground generates with each Nano Banana model and the task shows in history', async ({ page, request }) => {
  test.setTimeout(90_000);
  const account = settings.accounts.generation;
  await stayLocal(page);
  const violations = await watchViolations(page);
  const calls = taskApiCalls(page);
  await openApp(page);
  await signIn(page, account);

  for (const model of MODELS) {
    await openApp(page, '/playground/flux');
    // The option's name is the model's name, or its label holds the name on its own (with the price beside it):
    // "Nano Banana" must not pick "Nano Banana 2", nor a "Nano Banana 2 credits per image" label.
    const radio = page
      .getByRole('radio', { name: model.name, exact: true })
      .or(page.locator('label', { has: page.getByText(model.name, { exact: true }) }).getByRole('radio'));
    await expect(radio, `the model option "${model.name}"`).toHaveCount(1);
    await radio.check();

    const prompt = `Live ${model.name}: a lighthouse on a cliff ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Prompt' }).fill(prompt);
    const [created] = await Promise.all([
      page.waitForRequest((sent) => sent.method() === 'POST' && sent.url().startsWith(`${API_URL}/api/v1/nanobanana/generate`)),
      page.getByRole('button', { name: 'Generate', exact: true }).click(),
    ]);
    expect(new URL(created.url()).pathname, `${model.name} calls its own endpoint`).toBe(model.endpoint);
    expect(problemOf(created), `what ${model.name} sent: ${created.postData() ?? ''}`).toBeNull();

    const image = page
      .getByRole('region', { name: /ready/ })
      .getByRole('img', { name: new RegExp(escapeRegExp(prompt)) })
      .first();
    await expect(image).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), { message: 'the result image loaded' })
      .toBe(true);

    await openApp(page, '/recent-history');
    await expect(page.getByRole('row', { name: new RegExp(escapeRegExp(prompt)) })).toBeVisible();
  }

  // Every task-API call the page made carried only documented fields, and the server refused none of them.
  expect(calls.length).toBeGreaterThanOrEqual(MODELS.length);
  expect(calls.map((call) => ({ url: call.url(), problem: problemOf(call) })).filter((call) => call.problem !== null)).toEqual([]);
  const log = (await (await request.get(`${API_URL}/__test/task-requests`)).json()) as TaskApiEntry[];
  const mine = log.filter((entry) => entry.method === 'POST' && JSON.stringify(entry.body).includes('Live Nano Banana'));
  expect(mine).toHaveLength(MODELS.length);
  expect(mine.filter((entry) => entry.refused !== null)).toEqual([]);
  expect(await violations()).toEqual([]);
});
