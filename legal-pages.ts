/**
 * The legal pages' text: the operator's Markdown in content/legal/ becomes, at build time, a LegalDocument (a
 * tree of allowed elements, src/domain/legalPages.ts) that the page's chunk imports as data. markdown-it parses;
 * this only maps its tokens onto the allowed elements.
 *
 * The sanitising rule: nothing in the file becomes markup of its own. Raw HTML is not parsed (it stays text, shown
 * as typed), every token is mapped through an allow-list, and a link must be a path of this site, http(s), mailto:
 * or tel:. Anything else (an h1, an image, another link scheme) fails the build with the file and what to change,
 * so the operator finds out at once rather than from a page with holes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownItParser, { type MarkdownIt, type Token } from 'markdown-it';
import type { Plugin } from 'vite';
import { LEGAL_TAGS, isAllowedLegalHref, type LegalDocument, type LegalElement, type LegalNode, type LegalTag } from './src/domain/legalPages.ts';

/** Where the operator's texts live, relative to the project root. */
const LEGAL_CONTENT_DIR = 'content/legal';
const SETTINGS_FILE = 'settings.json';

function markdownParser(): MarkdownIt {
  // html: false keeps raw HTML as text; the link check is ours (below), so markdown-it's own is turned off to
  // let a refused link reach it and fail the build instead of silently staying text.
  const md = new MarkdownItParser({ html: false, linkify: false, typographer: false });
  md.validateLink = () => true;
  return md;
}

function allowedTag(tag: string, where: string): LegalTag {
  if (tag === 'h1') throw new Error(`${where}: a "# " heading is the page's own title; start the text's headings at "## ".`);
  const found = LEGAL_TAGS.find((allowed) => allowed === tag);
  if (!found) throw new Error(`${where}: Markdown that makes <${tag}> is not allowed in a legal text.`);
  return found;
}

function inlineNodes(tokens: readonly Token[], where: string): LegalNode[] {
  const root: LegalElement = { tag: 'p', children: [] };
  const stack: LegalElement[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  for (const token of tokens) {
    switch (token.type) {
      case 'text':
        top().children.push(token.content);
        break;
      case 'softbreak':
        top().children.push('\n');
        break;
      case 'hardbreak':
        top().children.push({ tag: 'br', children: [] });
        break;
      case 'code_inline':
        top().children.push({ tag: 'code', children: [token.content] });
        break;
      case 'link_open': {
        const href = String(token.attrGet('href') ?? '');
        if (!isAllowedLegalHref(href)) {
          throw new Error(`${where}: the link "${href}" is not allowed: use a path of this site (/terms), an http(s) address, mailto: or tel:.`);
        }
        const link: LegalElement = { tag: 'a', href, children: [] };
        top().children.push(link);
        stack.push(link);
        break;
      }
      case 'strong_open':
      case 'em_open':
      case 's_open': {
        const element: LegalElement = { tag: allowedTag(token.tag, where), children: [] };
        top().children.push(element);
        stack.push(element);
        break;
      }
      case 'link_close':
      case 'strong_close':
      case 'em_close':
      case 's_close':
        stack.pop();
        break;
      default:
        throw new Error(`${where}: Markdown that makes ${token.type === 'image' ? 'an image' : `"${token.type}"`} is not allowed in a legal text.`);
    }
  }
  return root.children;
}

/** The operator's Markdown as a tree of allowed elements; `where` names the file in errors. */
export function legalContentFromMarkdown(source: string, where = 'legal text'): LegalNode[] {
  const root: LegalElement = { tag: 'p', children: [] };
  const stack: LegalElement[] = [root];
  const top = () => stack[stack.length - 1] ?? root;
  for (const token of markdownParser().parse(source, {})) {
    const line = token.map ? `${where}:${token.map[0] + 1}` : where;
    // A tight list's paragraphs are hidden: their text goes straight into the item.
    if (token.hidden && token.type.startsWith('paragraph_')) continue;
    if (token.type === 'inline') {
      top().children.push(...inlineNodes(token.children ?? [], line));
    } else if (token.type === 'fence' || token.type === 'code_block') {
      top().children.push({ tag: 'pre', children: [{ tag: 'code', children: [token.content] }] });
    } else if (token.nesting === 1) {
      const element: LegalElement = { tag: allowedTag(token.tag, line), children: [] };
      const start = token.attrGet('start');
      if (element.tag === 'ol' && start !== null && Number(start) !== 1) element.start = Number(start);
      top().children.push(element);
      stack.push(element);
    } else if (token.nesting === -1) {
      stack.pop();
    } else {
      top().children.push({ tag: allowedTag(token.tag, line), children: [] });
    }
  }
  return root.children;
}

/** The language of the texts (content/legal/settings.json), checked as a BCP 47 tag. */
export function legalLanguage(settingsJson: string, where = SETTINGS_FILE): string {
  const settings: unknown = JSON.parse(settingsJson);
  const language = typeof settings === 'object' && settings !== null && 'language' in settings ? settings.language : undefined;
  if (typeof language !== 'string') throw new Error(`${where} must name the texts' language, as in { "language": "en" }.`);
  try {
    const [canonical] = Intl.getCanonicalLocales(language);
    if (canonical) return canonical;
  } catch {
    // reported below
  }
  throw new Error(`${where}: "${language}" is not a language tag such as "en" or "de-AT".`);
}

/** Imports of content/legal/*.md become their LegalDocument, as a module of plain data. */
export function legalPagesPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'legal-pages',
    configResolved(config) {
      root = config.root;
    },
    transform(source, id) {
      const file = id.split('?')[0] ?? id;
      const dir = path.join(root, LEGAL_CONTENT_DIR);
      if (path.dirname(file) !== dir || !file.endsWith('.md')) return null;
      const settingsFile = path.join(dir, SETTINGS_FILE);
      this.addWatchFile(settingsFile);
      const where = path.relative(root, file);
      const document: LegalDocument = {
        language: legalLanguage(readFileSync(settingsFile, 'utf8'), path.relative(root, settingsFile)),
        content: legalContentFromMarkdown(source, where),
      };
      return { code: `export default ${JSON.stringify(document)};`, map: null };
    },
  };
}
