/**
 * Server text is never rendered as HTML. Messages full of markup (XSS probes) reach the views that show server
 * words: the toasts of the API client and of the login flow, a paged list's failure, the playground's failure.
 * Each must show the text as it is and create no element from it. Static checks keep raw-HTML sinks out of src/,
 * and let an address reach a URL sink (href, src, window.open, location) only through the safe-URL helper or a
 * stricter check. What code 200 brings (every list and dialog rendering malformed data) is in serverData.fuzz.test.tsx.
 *
 * Failures print fast-check's seed and path: pass them back as `{ seed, path }` to replay one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import * as fc from 'fast-check';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { createActor, fromPromise, type AnyActorRef } from 'xstate';
import { ApiError, createApiClient, type ApiResult } from '../../../src/api/client';
import { PASS_THROUGH_CODES, SESSION_EXPIRED_CODE, type Page } from '../../../src/api/contract';
import { createPagedListLogic } from '../../../src/actors/pagedList';
import { loginLogic } from '../../../src/actors/login';
import type { LoginResponse, SubmitLoginInput } from '../../../machines/login.machine';
import type { PollTaskResponse } from '../../../machines/generation.machine';
import { ToastArea } from '../../../src/ui/ToastArea';
import { PagedSection } from '../../../src/ui/PagedSection';
import { GenerationPanel } from '../../../src/features/playground/GenerationPanel';
import { INJECTED_MARKER, envelopeCode, htmlPayload } from './arbitraries';
import { playgroundGeneration, tearDownRender } from './renderRig';

const ORIGIN = 'http://localhost:5173';
const RUNS = 20;
const SESSION_EXPIRED = 'Login has expired. Please login again';

function renderWithI18n(ui: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}

/** No element, attribute or link came out of the payload. */
function assertNothingInjected(): void {
  const body = document.body;
  expect(body.querySelector(`[${INJECTED_MARKER}]`), 'an element from the payload').toBeNull();
  expect(
    body.querySelector('script, iframe, object, embed, style, math, details, img[src="x"], svg[onload]'),
    'an element from the payload',
  ).toBeNull();
  expect(body.querySelector('a[href^="javascript:" i]'), 'a javascript: link').toBeNull();
  for (const element of Array.from(body.querySelectorAll('*'))) {
    const handlers = Array.from(element.attributes).filter((attribute) => attribute.name.toLowerCase().startsWith('on'));
    expect(
      handlers.map((attribute) => `${element.tagName.toLowerCase()}[${attribute.name}]`),
      'an event-handler attribute',
    ).toEqual([]);
  }
}

/** The message is on the page, character for character. */
async function expectShownAsText(message: string): Promise<void> {
  await waitFor(() => expect(document.body.textContent).toContain(message));
}

const running: AnyActorRef[] = [];
function started<T extends AnyActorRef>(actor: T): T {
  running.push(actor);
  actor.start();
  return actor;
}

let currentEnvelope: { status: number; body: JsonBodyType } = { status: 200, body: null };
const server = setupServer(http.all(`${ORIGIN}/*`, () => HttpResponse.json(currentEnvelope.body, { status: currentEnvelope.status })));

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

async function tearDown(): Promise<void> {
  tearDownRender(running);
}
afterEach(tearDown);

describe('the check itself', () => {
  it.each(['<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', '<b data-fuzz-injected>x</b>', '<a href="javascript:alert(1)">x</a>'])(
    'notices markup that was rendered as HTML: %s',
    (markup) => {
      const host = document.createElement('div');
      // The test's own sink, to prove the check notices rendered markup; src/ has none (see below).
      host.insertAdjacentHTML('afterbegin', markup);
      document.body.append(host);
      try {
        expect(() => assertNothingInjected()).toThrow();
      } finally {
        host.remove();
      }
    },
  );
});

describe('toasts: the API client’s messages reach the page as text', () => {
  it('a server msg full of markup is shown literally, and no element is made from it, whatever the code', async () => {
    // The client logs answers that break the contract; the log is not under test.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const client = createApiClient({ baseURL: ORIGIN, hooks: { onSessionExpired: () => undefined } });
    await fc.assert(
      fc.asyncProperty(htmlPayload, envelopeCode, fc.constantFrom(200, 400, 500), async (msg, code, status) => {
        currentEnvelope = { status, body: { code, msg, data: null } };
        renderWithI18n(<ToastArea />);
        try {
          await client.callApi('addApiKey', { name: 'ci' }).catch(() => undefined);
          // Code 200 fails the contract here (no key in data): the fallback text, not the msg, is shown.
          if (code === SESSION_EXPIRED_CODE) await expectShownAsText(SESSION_EXPIRED);
          else if (code !== 200 && !(PASS_THROUGH_CODES as readonly number[]).includes(code)) await expectShownAsText(msg);
          assertNothingInjected();
        } finally {
          await tearDown();
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the login flow’s own toast shows the server’s refusal as text', async () => {
    await fc.assert(
      fc.asyncProperty(htmlPayload, fc.constantFrom(...PASS_THROUGH_CODES.filter((code) => code !== 100002)), async (msg, code) => {
        renderWithI18n(<ToastArea />);
        try {
          const logic = loginLogic.provide({
            actors: { submitLogin: fromPromise<LoginResponse, SubmitLoginInput>(async () => ({ code, msg, data: null })) },
          });
          const login = started(createActor(logic));
          login.send({ type: 'SUBMIT', request: { kind: 'email', email: 'ada@example.com', password: 'correct-horse-9' } });
          await waitFor(() => expect(login.getSnapshot().value).toBe('failed'));
          await expectShownAsText(msg);
          assertNothingInjected();
        } finally {
          await tearDown();
        }
      }),
      { numRuns: RUNS },
    );
  });
});

type Refusal = { code: 500001; msg: string; data: null };

/** How a failure reaches a machine: the client's rejection, or a pass-through envelope handed on. */
const failureWith = (msg: string) =>
  fc.constantFrom<Array<() => Promise<Refusal>>>(
    () => Promise.reject(new ApiError({ kind: 'server', code: 10086, message: msg })),
    () => Promise.resolve({ code: 500001, msg, data: null }),
  );

describe('views that show server errors render them as text', () => {
  const records = Array.from({ length: 10 }, (_item, index) => ({ id: `r${index}` }));

  function renderList(fetchPage: (pageNum: number) => Promise<ApiResult<Page<{ id: string }>>>) {
    const actor = started(
      createActor(
        createPagedListLogic<{ id: string }>(({ pageNum }) => fetchPage(pageNum)),
        { input: { pageSize: 10 } },
      ),
    );
    renderWithI18n(
      <PagedSection
        actor={actor}
        titleId="orders-title"
        title="Orders"
        loadingText="Loading orders"
        failedText="Orders could not be loaded"
        empty={<p>No orders</p>}
        pagerLabel="Order pages"
      >
        {() => <p>{records.length} rows</p>}
      </PagedSection>,
    );
    return actor;
  }

  it('a paged list that fails to load shows the server’s reason as text', async () => {
    await fc.assert(
      fc.asyncProperty(
        htmlPayload.chain((msg) => fc.tuple(fc.constant(msg), failureWith(msg))),
        async ([msg, fail]) => {
          try {
            const actor = renderList(() => fail());
            await waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
            await expectShownAsText(msg);
            assertNothingInjected();
          } finally {
            await tearDown();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('a paged list whose next page fails shows the server’s reason under the old page as text', async () => {
    await fc.assert(
      fc.asyncProperty(
        htmlPayload.chain((msg) => fc.tuple(fc.constant(msg), failureWith(msg))),
        async ([msg, fail]) => {
          try {
            const actor = renderList((pageNum) =>
              pageNum === 1 ? Promise.resolve({ code: 200, msg: '', data: { records, total: 30, pageNum: 1, pageSize: 10 } }) : fail(),
            );
            await waitFor(() => expect(actor.getSnapshot().value).toEqual({ loaded: 'idle' }));
            actor.send({ type: 'GO_TO_PAGE', pageNum: 2 });
            await waitFor(() => expect(actor.getSnapshot().value).toEqual({ loaded: 'pageChangeFailed' }));
            await expectShownAsText(msg);
            assertNothingInjected();
          } finally {
            await tearDown();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });

  type Failure = 'create' | 'generation' | 'polling';

  function generationWith(failure: Failure, msg: string, fail: () => Promise<Refusal>) {
    const created = { code: 200 as const, msg: 'ok', data: { taskId: 'task-1' } };
    const failedTask: PollTaskResponse = {
      code: 200,
      msg: 'ok',
      data: {
        taskId: 'task-1',
        successFlag: 3,
        response: null,
        errorCode: 501,
        errorMessage: msg,
        createTime: '2026-01-01 00:00:00',
        completeTime: '',
      },
    };
    return started(
      playgroundGeneration(
        () => (failure === 'create' ? fail() : Promise.resolve(created)),
        () => (failure === 'generation' ? Promise.resolve(failedTask) : fail()),
      ),
    );
  }

  it('the playground shows why a generation failed as text (task refused, model failed, progress unreadable)', async () => {
    await fc.assert(
      fc.asyncProperty(
        htmlPayload.chain((msg) => fc.tuple(fc.constant(msg), failureWith(msg), fc.constantFrom<Failure>('create', 'generation', 'polling'))),
        async ([msg, fail, failure]) => {
          try {
            const actor = generationWith(failure, msg, fail);
            renderWithI18n(<GenerationPanel actor={actor} />);
            act(() => actor.send({ type: 'GENERATE', apiKey: 'sk-live', balance: 1000 }));
            await waitFor(() => expect(actor.getSnapshot().value).toBe('failed'));
            expect(actor.getSnapshot().context.failure).toBe(failure);
            await expectShownAsText(msg);
            assertNothingInjected();
          } finally {
            await tearDown();
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('no raw-HTML sink in the app’s source', () => {
  /** Files allowed to name a sink, each with why. */
  const ALLOWED: Record<string, string> = {
    'src/services/paypal/prerenderFramePolicy.ts':
      "names `srcdoc` only to refuse it: the Trusted Types policy of PayPal's prerender frames turns away markup carrying one",
  };
  /** Every way to turn a string into markup: React's, the DOM's (assignment, `+=`, parsing, fragments) and iframes'. */
  const SINKS = [
    /dangerouslySetInnerHTML/,
    /\.innerHTML\s*\+?=/,
    /\bouterHTML\b/,
    /\binsertAdjacentHTML\b/,
    /\bdocument\.write(ln)?\s*\(/,
    /\bsetHTMLUnsafe\b/,
    /\bparseHTMLUnsafe\b/,
    /\bcreateContextualFragment\b/,
    /\bsrcdoc\b/i,
  ];
  /** One line of code per sink that the check must catch, so a pattern that matches nothing cannot pass unnoticed. */
  const EXAMPLES = [
    '<div dangerouslySetInnerHTML={{ __html: text }} />',
    'element.innerHTML = text;',
    'element.innerHTML += text;',
    'element.outerHTML = text;',
    "element.insertAdjacentHTML('beforeend', text);",
    'document.write(text);',
    'element.setHTMLUnsafe(text);',
    'Document.parseHTMLUnsafe(text);',
    'document.createRange().createContextualFragment(text);',
    '<iframe srcDoc={text} />',
    'frame.srcdoc = text;',
  ];

  function sourceFiles(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [path] : [];
    });
  }

  it('knows every sink: each example line is caught', () => {
    for (const line of EXAMPLES)
      expect(
        SINKS.some((sink) => sink.test(line)),
        line,
      ).toBe(true);
    // Reading markup is not writing it.
    expect(
      SINKS.some((sink) => sink.test('const html = element.innerHTML;')),
      'a read of innerHTML',
    ).toBe(false);
  });

  it('no file under src/ uses dangerouslySetInnerHTML, innerHTML = or +=, outerHTML, insertAdjacentHTML, document.write, setHTMLUnsafe, parseHTMLUnsafe, createContextualFragment or srcdoc', () => {
    const root = join(process.cwd(), 'src');
    const found = sourceFiles(root).flatMap((file) => {
      const name = relative(process.cwd(), file);
      if (name in ALLOWED) return [];
      const source = readFileSync(file, 'utf8');
      return SINKS.filter((sink) => sink.test(source)).map((sink) => `${name}: ${sink.source}`);
    });
    expect(found).toEqual([]);
  });
});

describe('no URL sink in the app’s source takes an address nothing vetted', () => {
  /** Calls that vet an address: the one http(s) rule (src/services/urls.ts) and the flows' stricter host checks. */
  const VETTED_BY = ['safeHref', 'httpUrl', 'isHttpUrl', 'isAllowedCheckoutUrl', 'isAllowedAuthorizeUrl'];
  const vettingCall = new RegExp(`\\b(?:${VETTED_BY.join('|')})\\s*\\(`);

  /**
   * Sinks fed from elsewhere that need no vetting, each with why (file → the sink's expression, or its start when
   * it ends in `…` → reason). An entry that no longer matches a sink fails the check too, so the list cannot rot.
   */
  const ALLOWED: Record<string, Record<string, string>> = {
    'src/app/Header.tsx': { href: "NavLink's href: the header's own routes, written out where it is used" },
    'src/ui/DashboardLayout.tsx': { href: "NavLink's href: the dashboard's own routes, written out where it is used" },
    'src/app/Footer.tsx': { 'LEGAL_PAGE_PATHS.…': 'the legal pages: constant paths of this app (src/domain/legalPages.ts)' },
    'src/ui/LegalLink.tsx': { 'LEGAL_PAGE_PATHS[page]': 'a legal page: a constant path of this app' },
    'src/features/legal/LegalText.tsx': {
      href: 'a link of the operator’s legal text: isAllowedLegalHref (a path of this site, http(s), mailto:, tel:) at build time and again there',
    },
    'src/features/history/HistoryPage.tsx': { PLAYGROUND_PATH: 'a constant path of this app' },
    'src/features/history/RecordDetails.tsx': { 'playgroundHref(draft)': 'a path of this app; the form fields go in its query, encoded' },
    'src/features/statechart-explorer/StatechartExplorerPage.tsx': {
      url: 'an object URL the page has just made of its own JSON',
      'machineHref(entry.id)': 'a path of this app for a machine of the catalogue',
    },
    'src/features/docs/ApiReference.tsx': { url: 'an object URL the page has just made of the OpenAPI document' },
    'src/entry.ts': { file: "a start file the build listed in the page, kept only if it is one of this site's /assets/ files (startFiles)" },
    'src/features/billing/downloadInvoice.ts': { objectUrl: 'an object URL of the file just downloaded' },
    'src/features/billing/Checkout.tsx': {
      'wechatPayLink(codeUrl)': "WeChat's own weixin://wxpay/ code URL only, or in demo mode a web address safeHref vetted",
    },
    'src/ui/downloadImage.ts': { objectUrl: 'an object URL of the image just downloaded' },
    'src/actors/zipDownload.ts': { objectUrl: 'an object URL of the ZIP just built in the page' },
    'src/features/history/Lightbox.tsx': {
      'current.url': 'a task image: imagesOf keeps only what safeHref accepts (historyImages.ts)',
      'playgroundHref(draft)': 'a path of this app; the form fields go in its query, encoded',
    },
    'src/features/get-started/GetStartedPage.tsx': { 'link.href': "the page's own next-step links, constants" },
    'src/features/get-started/FirstCall.tsx': {
      url: 'task images: the contract keeps http(s) ones only where the answer enters, and taskImageUrls filters them again',
    },
    'src/features/home/HomePage.tsx': { 'sampleImageUrl(image)': 'sample artwork shipped with the app (public/samples/)' },
    'src/features/discord/JoinDiscordPage.tsx': {
      inviteUrl: 'vetted by safeInviteUrl (https on Discord’s hosts) where the answer is read, src/actors/discordJoin.ts',
    },
    'src/services/paypal/live.ts': { '`${PAYPAL_SDK_URL}?…': "PayPal's SDK address, a constant, with an encoded query" },
    'src/services/google/gsiClient.ts': { GSI_CLIENT_URL: "Google Identity Services' script address, a constant" },
    'src/features/auth/VerifyStep.tsx': {
      action: "Turnstile's action for the form a check guards (login, register or reset), a prop of the bot check's widget, not a form's address",
    },
    'src/demo/generation/rasterize.ts': { url: 'an object URL of the artwork the demo has just drawn' },
    'src/demo/results/render.tsx': { src: 'demo image host: the page shows the image at its own address' },
    'src/demo/discord/render.tsx': { url: 'demo consent page: its return addresses are pages of this site (ownPage in consent.ts)' },
    'src/demo/discord/DiscordConsentPage.tsx': { back: 'a page of this site: ownPage in consent.ts, or the join page' },
    'src/demo/checkout/render.tsx': { url: 'demo checkout: its return addresses are pages of this site (ownPage in checkoutOrder.ts)' },
    'src/demo/checkout/CheckoutPage.tsx': { 'request.returnUrl': 'a page of this site (ownPage in checkoutOrder.ts)' },
    'src/demo/checkout/RedirectCheckout.tsx': { 'request.returnUrl': 'a page of this site (ownPage in checkoutOrder.ts)' },
    'src/demo/paypal.ts': { url: 'the demo PayPal popup: demoPaypalUrl of this origin' },
  };

  interface Sink {
    kind: string;
    expression: string;
    line: string;
  }

  /** The text between the bracket at `open` and its partner (strings and templates are not looked into). */
  function bracketed(source: string, open: number): string {
    const pairs: Record<string, string> = { '{': '}', '(': ')' };
    const stack: string[] = [];
    for (let i = open; i < source.length; i += 1) {
      const char = source[i] ?? '';
      if (char in pairs) stack.push(pairs[char] ?? '');
      else if (char === stack[stack.length - 1]) {
        stack.pop();
        if (stack.length === 0) return source.slice(open + 1, i);
      }
    }
    return source.slice(open + 1);
  }

  /** The first argument of a call whose arguments are `args`. */
  function firstArgument(args: string): string {
    let depth = 0;
    for (let i = 0; i < args.length; i += 1) {
      const char = args[i];
      if (char === '(' || char === '{' || char === '[') depth += 1;
      else if (char === ')' || char === '}' || char === ']') depth -= 1;
      else if (char === ',' && depth === 0) return args.slice(0, i);
    }
    return args;
  }

  const lineAt = (source: string, index: number) =>
    source.slice(source.lastIndexOf('\n', index) + 1, source.indexOf('\n', index) === -1 ? undefined : source.indexOf('\n', index)).trim();

  /** Every place an address becomes a link, an image, a script, a new window or a navigation. */
  function urlSinks(source: string): Sink[] {
    const sinks: Sink[] = [];
    const found = (kind: string, expression: string, index: number) =>
      sinks.push({ kind, expression: expression.trim(), line: lineAt(source, index) });
    for (const match of source.matchAll(/\b(href|src|srcSet|action|formAction|poster|xlinkHref)=\{/g)) {
      found(`${match[1]}={…}`, bracketed(source, match.index + match[0].length - 1), match.index);
    }
    for (const match of source.matchAll(/(?<!\blocation)\.(href|src|srcset|action|formAction|poster)\s*=(?![=>])\s*([^;\n]+)/g))
      found(`.${match[1]} =`, match[2] ?? '', match.index);
    for (const match of source.matchAll(/\b(window\.open|location\.assign|location\.replace)\s*\(/g)) {
      found(`${match[1]}()`, firstArgument(bracketed(source, match.index + match[0].length - 1)), match.index);
    }
    for (const match of source.matchAll(/\blocation(?:\.href)?\s*=(?![=>])\s*([^;\n]+)/g)) found('location =', match[1] ?? '', match.index);
    return sinks;
  }

  /** Vetted: by a call on the sink's own line or in its expression, or by a name assigned from such a call. */
  function isVetted(sink: Sink, source: string): boolean {
    if (vettingCall.test(sink.expression) || vettingCall.test(sink.line)) return true;
    const root = /^[A-Za-z_$][\w$]*/.exec(sink.expression)?.[0];
    if (root && new RegExp(`\\b(?:const|let)\\s+${root}\\s*=\\s*${vettingCall.source}`).test(source)) return true;
    // An anchor or a path of this app, written out (`//host` is another site).
    return /^`[#/](?!\/)/.test(sink.expression);
  }

  function sourceFiles(directory: string): string[] {
    return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) return sourceFiles(path);
      return /\.(ts|tsx|js|jsx|mjs)$/.test(entry.name) ? [path] : [];
    });
  }

  it('knows every sink: each unvetted example is caught, each vetted one passes', () => {
    const caught = [
      '<a href={url}>open</a>',
      '<img src={record.resultImageUrls[0]} alt="" />',
      '<iframe src={frame} />',
      '<form action={target} />',
      'link.href = url;',
      'image.src = answer.url;',
      "window.open(url, '_blank', 'noopener');",
      'location.assign(context.order.checkoutUrl);',
      'window.location.replace(next);',
      'location.href = url;',
      'window.location = url;',
      '<a href={`${base}/x`}>x</a>',
      '<a href={`//evil.example/x`}>x</a>',
    ];
    for (const line of caught) {
      const sinks = urlSinks(line);
      expect(sinks, line).toHaveLength(1);
      expect(
        sinks.every((sink) => !isVetted(sink, line)),
        line,
      ).toBe(true);
    }
    const vetted = [
      '<a href={safeHref(url)}>open</a>',
      'if (isAllowedCheckoutUrl(provider, url, demoOrigin)) location.assign(url);',
      'const image = httpUrl(url);\nwindow.open(image.href, "_blank");',
      'const link = safeHref(url);\n<a href={link}>x</a>',
      '<a href={`#${anchorOf(operation)}`}>x</a>',
    ];
    for (const source of vetted) {
      const sinks = urlSinks(source);
      expect(sinks, source).toHaveLength(1);
      expect(
        sinks.every((sink) => isVetted(sink, source)),
        source,
      ).toBe(true);
    }
    // Reading an address is not sending anyone there.
    for (const read of ['const here = location.href;', 'if (location.href === next) return;', 'const same = link.href == other;'])
      expect(urlSinks(read), read).toEqual([]);
  });

  it('every href, src, window.open and location sink under src/ goes through the safe-URL helper, a stricter check, or is allowed with a reason', () => {
    const root = join(process.cwd(), 'src');
    const unvetted: string[] = [];
    const allowedSeen = new Set<string>();
    for (const file of sourceFiles(root)) {
      const name = relative(process.cwd(), file).replaceAll('\\', '/');
      const source = readFileSync(file, 'utf8');
      for (const sink of urlSinks(source)) {
        if (isVetted(sink, source)) continue;
        const entry = Object.keys(ALLOWED[name] ?? {}).find((key) =>
          key.endsWith('…') ? sink.expression.startsWith(key.slice(0, -1)) : sink.expression === key,
        );
        if (entry !== undefined) allowedSeen.add(`${name} ${entry}`);
        else unvetted.push(`${name}: ${sink.kind} ${sink.expression}   (${sink.line})`);
      }
    }
    expect(unvetted, 'URL sinks fed from an address nothing vetted').toEqual([]);
    const stale = Object.entries(ALLOWED)
      .flatMap(([name, entries]) => Object.keys(entries).map((expression) => `${name} ${expression}`))
      .filter((entry) => !allowedSeen.has(entry));
    expect(stale, 'allowed sinks that no longer exist: remove them from ALLOWED').toEqual([]);
  });
});
