import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { SITE_NAME } from '../app/seo/site';
import type { Locale } from '../common/types';
import { sentStatus, type RequestErrorKind, type RequestErrorPage as RequestError } from './requestErrorPages';

/**
 * Plain and self-contained: the page is what nginx sends when it could not read the request, so it loads nothing
 * else (no script, no stylesheet, no image). Inline styles are allowed by the policy's style-src; were they not, the
 * page would still read as plain text. The browser's own colours, light or dark.
 */
const STYLE = [
  'body { margin: 0; font: 16px/1.5 system-ui, sans-serif; }',
  'main { max-width: 40rem; margin: 0 auto; padding: 2rem 1rem; overflow-wrap: anywhere; }',
  'h1 { font-size: 1.25rem; margin: 0 0 1.5rem; }',
  'h2 { font-size: 1.125rem; margin: 0 0 0.25rem; }',
  'section { margin: 0 0 1.5rem; }',
  'p { margin: 0 0 0.5rem; }',
].join('\n');

function ErrorWords({ kind, status }: { kind: RequestErrorKind; status: number }) {
  switch (kind) {
    case 'addressTooLong':
      return (
        <>
          <h2>
            <Trans>This address is too long</Trans>
          </h2>
          <p>
            <Trans>
              The address is longer than this site accepts (HTTP {status}), so the link may have been cut or changed on its way. Check the link, or go
              to the home page.
            </Trans>
          </p>
        </>
      );
    case 'headersTooLarge':
      return (
        <>
          <h2>
            <Trans>Your browser sent too much with this request</Trans>
          </h2>
          <p>
            <Trans>
              What your browser sends with every request to this site, cookies mostly, is larger than the site accepts (HTTP {status}). Delete this
              site's cookies in your browser's settings, then reload the page.
            </Trans>
          </p>
        </>
      );
    case 'refused':
      return (
        <>
          <h2>
            <Trans>This request could not be answered</Trans>
          </h2>
          <p>
            <Trans>The site could not accept what your browser sent (HTTP {status}). Go to the home page and try again from there.</Trans>
          </p>
        </>
      );
  }
}

/**
 * The whole document for one error, in every language of the app, one section each: nginx sends it before it has
 * read the request's headers (or when they are the problem), so it cannot pick the visitor's language.
 */
export function RequestErrorPage({ error, catalogs }: { error: RequestError; catalogs: ReadonlyArray<{ locale: Locale; i18n: I18n }> }) {
  const status = sentStatus(error);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="robots" content="noindex" />
        <title>{`HTTP ${status} · ${SITE_NAME}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        <main>
          <h1>{`${SITE_NAME} · HTTP ${status}`}</h1>
          {catalogs.map(({ locale, i18n }) => (
            <I18nProvider key={locale} i18n={i18n}>
              <section lang={locale}>
                <ErrorWords kind={error.kind} status={status} />
                <p>
                  <a href="/">
                    <Trans>Go to the home page</Trans>
                  </a>
                </p>
              </section>
            </I18nProvider>
          ))}
        </main>
      </body>
    </html>
  );
}
