import { expect, test, type Page, type Route } from '@playwright/test';
import settings from './settings.json' with { type: 'json' };
import { openApp } from '../e2e/fixtures';
import { submitSignIn } from './signIn';
import { GoogleStandIn, TurnstileStandIn } from './standins';

/**
 * The LIVE build's Content-Security-Policy and Trusted Types, in the browser. Demo mode never loads the sign-in,
 * bot-check and PayPal SDKs; here their exact loader URLs are routed to small stand-ins (the network stays off), so
 * the policy the build was served with decides, as it would for the real files: each SDK's own file loads and
 * runs, any other script on the same hosts is refused (by the CSP's exact paths; Trusted Types judge and report
 * it first), and the app works with no violation on its pages. Trusted Types are enforced, PayPal offered or not
 * (security-headers.ts; PayPal's own frames: payments.spec.ts), and violations are reported to a place named for them.
 */

const API_URL = `http://127.0.0.1:${settings.apiPort}`;
/** Where the live build has browsers send violation reports (VITE_CSP_REPORT_URL in scripts/build-live.mjs). */
const REPORT_URL = `${API_URL}/csp-reports`;

const SDK = {
  google: 'https://accounts.google.com/gsi/client',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
  paypal: 'https://www.paypal.com/sdk/js',
} as const;

/** Every stand-in records that it ran, by its own URL, in window.__ranScripts. */
const RECORD = '(window.__ranScripts = window.__ranScripts || []).push(document.currentScript.src);';

/**
 * The SDK files: Google's and Cloudflare's are their stand-ins (./standins), PayPal's the little of its API the
 * app calls. Each first records that it ran.
 */
function sdkFiles(google: GoogleStandIn, turnstile: TurnstileStandIn): Record<string, string> {
  return {
    [SDK.google]: `${RECORD}\n${google.clientScript()}`,
    [SDK.turnstile]: `${RECORD}\n${turnstile.apiScript()}`,
    [SDK.paypal]: `${RECORD}
    window.paypal = { Buttons: function () { return { render: function () { return Promise.resolve(); }, close: function () { return Promise.resolve(); } }; } };`,
  };
}

/** Scripts on the SDKs' hosts that are not the SDK files. Served as working scripts: only the policy stops them. */
const FOREIGN = [
  'https://www.paypal.com/evil.js',
  'https://www.paypal.com/sdk/js/extra.js',
  'https://www.paypal.com/tagmanager/pptm.js?id=127.0.0.1&t=xo',
  'https://accounts.google.com/other.js',
  'https://accounts.google.com/gsi/client/extra.js',
  'https://challenges.cloudflare.com/turnstile/v0/other.js',
];

function addressOf(url: URL): string {
  return url.origin + url.pathname;
}

/**
 * The SDK files answer with their stand-ins, Google's and Cloudflare's frames with their stand-ins' pages, FOREIGN
 * with a script that records itself; nothing else leaves. Routes added later win: the stand-ins go after the
 * catch-all, the recording SDK files last.
 */
async function routeThirdParties(page: Page): Promise<{ turnstile: TurnstileStandIn }> {
  const foreign = new Set(FOREIGN.map((url) => addressOf(new URL(url))));
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname),
    (route: Route) => {
      const url = new URL(route.request().url());
      if (foreign.has(addressOf(url))) return route.fulfill({ status: 200, contentType: 'text/javascript', body: RECORD });
      return route.abort('blockedbyclient');
    },
  );
  const google = new GoogleStandIn();
  const turnstile = new TurnstileStandIn();
  await google.install(page);
  await turnstile.install(page);
  const files = sdkFiles(google, turnstile);
  await page.route(
    (url) => files[addressOf(url)] !== undefined,
    (route: Route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: files[addressOf(new URL(route.request().url()))] ?? '' }),
  );
  return { turnstile };
}

interface Violation {
  directive: string;
  blocked: string;
  sample: string;
  /** `enforce`: refused; `report`: let through and reported (a report-only policy). */
  disposition: string;
}

/** Every CSP and Trusted Types violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const seen = JSON.parse(sessionStorage.getItem('e2e.cspViolations') ?? '[]') as Violation[];
      seen.push({ directive: event.violatedDirective, blocked: event.blockedURI, sample: event.sample, disposition: event.disposition });
      sessionStorage.setItem('e2e.cspViolations', JSON.stringify(seen));
    });
  });
  return () => page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e.cspViolations') ?? '[]') as Violation[]);
}

function ranScripts(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __ranScripts?: string[] }).__ranScripts ?? []);
}

/**
 * Adds a <script> for `url` as a page script would and says what became of it. `as` picks how the URL is handed
 * over: a plain string (the page's default Trusted Types policy judges it), or a value of Google's own policy
 * (`goog#html`, which the CSP allows and which passes anything), so that only the CSP's script-src is left to judge.
 */
function addScript(page: Page, url: string, as: 'string' | 'trusted value'): Promise<string> {
  return page.evaluate(
    ({ url: src, as: kind }) => {
      interface Factory {
        createPolicy(name: string, rules: { createScriptURL(value: string): string }): { createScriptURL(value: string): unknown };
      }
      const script = document.createElement('script');
      try {
        if (kind === 'string') {
          script.src = src;
        } else {
          const factory = (window as unknown as { trustedTypes: Factory }).trustedTypes;
          const identity = factory.createPolicy('goog#html', { createScriptURL: (value) => value });
          Reflect.set(script, 'src', identity.createScriptURL(src));
        }
      } catch (error) {
        return `refused: ${error instanceof Error ? error.name : String(error)}`;
      }
      return new Promise<string>((resolve) => {
        script.onload = () => resolve('loaded');
        script.onerror = () => resolve('blocked');
        document.head.append(script);
      });
    },
    { url, as },
  );
}

test('the live policy: exact SDK files only, Trusted Types enforced with PayPal offered, images of the named hosts only, a place named for the reports, HTTPS kept', async ({
  request,
}) => {
  const headers = (await request.get('/dashboard')).headers();
  const policy = headers['content-security-policy'] ?? '';
  const directive = (name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(policy)?.[1]?.split(' ');
  expect(directive('script-src')).toEqual(["'self'", SDK.google, SDK.turnstile, SDK.paypal]);
  expect(directive('connect-src')).toContain(API_URL);
  // Every provider is configured in this build, PayPal included, and Trusted Types are enforced all the same.
  expect(directive('require-trusted-types-for')).toEqual(["'script'"]);
  expect(directive('trusted-types')).toEqual(['default', 'goog#html', "'allow-duplicates'"]);
  expect(headers).not.toHaveProperty('content-security-policy-report-only');
  // Images: this origin, data and blob URLs, the task API's image host (VITE_IMAGE_HOSTS), and PayPal's hosts.
  expect(directive('img-src')).toEqual(["'self'", 'data:', 'blob:', API_URL, 'https://*.paypal.com', 'https://*.paypalobjects.com']);
  // Frames: the providers' own, nothing else.
  expect(directive('frame-src')).toEqual([
    'https://accounts.google.com',
    'https://challenges.cloudflare.com',
    `https://127.0.0.1:${settings.oidcPort}`,
    'https://*.paypal.com',
    'https://*.paypalobjects.com',
  ]);
  // The policy reports to the operator: the Reporting API's endpoint by name, report-uri for other browsers.
  expect(headers['reporting-endpoints']).toBe(`csp-endpoint="${REPORT_URL}"`);
  expect(directive('report-to')).toEqual(['csp-endpoint']);
  expect(directive('report-uri')).toEqual([REPORT_URL]);
  expect(headers['strict-transport-security']).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(Number(/max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
});

test("each SDK's own file loads and runs under the live policy; other scripts on the SDKs' hosts are refused", async ({ page }) => {
  await routeThirdParties(page);
  const violations = await watchViolations(page);
  await openApp(page);
  // A signed-out visitor's first page starts One Tap, whose loader (src/services/google/gsiClient.ts) brought the GSI
  // file in, and the file ran.
  await expect.poll(() => ranScripts(page), { message: 'the GSI client ran' }).toContain(SDK.google);

  // The PayPal and Turnstile files, as their loaders ask for them (a plain string through the default policy).
  const paypal = `${SDK.paypal}?client-id=test&currency=USD&intent=capture&components=buttons`;
  const turnstile = `${SDK.turnstile}?onload=cspTest&render=explicit`;
  expect(await addScript(page, paypal, 'string')).toBe('loaded');
  expect(await addScript(page, turnstile, 'string')).toBe('loaded');
  expect(await ranScripts(page)).toEqual(expect.arrayContaining([paypal, turnstile]));
  expect(await page.evaluate(() => typeof (window as unknown as { paypal?: { Buttons?: unknown } }).paypal?.Buttons)).toBe('function');
  expect(await violations()).toEqual([]);

  for (const url of FOREIGN) {
    // A plain string: the default policy refuses it, and enforced Trusted Types refuse the assignment itself...
    expect(await addScript(page, url, 'string'), url).toBe('refused: TypeError');
    // ... and a value that passed Trusted Types meets the CSP's exact paths, which refuse the file.
    expect(await addScript(page, url, 'trusted value'), url).toBe('blocked');
  }
  // None of them ran. Each plain string was refused by Trusted Types (the sample holds the value's first 40
  // characters), and the trusted value by script-src.
  expect((await ranScripts(page)).filter((src) => FOREIGN.some((url) => src.startsWith(addressOf(new URL(url)))))).toEqual([]);
  const reported = await violations();
  for (const url of FOREIGN) {
    expect(reported, url).toContainEqual({
      directive: 'require-trusted-types-for',
      blocked: 'trusted-types-sink',
      sample: `HTMLScriptElement src|${url.slice(0, 40)}`,
      disposition: 'enforce',
    });
    expect(reported.filter((violation) => violation.directive === 'script-src-elem' && violation.blocked === url)).toEqual([
      expect.objectContaining({ disposition: 'enforce' }),
    ]);
  }
  expect(reported).toHaveLength(FOREIGN.length * 2);
});

test("the app's own loaders bring the SDKs in and the app works: a bot check through Turnstile, then a sign-in", async ({ page }) => {
  const { turnstile } = await routeThirdParties(page);
  const violations = await watchViolations(page);
  const logins: unknown[] = [];
  page.on('request', (sent) => {
    if (sent.url() === `${API_URL}/client/v1/user/login` && sent.method() === 'POST') logins.push(sent.postDataJSON());
  });
  await openApp(page);
  await expect.poll(() => ranScripts(page), { message: 'the GSI client ran' }).toContain(SDK.google);

  // An address the test API always asks a bot check of: the login modal loads Turnstile's file, whose widget
  // (its frame on Cloudflare's host) solves with a token; the same sign-in goes again with it, the API redeems it
  // and then judges the password.
  const dialog = await submitSignIn(page, 'csp.check+botcheck@example.com', 'not-the-password-1');
  await expect(dialog.getByText('Incorrect e-mail or password.')).toBeVisible({ timeout: 15_000 });
  expect((await ranScripts(page)).some((src) => src.startsWith(`${SDK.turnstile}?`))).toBe(true);
  expect(logins).toHaveLength(2);
  expect(logins[1]).toMatchObject({ email: 'csp.check+botcheck@example.com', turnstileToken: turnstile.issued[0] });
  expect(turnstile.issued).toHaveLength(1);

  // A real account signs in, and its pages render.
  await dialog.getByLabel('E-mail', { exact: true }).fill(settings.accounts.signIn.email);
  await dialog.getByLabel('Password', { exact: true }).fill(settings.accounts.signIn.password);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('button', { name: `Account menu for ${settings.accounts.signIn.email}` })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await openApp(page, '/dashboard/billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Billing' })).toBeVisible();
  await openApp(page, '/playground/flux');
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible();

  expect(await violations()).toEqual([]);
});
