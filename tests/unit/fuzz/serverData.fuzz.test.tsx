/**
 * The rendering fuzz for code 200: data the contract accepts but that is malformed for a person. Currencies Intl
 * refuses (`USDT`, `''`, `'usd '`), times no calendar reads, numbers at the edges of a double, addresses in other
 * schemes (`javascript:`, `data:`, relative ones), huge strings. Each property answers the real API client
 * (msw/node) with such data, so it goes through the real response parsing, into the real app signed in: every
 * list and dialog that shows server data is rendered and opened. Then:
 * - nothing threw: the page is there with its list (never the error page, never blank);
 * - every link and image points at http(s) (a path of this site included), nothing else;
 * - no attribute anywhere starts with `javascript:`, `vbscript:` or `data:`.
 *
 * Failures print fast-check's seed and path: pass them back as `{ seed, path }` to replay one.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import * as fc from 'fast-check';
import * as v from 'valibot';
import { waitFor as waitForActor, type AnyActorRef } from 'xstate';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { startApp, type AppActor } from '../../../src/actors/app';
import { App } from '../../../src/app/App';
import { DemoChallenge } from '../../../src/demo/DemoChallenge';
import { demoGoogle, demoMicrosoft } from '../../../src/demo/boot';
import { config } from '../../../src/config';
import { createApiClient } from '../../../src/api/client';
import { endpoints, type EndpointName } from '../../../src/api/contract';
import { TOKEN_COOKIE } from '../../../src/services/session';
import { GenerationPanel } from '../../../src/features/playground/GenerationPanel';
import { GENERATION_MODELS } from '../../../src/domain/generationOptions';
import { isBalanceLow, isPlanEnding } from '../../../src/actors/earlyRenewal';
import { htmlPayload } from './arbitraries';
import { playgroundGeneration, tearDownRender } from './renderRig';

const RUNS = 8;
/** A page of the app, its lists loaded and its dialogs opened, takes a while under a full property run. */
const PROPERTY_TIMEOUT_MS = 120_000;

// ---------------------------------------------------------------------------------------------------
// Values the contract takes and a person's page must still cope with
// ---------------------------------------------------------------------------------------------------

/** A huge string, described by its length (so a failing run prints readably) and written out when served. */
const HUGE = '\u0000huge:';
const hugeText = fc.integer({ min: 20_000, max: 100_000 }).map((length) => `${HUGE}${length}`);
function writtenOut(data: unknown): string {
  return JSON.stringify(data, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith(HUGE) ? `${'x'.repeat(Number(value.slice(HUGE.length)))} end` : value,
  );
}
const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 2, arbitrary: htmlPayload },
  { weight: 1, arbitrary: hugeText },
);

/** Addresses of every kind: only the http(s) ones may become links or images. */
const BAD_URLS = [
  'javascript:alert(1)',
  'JavaScript:alert(document.domain)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'vbscript:msgbox(1)',
  'blob:https://evil.example/0f1e',
  'file:///etc/passwd',
  '/relative/image.png',
  'relative.png',
  '//evil.example/x.png',
  '',
  ' ',
  'https://',
  'http://[::1',
] as const;
const url = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...BAD_URLS) },
  { weight: 2, arbitrary: fc.constantFrom('https://cdn.example.com/a.png', 'http://img.example.org/b.jpg?x=1') },
  { weight: 1, arbitrary: fc.webUrl() },
  { weight: 1, arbitrary: hugeText },
);

/** Currency codes a server may send: ISO ones, ones Intl refuses, and plain junk. */
const currency = fc.oneof(
  fc.constantFrom('USDT', '', 'usd ', ' USD', 'usd', 'EUR', 'XBT', 'X', 'EURO', '€', '💰', 'US Dollar', 'USD\u0000'),
  htmlPayload,
  fc.string({ maxLength: 8 }),
);

/** Times: real ones, ones past what a Date holds, and text no calendar reads. */
const time = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'not a date',
    '2026-13-45T99:00:00Z',
    '2026-02-30 10:00:00',
    '0000-00-00 00:00:00',
    '+275760-09-13T00:00:00.001Z',
    '-271821-04-19T23:59:59.999Z',
    '+275760-09-13T00:00:00.000Z',
    '9999-12-31T23:59:59Z',
    '1e20',
    'Infinity',
    'NaN',
  ),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  htmlPayload,
);

/** Numbers a JSON body can carry (no NaN or Infinity there; sums of these can reach them). */
const number = fc.oneof(
  fc.constantFrom(0, -1, 0.5, 1.005, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 5e-324, 1e21, -1e21, 123456789.123456),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);
const integer = fc.oneof(fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER), fc.integer());
const optional = <T,>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });

const user = fc.record({
  id: fc.constant('u-1'),
  email: text,
  apiKey: fc.constantFrom('nb_live_key', ''),
  credits: optional(number),
  nickname: text,
  avatar: optional(url),
  emailSubscriptionFlag: fc.constantFrom(0, 1),
  alertEmail: optional(text),
  alertThreshold: optional(number),
  ipWhitelist: fc.array(text, { maxLength: 3 }),
  automaticDeduction: optional(fc.record({ enabled: fc.boolean(), threshold: number, packageId: text, paymentMethod: optional(text) })),
  planEndTime: optional(
    fc.oneof(
      time,
      fc.integer({ min: 1, max: 6 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString()),
    ),
  ),
  discordUsername: optional(text),
  createTime: time,
});

const discount = optional(fc.record({ percentOff: number, label: text, expiresAt: optional(time) }));

/** A stored request as the history shows it: an endpoint's fields, or text that is not JSON at all. */
const paramJson = fc.oneof(
  fc
    .record(
      {
        prompt: text,
        imageUrls: fc.array(url, { maxLength: 3 }),
        numImages: number,
        aspectRatio: fc.oneof(fc.constantFrom('1:1', '16:9', 'auto'), text),
        image_size: fc.oneof(fc.constantFrom('1:1', '16:9'), text),
        resolution: text,
        outputFormat: text,
      },
      { requiredKeys: ['prompt'] },
    )
    .map((request) => JSON.stringify(request)),
  text,
);

const usageRecord = fc.record({
  taskId: text,
  createTime: time,
  model: fc.oneof(fc.constantFrom(...GENERATION_MODELS), text),
  apiKeyName: optional(text),
  prompt: text,
  status: fc.constantFrom(0, 1, 2, 3),
  credits: number,
  refundedCredits: number,
  resultImageUrls: fc.array(url, { maxLength: 3 }),
  paramJson,
  errorMessage: optional(text),
});

const order = fc.record({
  createTime: time,
  provider: fc.constantFrom('paypal', 'creem', 'wechat', 'nowpayments', 'freekassa', 'digiseller'),
  packageId: text,
  amount: number,
  currency,
  credits: number,
  status: fc.constantFrom('pending', 'paid', 'cancelled', 'failed', 'expired', 'refunded'),
  invoiceStatus: fc.constantFrom('none', 'applied', 'issued', null),
  invoiceUrl: optional(url),
});

const apiKey = fc.record({ name: text, apiKey: text, primary: fc.boolean(), createTime: time, lastUsedTime: optional(time) });

const usagePoint = fc.record({ time, apiKeyName: optional(text), credits: number, requests: integer });

/** A list of records with unique ids (a key each), as one page of the list. */
function pageOf<T extends object>(item: fc.Arbitrary<T>, id: 'id' | 'orderNo') {
  return fc.array(item, { minLength: 1, maxLength: 4 }).map((records) => {
    const withIds = records.map((record, index) => ({ ...record, [id]: `${id}-${index}` }));
    return { records: withIds, total: withIds.length, pageNum: 1, pageSize: 10 };
  });
}

// ---------------------------------------------------------------------------------------------------
// The server: every call of the contract answers code 200 with the run's data (or a plain default)
// ---------------------------------------------------------------------------------------------------

const EMPTY_PAGE = { records: [], total: 0, pageNum: 1, pageSize: 10 };
const DEFAULTS: Partial<Record<EndpointName, unknown>> = {
  userInfo: { id: 'u-1', email: 'ada@example.com', apiKey: 'nb_live_key', credits: 100 },
  credit: 100,
  userDiscount: null,
  apiKeyList: [],
  payOrderList: EMPTY_PAGE,
  usageRecordPage: EMPTY_PAGE,
  timeRecord: [],
  paypalVaults: [],
};
let answers: Partial<Record<EndpointName, unknown>> = {};

const server = setupServer(
  ...Object.entries(endpoints).map(([name, endpoint]) => {
    const base = endpoint.host === 'generation' ? config.generationApiBaseUrl : config.apiBaseUrl;
    const route = endpoint.method === 'GET' ? http.get : http.post;
    return route(`${base}${endpoint.path}`, () => {
      const key = name as EndpointName;
      const data = key in answers ? answers[key] : (DEFAULTS[key] ?? null);
      return new HttpResponse(writtenOut({ code: 200, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
    });
  }),
  // The IP-country lookup (a third party): a country, so payments offer their usual methods.
  http.get(`${config.ipCountryUrl}*`, () => HttpResponse.text('US')),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

// ---------------------------------------------------------------------------------------------------
// What every page must satisfy
// ---------------------------------------------------------------------------------------------------

/** Attributes the browser follows or loads. */
const URL_ATTRIBUTES = [
  'href',
  'src',
  'srcset',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'data',
  'ping',
  'background',
  'cite',
  'longdesc',
  'manifest',
  'icon',
];
/** A value the browser would read as one of these schemes (it drops leading blanks and tabs or newlines inside). */
const DANGEROUS = /^(javascript|vbscript|data):/i;
const normalised = (value: string) =>
  Array.from(value)
    .filter((char) => char > ' ')
    .join('');

function isWebAddress(value: string): boolean {
  try {
    const resolved = new URL(value, window.location.href);
    return resolved.protocol === 'https:' || resolved.protocol === 'http:';
  } catch {
    // Not parseable at all: harmless only if it still starts as a web address would.
    return /^https?:\/\//i.test(value);
  }
}

/** Every link and image on the page is http(s), and no attribute at all carries a script scheme. */
function assertOnlyWebAddresses(): void {
  const offending: string[] = [];
  for (const element of Array.from(document.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const where = `<${element.tagName.toLowerCase()} ${attribute.name}="${attribute.value.slice(0, 80)}">`;
      if (DANGEROUS.test(normalised(attribute.value))) offending.push(where);
      else if (URL_ATTRIBUTES.includes(attribute.name.toLowerCase()) && !isWebAddress(attribute.value)) offending.push(where);
      else if (attribute.name === 'style' && /url\(|expression\(/i.test(attribute.value)) offending.push(where);
    }
  }
  expect(offending, 'links, images or attributes that are not web addresses').toEqual([]);
}

/** The app's error page for a page that threw while rendering. */
function assertNoErrorPage(): void {
  expect(screen.queryByRole('heading', { name: 'This page could not be loaded' }), 'the error page').toBeNull();
  expect(document.querySelector('main')?.textContent?.trim(), 'an empty page').not.toBe('');
}

// ---------------------------------------------------------------------------------------------------
// The app, signed in, on one page
// ---------------------------------------------------------------------------------------------------

const running: AnyActorRef[] = [];
/** React reports what a page threw while rendering: any such report fails the run. */
let renderErrors: unknown[] = [];

async function openApp(path: string): Promise<AppActor> {
  document.cookie = `${TOKEN_COOKIE}=fuzz-token; path=/`;
  window.history.replaceState(null, '', path);
  // One Tap is not part of these pages: a prompt that never shows keeps it out of the way.
  const google = { ...demoGoogle, prompt: () => () => undefined };
  const app = startApp({ google });
  running.push(app);
  await waitForActor(app.system.get('locale') as AnyActorRef, (s: { hasTag: (tag: string) => boolean }) => s.hasTag('ready'));
  render(<App actor={app} services={{ ChallengeWidget: DemoChallenge, google, microsoft: demoMicrosoft }} />);
  return app;
}

async function tearDown(): Promise<void> {
  tearDownRender(running);
  sessionStorage.clear();
  document.cookie = `${TOKEN_COOKIE}=; Max-Age=0; path=/`;
  answers = {};
}
afterEach(tearDown);

/** Runs one page check with the run's answers, failing on anything React had to report. */
async function onPage(data: Partial<Record<EndpointName, unknown>>, check: () => Promise<void>): Promise<void> {
  answers = data;
  renderErrors = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const message = args.map(String).join(' ');
    // React's own warnings (keys, act) are not failures of the page; an error it caught is.
    if (/The above error occurred|Uncaught|Error: /.test(message) && !/Warning:/.test(message)) renderErrors.push(message);
  });
  // Logs of broken answers and failed image loads are not under test.
  const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    await check();
    assertNoErrorPage();
    assertOnlyWebAddresses();
    expect(renderErrors, 'errors React reported while rendering').toEqual([]);
  } finally {
    consoleError.mockRestore();
    consoleWarn.mockRestore();
    await tearDown();
  }
}

const region = (name: string | RegExp) => screen.findByRole('region', { name });
async function rowsOf(name: string | RegExp, count: number): Promise<HTMLElement[]> {
  const section = await region(name);
  return waitFor(() => {
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(count);
    return rows;
  });
}

const property = { numRuns: RUNS, endOnFailure: true } as const;

describe('code 200 with malformed data: every list and dialog still renders, with only web addresses', () => {
  it(
    'the history list and each record’s details dialog',
    async () => {
      await fc.assert(
        fc.asyncProperty(user, pageOf(usageRecord, 'id'), async (account, page) => {
          await onPage({ userInfo: account, usageRecordPage: page }, async () => {
            await openApp('/recent-history');
            const rows = await rowsOf('Generations', page.records.length);
            const viewer = userEvent.setup();
            for (const row of rows) {
              await viewer.click(within(row).getByRole('button', { name: /^Details of the generation/ }));
              const dialog = await waitFor(() => {
                const open = document.querySelector<HTMLElement>('dialog[open]');
                expect(open).not.toBeNull();
                return open as HTMLElement;
              });
              expect(within(dialog).getByText('Generation details')).toBeInTheDocument();
              assertOnlyWebAddresses();
              await viewer.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
              await waitFor(() => expect(document.querySelector('dialog[open]')).toBeNull());
            }
          });
        }),
        property,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'the dashboard: balance, discount, usage chart and its numbers, recent requests, the renewal offer',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          user,
          number,
          discount,
          fc.array(usagePoint, { minLength: 1, maxLength: 6 }),
          pageOf(usageRecord, 'id'),
          async (account, balance, offer, points, page) => {
            await onPage({ userInfo: account, credit: balance, userDiscount: offer, timeRecord: points, usageRecordPage: page }, async () => {
              await openApp('/dashboard');
              // The balance is the task API's for a user with a key, else the platform's: a low one (or a plan about
              // to end) opens the renewal offer, with the threshold and the plan's end worded in it.
              const shown = { ...account, credits: account.apiKey === '' ? account.credits : balance };
              const offered = isBalanceLow(shown) ? 'Your credits are running low' : isPlanEnding(shown) ? 'Your plan ends soon' : null;
              if (offered) expect(await screen.findByRole('dialog', { name: offered })).toBeInTheDocument();
              await rowsOf('Recent requests', page.records.length);
              expect(await screen.findByTestId('credit-balance')).toBeInTheDocument();
              const usage = await region('Usage');
              // With any request in the range, the chart's numbers; else the note that there were none.
              const expected = points.some((point) => point.requests > 0)
                ? { role: 'region', name: 'Numbers behind the chart' }
                : { role: 'paragraph', name: /^No requests in / };
              if (expected.role === 'region') await within(usage).findByRole('region', { name: expected.name });
              else await within(usage).findByText(expected.name, {});
              const discountCard = screen.getByRole('heading', { name: 'Discount' }).parentElement as HTMLElement;
              await waitFor(() => expect(within(discountCard).queryByRole('status')).toBeNull());
            });
          },
        ),
        property,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'billing: orders with any currency and invoice link, the invoice form for the ticked ones, the discount, a WeChat Pay code',
    async () => {
      const wechatOrder = fc.record({
        orderNo: fc.constant('o-wx'),
        codeUrl: fc.oneof(url, fc.constant('weixin://wxpay/bizpayurl?pr=abc')),
        expireTime: time,
      });
      await fc.assert(
        fc.asyncProperty(user, discount, pageOf(order, 'orderNo'), wechatOrder, async (account, offer, page, wechat) => {
          await onPage({ userInfo: account, userDiscount: offer, payOrderList: page, wechatCreate: wechat }, async () => {
            await openApp('/dashboard/billing');
            await rowsOf('Orders', page.records.length);
            // Every invoiceable order ticked: the invoice form totals them in the first one's currency.
            const boxes = screen.queryAllByRole('checkbox', { name: /^Select order .* for an invoice$/ });
            const viewer = userEvent.setup();
            for (const box of boxes) await viewer.click(box);
            if (boxes.length > 0) expect(await screen.findByRole('heading', { name: 'Invoice details' })).toBeInTheDocument();
            // A WeChat Pay order: its code, its expiry and the demo's scan link, whatever the server sent.
            const buy = await region('Buy credits');
            await viewer.click(within(buy).getByRole('radio', { name: 'WeChat Pay' }));
            await viewer.click(within(buy).getByRole('button', { name: /^Pay .* with WeChat Pay$/ }));
            // Its code to scan (or, for a code already past its time, the news that it lapsed): never a crash.
            await waitFor(() => expect(within(buy).queryByText('Creating your order…')).toBeNull());
            const lapsed = !(Date.parse(wechat.expireTime) > Date.now());
            if (!lapsed) expect(within(buy).getByRole('button', { name: 'Cancel payment' })).toBeInTheDocument();
          });
        }),
        property,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'the API keys list and the settings page',
    async () => {
      await fc.assert(
        fc.asyncProperty(user, fc.array(apiKey, { minLength: 1, maxLength: 4 }), async (account, keys) => {
          const list = keys.map((key, index) => ({ ...key, id: `k-${index}` }));
          await onPage({ userInfo: account, apiKeyList: list }, async () => {
            await openApp('/dashboard/api-keys');
            await waitFor(() => expect(document.querySelectorAll('main table tbody tr')).toHaveLength(list.length));
          });
          await onPage({ userInfo: account }, async () => {
            await openApp('/dashboard/settings');
            await screen.findByRole('heading', { name: 'Settings', level: 1 });
          });
        }),
        property,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'the playground’s result: images of a finished task, in any form the host sends them',
    async () => {
      const client = createApiClient({ hooks: { onSessionExpired: () => undefined } });
      const response = fc.record({
        resultImageUrl: fc.oneof(url, fc.array(url, { maxLength: 3 })),
        originImageUrl: url,
        resultImageUrls: fc.array(url, { maxLength: 3 }),
      });
      const task = fc.record({
        taskId: fc.constant('task-1'),
        paramJson,
        successFlag: fc.constant(1),
        response,
        errorCode: fc.constant(0),
        errorMessage: fc.constant(''),
        createTime: time,
        completeTime: time,
      });
      i18n.loadAndActivate({ locale: 'en', messages: {} });
      await fc.assert(
        fc.asyncProperty(task, async (record) => {
          await onPage({ taskRecord: record }, async () => {
            const actor = playgroundGeneration(
              async () => ({ code: 200, msg: 'ok', data: { taskId: 'task-1' } }),
              // The real client and contract read the host's answer.
              () => client.callApi('taskRecord', { taskId: 'task-1' }, { apiKey: 'nb_live_key' }),
            );
            running.push(actor);
            actor.start();
            render(
              <I18nProvider i18n={i18n}>
                <main>
                  <GenerationPanel actor={actor} />
                </main>
              </I18nProvider>,
            );
            act(() => actor.send({ type: 'GENERATE', apiKey: 'nb_live_key', balance: 1000 }));
            await waitFor(() => expect(actor.getSnapshot().hasTag('busy')).toBe(false));
            // Some image is shown when the host sent a web address for one (the check below vets every one shown).
            const parsed = v.parse(endpoints.taskRecord.response, record);
            const images = [parsed.response?.resultImageUrl ?? '', ...(parsed.response?.resultImageUrls ?? [])].filter(
              (one) => /^https?:\/\//i.test(one.trim()) && URL.canParse(one.trim()),
            );
            if (images.length > 0) await waitFor(() => expect(document.querySelectorAll('main img').length).toBeGreaterThan(0));
          });
        }),
        property,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
