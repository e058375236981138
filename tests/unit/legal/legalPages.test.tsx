/** The legal pages' Markdown as the build turns it into a page: the shipped defaults, and what no text may do. */
import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import { legalContentFromMarkdown, legalLanguage } from '../../../legal-pages';
import { LEGAL_PAGE_PATHS, LEGAL_TAGS, isAllowedLegalHref, type LegalElement, type LegalNode } from '../../../src/domain/legalPages';
import { LegalText } from '../../../src/features/legal/LegalText';
import terms from '../../../content/legal/terms.md';

const NAMES = Object.keys(LEGAL_PAGE_PATHS) as (keyof typeof LEGAL_PAGE_PATHS)[];
const source = (name: string) => readFileSync(`content/legal/${name}.md`, 'utf8');

function elements(nodes: readonly LegalNode[]): LegalElement[] {
  return nodes.flatMap((node) => (typeof node === 'string' ? [] : [node, ...elements(node.children)]));
}

function textOf(node: LegalNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}

function html(markdown: string): string {
  return renderToStaticMarkup(
    <Router>
      <LegalText nodes={legalContentFromMarkdown(markdown)} />
    </Router>,
  );
}

describe('the default legal texts', () => {
  it.each(NAMES)('%s opens with the notice that it is a template, and asks for what the operator must fill in', (name) => {
    const content = legalContentFromMarkdown(source(name), name);
    const first = content[0];
    expect(typeof first === 'object' && first.tag).toBe('blockquote');
    expect(textOf(first ?? '')).toMatch(/^Template: replace before you/);
    expect(textOf({ tag: 'p', children: content })).toMatch(/\[[a-z][^\]]+\]/i);
  });

  it.each(NAMES)('%s has section headings from h2 down, and only allowed elements', (name) => {
    const found = elements(legalContentFromMarkdown(source(name), name));
    expect(found.filter((element) => element.tag === 'h2').length).toBeGreaterThan(0);
    for (const element of found) expect(LEGAL_TAGS).toContain(element.tag);
    expect(found.map((element) => element.tag)).not.toContain('h1');
  });

  it('the terms name what the operator must fill in, and link to the refund and privacy pages inside the site', () => {
    const content = legalContentFromMarkdown(source('terms'), 'terms');
    const text = textOf({ tag: 'p', children: content });
    for (const blank of ['[registered address]', '[contact e-mail]', '[tax ID]', '[country or state]']) expect(text).toContain(blank);
    expect(
      elements(content)
        .filter((element) => element.tag === 'a')
        .map((link) => link.href),
    ).toEqual(['/refunds', '/privacy']);
    expect(html(source('terms'))).toContain('<h2>Governing law</h2>');
    expect(html(source('terms'))).toContain('<a href="/refunds">refund policy</a>');
  });

  it('the refund policy asks for the refund window', () => {
    expect(textOf({ tag: 'p', children: legalContentFromMarkdown(source('refunds')) })).toContain('[refund window, e.g. 14 days]');
  });

  it('the contact page keeps the address on separate lines', () => {
    expect(html(source('contact'))).toMatch(/<strong>\[Company legal name\]<\/strong><br\/>\s*\[Street and number\]<br\/>/);
  });

  it('an import of a text is the same tree, with the language of content/legal/settings.json', () => {
    expect(terms).toEqual({ language: 'en', content: legalContentFromMarkdown(source('terms'), 'content/legal/terms.md') });
  });
});

describe('what a legal text may not do', () => {
  it('raw HTML stays text: shown as typed, never markup', () => {
    const markdown = 'Hello <script>alert(1)</script> and <img src=x onerror="alert(2)">\n\n<iframe src="https://evil.example"></iframe>\n';
    const content = legalContentFromMarkdown(markdown);
    expect(elements(content).map((element) => element.tag)).toEqual(['p', 'p']);
    const rendered = html(markdown);
    expect(rendered).not.toMatch(/<script|<img|<iframe/);
    expect(rendered).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(rendered).toContain('&lt;iframe src=&quot;https://evil.example&quot;&gt;');
  });

  it.each(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'vbscript:x', '//evil.example/terms', 'file:///etc/passwd', 'ftp://x'])(
    'a link to %s fails the build, naming the file and the line',
    (href) => {
      expect(() => legalContentFromMarkdown(`Intro\n\nSee [this](<${href}>).`, 'terms.md')).toThrow(/^terms\.md:3: the link .* is not allowed/);
    },
  );

  it('links to the site, http(s), mailto: and tel: are kept', () => {
    const content = legalContentFromMarkdown('[a](/privacy) [b](https://example.com/x) [c](mailto:legal@example.com) [d](tel:+15550100) [e](#top)');
    expect(elements(content).flatMap((element) => (element.href ? [element.href] : []))).toEqual([
      '/privacy',
      'https://example.com/x',
      'mailto:legal@example.com',
      'tel:+15550100',
      '#top',
    ]);
    expect(isAllowedLegalHref('/\\evil.example')).toBe(false);
  });

  it('a "# " heading fails the build: the page has its own translated h1', () => {
    expect(() => legalContentFromMarkdown('# Terms\n\ntext', 'terms.md')).toThrow(/terms\.md:1: a "# " heading is the page's own title/);
  });

  it('an image fails the build', () => {
    expect(() => legalContentFromMarkdown('![logo](/logo.png)', 'contact.md')).toThrow(/contact\.md:1: .*an image is not allowed/);
  });

  it('the language must be a language tag', () => {
    expect(legalLanguage('{ "language": "de-at" }')).toBe('de-AT');
    expect(() => legalLanguage('{ "language": "not a tag" }')).toThrow(/is not a language tag/);
    expect(() => legalLanguage('{}')).toThrow(/must name the texts' language/);
  });
});

describe('LegalText', () => {
  it('renders a link the build would refuse as its text only, should a tree ever hold one', () => {
    const rendered = renderToStaticMarkup(
      <Router>
        <LegalText nodes={[{ tag: 'p', children: [{ tag: 'a', href: 'javascript:alert(1)', children: ['click'] }] }]} />
      </Router>,
    );
    expect(rendered).toBe('<p><span>click</span></p>');
  });
});
