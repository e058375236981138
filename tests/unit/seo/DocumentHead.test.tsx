/**
 * DocumentHead keeps <head> in step with the app: a navigation or a language switch rewrites the title and tags
 * the prerendered page came with, and adds or removes those a page has or lacks (the 404's noindex).
 */
import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it } from 'vitest';
import { config } from '../../../src/config';
import { DocumentHead } from '../../../src/app/seo/DocumentHead';
import { NOT_FOUND, PAGES } from '../../../src/app/seo/pages';
import { renderHeadTags } from '../../../src/app/seo/headTags';

const SITE = config.siteUrl;

function content(selector: string): string | null {
  const element = document.head.querySelector(selector);
  return element?.getAttribute('href') ?? element?.getAttribute('content') ?? null;
}

function renderAt(path: string, i18n: I18n) {
  const location = memoryLocation({ path });
  render(
    <I18nProvider i18n={i18n}>
      <Router hook={location.hook}>
        <DocumentHead />
      </Router>
    </I18nProvider>,
  );
  return location;
}

/** Lets the head module (loaded on demand) arrive and apply what the last render asked for. */
async function settle() {
  await act(async () => {
    await import('../../../src/app/seo/applyHead');
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  document.title = '';
});

describe('DocumentHead', () => {
  it('follows navigation and language, updating the prerendered tags in place', async () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    // The page as prerendered for the landing page, plus tags of someone else's that must stay.
    document.head.innerHTML = `<meta charset="utf-8"><meta name="viewport" content="width=device-width">${renderHeadTags({ path: '/', i18n, siteUrl: SITE })}`;
    const before = document.head.querySelectorAll('meta, link').length;
    const location = renderAt('/', i18n);

    act(() => location.navigate('/playground/flux'));
    await waitFor(() => expect(document.title).toBe('Image playground: try Nano Banana models — Nano Banana API'));
    expect(content('meta[name="description"]')).toBe(
      'Try Nano Banana, Nano Banana 2 and Nano Banana Pro in your browser: pick a model, an aspect ratio and reference images, generate, then copy the call as code.',
    );
    expect(content('link[rel="canonical"]')).toBe(`${SITE}/playground/flux`);
    expect(content('meta[property="og:url"]')).toBe(`${SITE}/playground/flux`);
    expect(content('meta[property="og:title"]')).toBe(document.title);
    expect(content('meta[name="twitter:description"]')).toBe(content('meta[name="description"]'));
    // Updated in place: no tag twice.
    expect(document.head.querySelectorAll('meta, link')).toHaveLength(before);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(content('meta[name="viewport"]')).toBe('width=device-width');

    const title = PAGES['/playground/flux']?.title.id ?? '';
    act(() => {
      i18n.load('de', { [title]: 'Bild-Playground: Nano-Banana-Modelle testen — Nano Banana API' });
      i18n.activate('de');
    });
    await waitFor(() => expect(document.title).toBe('Bild-Playground: Nano-Banana-Modelle testen — Nano Banana API'));
    expect(content('meta[property="og:title"]')).toBe(document.title);
    expect(content('meta[property="og:locale"]')).toBe('de_DE');
  });

  it('applies only the latest page when navigations come quicker than the head module', async () => {
    const location = renderAt('/', setupI18n({ locale: 'en', messages: { en: {} } }));
    act(() => location.navigate('/get-started'));
    act(() => location.navigate('/join-discord'));
    await settle();
    expect(document.title).toBe('Join the Discord community — Nano Banana API');
    expect(content('link[rel="canonical"]')).toBe(`${SITE}/join-discord`);
  });

  it('keeps the prerendered head while the catalogue holding its messages is not in, then writes it', async () => {
    // As in a production build, a missing message reads as its id: a hydrated page carries only its body's messages.
    const i18n = setupI18n({ locale: 'en', messages: { en: {} }, missing: (_locale, id) => id });
    document.head.innerHTML = '<title>As prerendered</title><meta name="description" content="Prerendered description">';
    const location = renderAt('/get-started', i18n);
    act(() => location.navigate('/join-discord'));
    await settle();
    expect(document.title).toBe('As prerendered');
    expect(content('meta[name="description"]')).toBe('Prerendered description');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();

    const catalogue: Record<string, string> = {};
    for (const head of [...Object.values(PAGES), NOT_FOUND]) {
      for (const descriptor of [head.title, head.description]) if (descriptor?.message) catalogue[descriptor.id] = descriptor.message;
    }
    act(() => i18n.load('en', catalogue));
    await waitFor(() => expect(document.title).toBe('Join the Discord community — Nano Banana API'));
    expect(content('meta[name="description"]')).toBe(
      'Join the Nano Banana API community on Discord: get help with the API, prompts and billing, hear about new models first, and share what you make.',
    );
    expect(content('link[rel="canonical"]')).toBe(`${SITE}/join-discord`);
  });

  it('leaves the head a prerendered page came with alone at the start, and writes it on the next page', async () => {
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    document.documentElement.setAttribute('data-prerendered', '/get-started');
    document.documentElement.lang = 'en';
    try {
      document.head.innerHTML = '<title>As prerendered</title>';
      const location = renderAt('/get-started', i18n);
      await settle();
      expect(document.title, 'the page carries its own head').toBe('As prerendered');
      act(() => location.navigate('/join-discord'));
      await waitFor(() => expect(document.title).toBe('Join the Discord community — Nano Banana API'));
    } finally {
      document.documentElement.removeAttribute('data-prerendered');
    }
  });

  it('marks the 404 noindex without a canonical link, and takes both back on the next page', async () => {
    const location = renderAt('/no-such-page', setupI18n({ locale: 'en', messages: { en: {} } }));
    await waitFor(() => expect(document.title).toBe('Page not found — Nano Banana API'));
    expect(content('meta[name="robots"]')).toBe('noindex');
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:url"]')).toBeNull();
    expect(content('meta[property="og:image"]')).toBe(`${SITE}/og-image.png`);

    act(() => location.navigate('/join-discord'));
    await waitFor(() => expect(document.title).toBe('Join the Discord community — Nano Banana API'));
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(content('link[rel="canonical"]')).toBe(`${SITE}/join-discord`);
    expect(content('meta[property="og:url"]')).toBe(`${SITE}/join-discord`);
  });
});
