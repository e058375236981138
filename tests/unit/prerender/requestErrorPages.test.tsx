import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../src/common/types';
import { renderRequestErrorPages } from '../../../src/prerender/render';
import { REQUEST_ERROR_PAGES, requestErrorFile, sentStatus } from '../../../src/prerender/requestErrorPages';

/** The pages as the build writes them (prerender-plugin.ts), read back as a browser would. */
async function renderedPages() {
  const pages = await renderRequestErrorPages();
  return pages.map(({ file, html }) => ({ file, html, document: new DOMParser().parseFromString(html, 'text/html') }));
}

describe("nginx's pages for the errors it answers itself", () => {
  it('are one whole, self-contained document per status, where the nginx config looks for it', async () => {
    const pages = await renderedPages();
    expect(pages.map(({ file }) => file)).toEqual(REQUEST_ERROR_PAGES.map(requestErrorFile));
    expect(pages.map(({ file }) => file)).toContain('.nginx/errors/431.html');
    for (const { file, html, document } of pages) {
      expect(html, file).toMatch(/^<!doctype html>\n<html lang="en">/);
      expect(html, file).toMatch(/<head><meta charset="utf-8"\/?>/i);
      // Nothing to load, nothing to run, and no word of the server behind it.
      expect(html, file).not.toMatch(/<script|<link|<img|src=/i);
      expect(html, file).not.toMatch(/nginx/i);
      expect(document.querySelector('meta[name="robots"]')?.getAttribute('content'), file).toBe('noindex');
      expect(document.querySelectorAll('h1'), file).toHaveLength(1);
    }
  });

  it('say what happened and what to do, with the status, in every language of the app', async () => {
    for (const [index, { file, document }] of (await renderedPages()).entries()) {
      const status = String(sentStatus(REQUEST_ERROR_PAGES[index] ?? { status: 0, kind: 'refused' }));
      expect(document.querySelector('h1')?.textContent, file).toContain(`HTTP ${status}`);
      const sections = [...document.querySelectorAll('section')];
      expect(
        sections.map((section) => section.getAttribute('lang')),
        file,
      ).toEqual([...LOCALES]);
      const headings = sections.map((section) => section.querySelector('h2')?.textContent ?? '');
      // Translated: no two languages say it with the same words (an untranslated message falls back to English).
      expect(new Set(headings).size, file).toBe(LOCALES.length);
      for (const section of sections) {
        const lang = section.getAttribute('lang');
        expect(section.textContent, `${file} ${lang}`).toContain(`HTTP ${status}`);
        const links = [...section.querySelectorAll('a')];
        expect(
          links.map((link) => link.getAttribute('href')),
          `${file} ${lang}`,
        ).toEqual(['/']);
        expect(links[0]?.textContent, `${file} ${lang}`).not.toBe('');
      }
    }
  });

  it('give each kind of error its own advice', async () => {
    const english = new Map(
      (await renderedPages()).map(({ file, document }) => [file, document.querySelector('section[lang="en"]')?.textContent ?? '']),
    );
    expect(english.get('.nginx/errors/431.html')).toContain("Delete this site's cookies");
    expect(english.get('.nginx/errors/414.html')).toContain('This address is too long');
    expect(english.get('.nginx/errors/414.html')).toContain('Check the link');
    for (const status of [400, 405, 413, 501, 505]) {
      expect(english.get(`.nginx/errors/${status}.html`), String(status)).toContain('This request could not be answered');
    }
  });
});
