/**
 * The build-time half of prerendering (prerender-plugin.ts runs it in Node after the client build): renders a
 * public page of the app to HTML with react-dom/static, as an anonymous English visitor sees it. The browser
 * hydrates that HTML (src/main.tsx).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { waitFor } from 'xstate';
import { setupI18n, type MessageDescriptor, type MessageOptions, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { App } from '../app/App';
import { AppActorProvider } from '../actors/AppActorContext';
import { LoginModal } from '../features/auth/LoginModal';
import { ServicesProvider } from '../services/ServicesContext';
import { i18n, loadCatalog } from '../i18n/catalog';
import { renderHeadTags } from '../app/seo/headTags';
import { config } from '../config';
import { LOCALES } from '../common/types';
import { PRERENDER_LOCALE, prerenderServices, startPrerenderedApp } from './prerenderedApp';
import { StartFailedNotice } from './StartFailedNotice';
import { RequestErrorPage } from './RequestErrorPage';
import { REQUEST_ERROR_PAGES, requestErrorFile } from './requestErrorPages';
import { PRERENDERED_DIALOG_ATTRIBUTE } from './boot';

export { PRERENDERED_PAGES } from './pages';

export interface RenderedPage {
  /** The markup of #root. */
  html: string;
  /** The page's own <title>, description, canonical link and link-preview tags. */
  head: string;
  /** The compiled English messages the page was rendered with: the browser hydrates with exactly these. */
  messages: Messages;
}

async function englishCatalog(): Promise<Messages> {
  // Loaded into i18n here already; the prerendered app's locale actor loads the same object again.
  return loadCatalog(PRERENDER_LOCALE);
}

/**
 * The whole English catalogue. The build embeds in each page, besides the messages it was rendered with, those its
 * start's code can show (prerender-plugin.ts): the page needs no catalogue until something beyond it is wanted.
 */
export function englishMessages(): Promise<Messages> {
  return englishCatalog();
}

/** Notes every message id the render asks i18n for (`_` for macros, `t` for useLingui's). */
function recordMessageIds(): { used: Set<string>; stop: () => void } {
  const used = new Set<string>();
  const original = { _: i18n._, t: i18n.t };
  type Translate = (id: string | MessageDescriptor, values?: Record<string, unknown>, options?: MessageOptions) => string;
  const record = (translate: typeof i18n._): typeof i18n._ => {
    const recording: Translate = (id, values, options) => {
      used.add(typeof id === 'string' ? id : (id.id ?? ''));
      return (translate as Translate).call(i18n, id, values, options);
    };
    return recording as typeof i18n._;
  };
  i18n._ = record(original._);
  i18n.t = record(original.t);
  return {
    used,
    stop: () => {
      i18n._ = original._;
      i18n.t = original.t;
    },
  };
}

/** Renders `path` (with no query string) to HTML; rejects if the app fails or the page does not settle. */
export async function renderPage(path: string): Promise<RenderedPage> {
  const catalog = await englishCatalog();
  const app = startPrerenderedApp(() => Promise.resolve(catalog));
  const recording = recordMessageIds();
  try {
    const locale = app.system.get('locale');
    if (locale) await waitFor(locale, (snapshot) => snapshot.hasTag('ready'), { timeout: 10_000 });
    if (i18n.locale !== PRERENDER_LOCALE) throw new Error(`The prerender runs in ${i18n.locale}, not ${PRERENDER_LOCALE}.`);
    // A component that throws would be left to the browser to render: a prerender with holes is refused.
    const errors: unknown[] = [];
    const render = async () => {
      const { prelude } = await prerender(
        <Router ssrPath={path} ssrSearch="">
          <App actor={app} services={prerenderServices} />
        </Router>,
        // React moves a boundary's content out of line (to be moved in by a script) above this size; never here.
        { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
      );
      return new Response(prelude).text();
    };
    // The first render loads the page's lazy code; the second, with all of it in, suspends nowhere, so the HTML
    // is plain markup: no boundary is left for an inline script (which the CSP refuses) to fill in.
    await render();
    recording.used.clear();
    const html = await render();
    if (errors.length) throw new Error(`Prerendering ${path} failed`, { cause: errors[0] });
    if (/<script|<template/i.test(html)) throw new Error(`Prerendering ${path} left a script or template in the markup: something still suspends.`);
    const messages: Messages = {};
    for (const id of [...recording.used].sort()) {
      const message = catalog[id];
      if (message === undefined) throw new Error(`${path} uses the message ${id}, which the English catalogue lacks: run npm run i18n:extract.`);
      messages[id] = message;
    }
    return { html, messages, head: renderHeadTags({ path, i18n, siteUrl: config.siteUrl }) };
  } finally {
    recording.stop();
    app.stop();
  }
}

/** The views of the sign-in dialog the header opens ("Sign in", "Get API key"): each is prerendered on its own. */
export const PRERENDERED_DIALOG_VIEWS = ['signIn', 'signUp'] as const;

/**
 * The sign-in dialog, open on each of PRERENDERED_DIALOG_VIEWS, as the app renders it on its first paint (the social
 * buttons, which need their providers' code, as disabled placeholders that keep their place), each a closed <dialog> marked with its view: a tap on "Sign in" or "Get API
 * key" before the app has started opens the copy at once (themeBoot/prerenderedDialog.ts), and the app's own
 * dialog takes its place, with what was typed into it, once the app has started.
 */
export async function renderPrerenderedDialogs(): Promise<string> {
  await englishCatalog();
  i18n.activate(PRERENDER_LOCALE);
  const dialogs: string[] = [];
  for (const view of PRERENDERED_DIALOG_VIEWS) {
    const app = startPrerenderedApp(() => loadCatalog(PRERENDER_LOCALE));
    try {
      const locale = app.system.get('locale');
      if (locale) await waitFor(locale, (snapshot) => snapshot.hasTag('ready'), { timeout: 10_000 });
      app.system.get('loginModal')?.send({ type: 'OPEN', view });
      const errors: unknown[] = [];
      const render = async () => {
        const { prelude } = await prerender(
          <I18nProvider i18n={i18n}>
            <AppActorProvider actor={app}>
              <ServicesProvider services={prerenderServices}>
                <LoginModal />
              </ServicesProvider>
            </AppActorProvider>
          </I18nProvider>,
          // Ids of its own, apart from the page's (the title's aria-labelledby, the fields' labels).
          { identifierPrefix: `${view}-dialog-`, onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
        );
        return new Response(prelude).text();
      };
      // The first render loads the forms' lazy code; the second has all of it (as renderPage does).
      await render();
      const html = await render();
      if (errors.length) throw new Error(`Prerendering the ${view} dialog failed`, { cause: errors[0] });
      if (/<script|<template/i.test(html)) throw new Error(`The prerendered ${view} dialog left a script or template: something still suspends.`);
      if (!/^<dialog\b/.test(html) || !/<input\b/.test(html)) throw new Error(`The prerendered ${view} dialog has no form: ${html.slice(0, 200)}`);
      dialogs.push(html.replace(/^<dialog\b/, `<dialog ${PRERENDERED_DIALOG_ATTRIBUTE}="${view}"`));
    } finally {
      app.stop();
    }
  }
  return dialogs.join('\n');
}

/** The notice a page shows if its code cannot be fetched, once in each language, hidden (./startFailure.ts). */
export async function renderStartFailedNotices(): Promise<string> {
  const notices: string[] = [];
  for (const locale of LOCALES) {
    const localeI18n = setupI18n({ locale, messages: { [locale]: await loadCatalog(locale) } });
    notices.push(
      renderToStaticMarkup(
        <I18nProvider i18n={localeI18n}>
          <StartFailedNotice locale={locale} />
        </I18nProvider>,
      ),
    );
  }
  return notices.join('\n');
}

/**
 * The pages nginx shows for the errors it answers itself (./requestErrorPages.ts): whole documents, each in every
 * language, and where the build writes them.
 */
export async function renderRequestErrorPages(): Promise<Array<{ file: string; html: string }>> {
  const catalogs = await Promise.all(
    LOCALES.map(async (locale) => ({ locale, i18n: setupI18n({ locale, messages: { [locale]: await loadCatalog(locale) } }) })),
  );
  return REQUEST_ERROR_PAGES.map((error) => ({
    file: requestErrorFile(error),
    html: `<!doctype html>\n${renderToStaticMarkup(<RequestErrorPage error={error} catalogs={catalogs} />)}\n`,
  }));
}
