import { describe, expect, it } from 'vitest';
import type { Manifest } from 'vite';
import { chunkFiles, messagesNamedIn, pageHtml, scriptSafeJson } from '../../../prerender-plugin';

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="generic" />
    <title>Nano Banana API</title>
    <script type="module" crossorigin src="/assets/entry.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/entry.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const PAGE = {
  path: '/playground/flux',
  file: 'playground/flux.html',
  module: 'src/features/playground/PlaygroundPage.tsx',
  readsQuery: true,
};

describe('pageHtml', () => {
  const html = pageHtml(
    TEMPLATE,
    PAGE,
    { html: '<h1>Playground</h1>', head: '<title>Playground</title>', messages: { a: ['</script><script>alert(1)</script>'] } },
    { js: [], css: ['assets/entry.css', 'assets/page.css'] },
    '<div class="start-failed" hidden data-start-failed="">…</div>',
  );

  it('puts the markup in #root and says which page it is', () => {
    expect(html).toContain('<div id="root"><h1>Playground</h1></div>');
    expect(html).toContain('<html lang="en" data-prerendered="/playground/flux" data-prerendered-reads-query>');
  });

  it("names on the 404 file the app's own addresses, where it is not the page", () => {
    const page = { path: '/404', file: '404.html', module: 'src/app/NotFoundPage.tsx', readsQuery: false, notThePageAt: ['/', '/dashboard'] };
    const written = pageHtml(TEMPLATE, page, { html: '', head: '', messages: {} }, { js: [], css: [] }, '');
    expect(written).toContain('<html lang="en" data-prerendered="/404" data-prerendered-not-at="/ /dashboard">');
  });

  it('puts the notices for a start that fails after the root, outside what React owns', () => {
    expect(html).toMatch(/<div id="root"><h1>Playground<\/h1><\/div>\s*<div class="start-failed" hidden data-start-failed="">…<\/div>/);
  });

  it("replaces the template's title and description with the page's own head", () => {
    expect(html).toContain('<title>Playground</title>');
    expect(html).not.toContain('Nano Banana API</title>');
    expect(html).not.toContain('content="generic"');
  });

  it('adds the styles the template lacks, once', () => {
    expect(html.match(/assets\/entry\.css/g)).toHaveLength(1);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/page.css">');
  });

  it('fetches the code at low priority, after the markup and styles', () => {
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/entry.js">');
  });

  it('embeds the messages so that no string can end the script element', () => {
    expect(html).not.toContain('</script><script>alert(1)');
    const json = /<script type="application\/json" id="prerendered-messages">(.*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(json)).toEqual({ a: ['</script><script>alert(1)</script>'] });
  });

  it('refuses a template it cannot place the page in', () => {
    expect(() =>
      pageHtml(
        TEMPLATE.replace('<div id="root"></div>', '<main></main>'),
        PAGE,
        { html: '', head: '<title>x</title>', messages: {} },
        { js: [], css: [] },
        '',
      ),
    ).toThrow(/root/);
  });
});

describe('chunkFiles', () => {
  const manifest: Manifest = {
    'src/page.tsx': { file: 'assets/page.js', imports: ['_shared.js'], css: ['assets/page.css'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['_base.js'], css: ['assets/shared.css'] },
    '_base.js': { file: 'assets/base.js', imports: ['_shared.js'] },
  };

  it('lists a chunk after its static imports, each once, with their styles', () => {
    expect(chunkFiles(manifest, 'src/page.tsx')).toEqual({
      js: ['assets/base.js', 'assets/shared.js', 'assets/page.js'],
      css: ['assets/shared.css', 'assets/page.css'],
    });
  });

  it('refuses a chunk the manifest does not have', () => {
    expect(() => chunkFiles(manifest, 'src/missing.tsx')).toThrow(/no chunk/);
  });
});

describe('scriptSafeJson', () => {
  it('escapes every "<"', () => {
    expect(scriptSafeJson({ text: '<!-- </script>' })).toBe('{"text":"\\u003c!-- \\u003c/script>"}');
  });
});

describe('messagesNamedIn', () => {
  const catalogue = { yz7wBu: ['Sign in'], 'Ab+/9=': ['Close'], unused: ['Never shown'] };

  it("finds the ids Lingui's compiled macros leave in the code, in any quotes", () => {
    const code = 'a({id:`yz7wBu`});b._({id:"Ab+/9="});const c=\'plain\';';
    expect(messagesNamedIn(code, catalogue)).toEqual({ yz7wBu: ['Sign in'], 'Ab+/9=': ['Close'] });
  });

  it('finds an id after a string holding a quote of another kind', () => {
    expect(messagesNamedIn('a("it\'s",x+"yz7wBu");b(`don\'t`,\'Ab+/9=\')', catalogue)).toEqual({ yz7wBu: ['Sign in'], 'Ab+/9=': ['Close'] });
  });

  it('takes nothing that is not a whole quoted id of the catalogue', () => {
    expect(messagesNamedIn('x="yz7wBuX";y=`a yz7wBu`;z=unused;', catalogue)).toEqual({});
  });
});
