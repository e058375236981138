/**
 * The API reference (/docs): rendered from the checked-in openapi.json, the task API's calls with their
 * fields and codes, examples with the user's key masked on screen and complete on the clipboard; and the
 * page as the app serves it, reached from the header's "Docs" link.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waitFor as waitForActor, type AnyActorRef } from 'xstate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import generated from '../../../openapi.json';
import type { OpenApiDocument } from '../../../src/api/openapiModel';
import { startApp, type AppActor } from '../../../src/actors/app';
import { App } from '../../../src/app/App';
import { DemoChallenge } from '../../../src/demo/DemoChallenge';
import { demoGoogle, demoMicrosoft } from '../../../src/demo/boot';
import { createDemoServer } from '../../../src/demo/node';
import { ApiReference } from '../../../src/features/docs/ApiReference';
import { maskKey } from '../../../src/ui/maskKey';

const apiDocument = generated as unknown as OpenApiDocument;
const KEY = 'nb_live_4f9c2e7a0b1d4c6e8a2b';
const BASE = 'https://tasks.example.test';
const GENERATE = '/api/v1/nanobanana/generate';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
afterEach(cleanup);

function renderReference(account: { apiKey: string } | null, handlers = { onSignIn: vi.fn(), onSignUp: vi.fn() }) {
  render(
    <I18nProvider i18n={i18n}>
      <ApiReference document={apiDocument} baseUrl={BASE} account={account} resolving={false} demo={false} {...handlers} />
    </I18nProvider>,
  );
  return handlers;
}

/** The operation's article, found by its heading. */
function operation(summary: string): HTMLElement {
  const article = screen.getByRole('heading', { level: 3, name: summary }).closest('article');
  if (!article) throw new Error(`no article for ${summary}`);
  return article;
}

function example(article: HTMLElement, language: string): HTMLElement {
  return within(article).getByRole('group', { name: new RegExp(`^Example request for .* \\(${language}\\)$`) });
}

describe('the API reference', () => {
  it('covers every call of the task API: method, path, fields, codes', () => {
    renderReference({ apiKey: KEY });
    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    const calls: Array<[string, string, string]> = [
      ['Create a Nano Banana task', 'POST', GENERATE],
      ['Create a Nano Banana 2 task', 'POST', '/api/v1/nanobanana/generate-2'],
      ['Create a Nano Banana Pro task', 'POST', '/api/v1/nanobanana/generate-pro'],
      ['Get a task and its result', 'GET', '/api/v1/nanobanana/record-info'],
      ['Get the remaining credits', 'GET', '/api/v1/common/credit'],
    ];
    for (const [summary, method, path] of calls) {
      const article = operation(summary);
      expect(within(article).getByText(method)).toBeVisible();
      expect(within(article).getAllByText(path)[0]).toBeVisible();
      expect(within(article).getByRole('table', { name: /^Result codes of / })).toBeVisible();
      // Listed in the contents too.
      expect(within(screen.getByRole('navigation', { name: 'On this page' })).getByRole('link', { name: summary })).toHaveAttribute(
        'href',
        expect.stringMatching(/^#/),
      );
    }
    const generate = operation('Create a Nano Banana task');
    const fields = within(generate).getByRole('table', { name: 'Request body of Create a Nano Banana task' });
    for (const field of ['prompt', 'type', 'callBackUrl', 'numImages', 'imageUrls', 'watermark', 'image_size'])
      expect(within(fields).getByText(field)).toBeVisible();
    expect(within(fields).getByText('"TEXTTOIAMGE"')).toBeVisible();
    // A nested field: its parents shown small above its own name.
    const successFlag = within(operation('Get a task and its result')).getByText(
      (_, element) => element?.tagName === 'CODE' && element.textContent === 'data.successFlag',
    );
    expect(successFlag.closest('tr')).toHaveTextContent('0 generating, 1 success, 2 task creation failed, 3 generation failed');
    expect(within(operation('Create a Nano Banana task')).getByRole('table', { name: /^Result codes of / })).toHaveTextContent('402');
    // The product API, in brief.
    expect(screen.getByRole('heading', { level: 2, name: 'Product API' })).toBeVisible();
    expect(screen.getByText('/client/v1/user/user-info')).toBeVisible();
  });

  it('shows the key masked in the curl example and copies the real one', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderReference({ apiKey: KEY });
    const article = operation('Create a Nano Banana task');
    const curl = example(article, 'curl');
    expect(curl).toHaveTextContent(`Authorization: Bearer ${maskKey(KEY)}`);
    expect(curl).toHaveTextContent(`${BASE}${GENERATE}`);
    expect(curl.textContent).not.toContain(KEY);
    expect(document.body.textContent).not.toContain(KEY);

    await user.click(within(article).getByRole('button', { name: `Copy Example request for ${GENERATE} (curl)` }));
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0]?.[0] ?? '';
    expect(copied).toContain(`Authorization: Bearer ${KEY}`);
    expect(copied).toContain('"type": "TEXTTOIAMGE"');
    expect(copied).not.toContain(maskKey(KEY));
  });

  it('has a Python example (and JavaScript) for each call', async () => {
    const user = userEvent.setup();
    renderReference({ apiKey: KEY });
    const article = operation('Get a task and its result');
    await user.click(within(article).getByRole('radio', { name: 'Python' }));
    const python = example(article, 'Python');
    expect(python).toHaveTextContent('import requests');
    expect(python).toHaveTextContent('requests.get(');
    expect(python).toHaveTextContent('params={');
    expect(python).toHaveTextContent('"taskId": "nanobanana_task_123456"');
    await user.click(within(article).getByRole('radio', { name: 'JavaScript' }));
    expect(example(article, 'JavaScript')).toHaveTextContent('await fetch(url');
  });

  it('shows YOUR_API_KEY to a signed-out visitor, with a way to sign in', async () => {
    const user = userEvent.setup();
    const handlers = renderReference(null);
    expect(example(operation('Create a Nano Banana task'), 'curl')).toHaveTextContent('Authorization: Bearer YOUR_API_KEY');
    expect(screen.getByText(/Sign in to see the examples with your own API key/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(handlers.onSignIn).toHaveBeenCalledTimes(1);
  });
});

describe('the /docs page in the app', () => {
  const demo = createDemoServer();
  let running: AppActor | null = null;
  beforeAll(() => demo.server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    // Unmounted before its actors stop, so nothing renders against a stopped system.
    cleanup();
    running?.stop();
    running = null;
    demo.controls.reset();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  afterAll(() => demo.server.close());

  it('opens from the header’s Docs link, titled, with the placeholder key for a visitor', async () => {
    const user = userEvent.setup();
    const google = { ...demoGoogle, prompt: () => () => undefined };
    const app = startApp({ google });
    running = app;
    const locale = app.system.get('locale') as AnyActorRef;
    await waitForActor(locale, (s) => s.hasTag('ready'));
    render(<App actor={app} services={{ ChallengeWidget: DemoChallenge, google, microsoft: demoMicrosoft }} />);
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('link', { name: 'Docs' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    expect(window.location.pathname).toBe('/docs');
    expect(nav.getByRole('link', { name: 'Docs' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('API reference — Nano Banana API'));
    expect(example(operation('Create a Nano Banana task'), 'curl')).toHaveTextContent('YOUR_API_KEY');
  });
});
