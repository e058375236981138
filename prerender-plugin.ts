/**
 * Prerendering: after the client build, the public pages are rendered to HTML (src/prerender/render.tsx, built
 * for Node with Vite's SSR build and rendered with react-dom/static) and written into the build, one file per
 * page, each from the built index.html. The browser hydrates them (src/main.tsx).
 *
 * Each page's <head> also gets its own code and styles (from Vite's manifest), so the page's chunk arrives with
 * the entry instead of after it, and the English messages it was rendered with, so hydration needs no catalogue.
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';
import type { Messages } from '@lingui/core';
import type { PrerenderedPage } from './src/prerender/pages.ts';
import {
  MESSAGES_ELEMENT_ID,
  PRERENDERED_ATTRIBUTE,
  PRERENDERED_NOT_AT_ATTRIBUTE,
  PRERENDERED_READS_QUERY_ATTRIBUTE,
  START_FILES_ELEMENT_ID,
} from './src/prerender/boot.ts';

const SERVER_ENTRY = 'src/prerender/render.tsx';
/** In the build's `.vite/` (beside Vite's manifest): each prerendered file's scripts and styles. */
const PRERENDER_REPORT = 'prerendered.json';
/** What the entry script (src/entry.ts) imports once the page has painted: the app, which hydrates the page. */
const APP_MODULE = 'src/main.tsx';
/**
 * What the app's start imports besides the app and the page (src/main.tsx's startMode), those of them the build
 * has: demo mode's services, or live mode's. Not the catalogue: the page carries the messages its start can show.
 */
const START_MODULES = ['src/demo/boot.ts', 'src/services/google/live.tsx', 'src/services/microsoft/live.ts', 'src/services/paypal/live.ts'];
/** Set for the nested server build, which loads this config again and must not prerender itself. */
const NESTED_BUILD = 'PRERENDER_SERVER_BUILD';

interface ServerEntry {
  PRERENDERED_PAGES: readonly PrerenderedPage[];
  renderPage(path: string): Promise<{ html: string; head: string; messages: Messages }>;
  englishMessages(): Promise<Messages>;
  renderStartFailedNotices(): Promise<string>;
  renderPrerenderedDialogs(): Promise<string>;
  renderRequestErrorPages(): Promise<Array<{ file: string; html: string }>>;
}

/**
 * One page's files in the report: `entry` is the script a first visit runs before the visitor's first action
 * (src/entry.ts, with its static imports), `js` all the code the page runs once the app starts, `css` its styles.
 */
interface PrerenderedFiles {
  entry: string[];
  js: string[];
  css: string[];
}

/** The files a chunk needs, its static imports first (transitively), and their styles. */
export function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js: string[] = [];
  const css: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const chunk = manifest[name];
    if (!chunk) throw new Error(`Vite's manifest has no chunk ${name}.`);
    for (const imported of chunk.imports ?? []) visit(imported);
    js.push(chunk.file);
    for (const sheet of chunk.css ?? []) if (!css.includes(sheet)) css.push(sheet);
  };
  visit(key);
  return { js, css };
}

/**
 * The messages of `catalogue` that `code` names. Lingui's compiled macros leave each message's id in the code as a
 * string literal (`{id:\`yz7wBu\`}`), wherever the message is shown from, so every quoted word of the code that is an
 * id of the catalogue is one the code can show.
 */
export function messagesNamedIn(code: string, catalogue: Messages): Messages {
  const found: Messages = {};
  // Every quoted word, wherever it starts: a quote of one kind inside a string of another (`"it's"`) must not
  // pair the quotes after it the wrong way round.
  for (const [, , id] of code.matchAll(/(?=([`"'])([^`"'\\\s]{1,100})\1)/g)) {
    const message = catalogue[id!];
    if (message !== undefined) found[id!] = message;
  }
  return found;
}

function sortedById(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** JSON that is safe inside a <script> element: no `</script>`, no `<!--`. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * One page's HTML: the template with the page's markup, messages and head links: the styles of the app and the
 * page (the page must not show unstyled), and preloads of the page's own code, which the app imports first.
 */
export function pageHtml(
  template: string,
  page: PrerenderedPage,
  rendered: { html: string; head: string; messages: Messages },
  files: { js: string[]; css: string[]; start?: string[] },
  /** Markup that goes after #root, outside what React owns: the notices for a failed start, the prerendered dialogs. */
  afterRoot: string,
): string {
  const loaded = new Set([...template.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]));
  const links = [
    ...files.css.filter((file) => !loaded.has(`/${file}`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...files.js.filter((file) => !loaded.has(`/${file}`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    `<script type="application/json" id="${MESSAGES_ELEMENT_ID}">${scriptSafeJson(rendered.messages)}</script>`,
    ...(files.start?.length
      ? [`<script type="application/json" id="${START_FILES_ELEMENT_ID}">${scriptSafeJson(files.start.map((file) => `/${file}`))}</script>`]
      : []),
  ];
  const attributes =
    ` ${PRERENDERED_ATTRIBUTE}="${page.path}"` +
    (page.readsQuery ? ` ${PRERENDERED_READS_QUERY_ATTRIBUTE}` : '') +
    (page.notThePageAt ? ` ${PRERENDERED_NOT_AT_ATTRIBUTE}="${page.notThePageAt.join(' ')}"` : '');
  const replaced = (html: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${pattern.source}: cannot prerender ${page.path}.`);
    return html.replace(pattern, () => replacement);
  };
  let html = replaced(template, /<html lang="en">/, `<html lang="en"${attributes}>`);
  // The page's own head replaces the template's generic title and description.
  html = replaced(html, /\s*<meta name="description"[^>]*>/, '');
  html = replaced(html, /<title>[^<]*<\/title>/, rendered.head.split('\n').join('\n    '));
  html = replaced(html, /\n\s*<\/head>/, `\n    ${links.join('\n    ')}\n  </head>`);
  // Outside the root: React owns the root's markup, and the notices are shown when React never arrives.
  html = replaced(html, /<div id="root"><\/div>/, `<div id="root">${rendered.html}</div>\n    ${afterRoot}`);
  // The page reads and paints without its code: the code comes after the markup, styles and images, and does not
  // hold up the first paint (module scripts and their preloads are otherwise fetched at high priority).
  html = html.replace(/<script type="module"(?![^>]*fetchpriority)/g, '<script type="module" fetchpriority="low"');
  return html.replace(/<link rel="modulepreload"(?![^>]*fetchpriority)/g, '<link rel="modulepreload" fetchpriority="low"');
}

/**
 * `afterPrerender` gets the pages once they are written, for what a deployment derives from them (the server's
 * routes: nginx-config.ts).
 */
export function prerenderPlugin(options: { afterPrerender?: (outDir: string, pages: readonly PrerenderedPage[]) => void } = {}): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-public-pages',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr && !process.env[NESTED_BUILD],
    config: () => ({ build: { manifest: true } }),
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // A build has only some of them (a mode's), so a name that matches no file would be left out without a word.
      const unknown = START_MODULES.filter((module) => !existsSync(path.resolve(config.root, module)));
      if (unknown.length > 0) throw new Error(`prerender: START_MODULES names no file at ${unknown.join(', ')}`);
      const outDir = path.resolve(config.root, config.build.outDir);
      // Inside the project, so that Node finds the packages the server build leaves external.
      const cache = path.join(config.root, 'node_modules', '.cache');
      mkdirSync(cache, { recursive: true });
      const serverDir = mkdtempSync(path.join(cache, 'prerender-'));
      process.env[NESTED_BUILD] = '1';
      try {
        await build({
          configFile: config.configFile,
          mode: config.mode,
          root: config.root,
          logLevel: 'warn',
          build: {
            ssr: SERVER_ENTRY,
            outDir: serverDir,
            emptyOutDir: true,
            manifest: false,
            rollupOptions: { output: { entryFileNames: 'render.mjs' } },
          },
        });
        const server = (await import(pathToFileURL(path.join(serverDir, 'render.mjs')).href)) as ServerEntry;
        const manifestFile = path.join(outDir, '.vite', 'manifest.json');
        const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        // What the HTML names itself (the entry script, its styles) check:size reads from each page's HTML.
        const entry = chunkFiles(manifest, 'index.html').js;
        const report: Record<string, PrerenderedFiles> = {};
        // After #root: the notices for a start that fails, and the sign-in dialog a tap opens before the app starts.
        const afterRoot = `${await server.renderStartFailedNotices()}\n${await server.renderPrerenderedDialogs()}`;
        const catalogue = await server.englishMessages();
        const codeOf = (file: string) => readFileSync(path.join(outDir, file), 'utf8');
        for (const page of server.PRERENDERED_PAGES) {
          const rendered = await server.renderPage(page.path);
          const file = path.join(outDir, page.file);
          mkdirSync(path.dirname(file), { recursive: true });
          const app = chunkFiles(manifest, APP_MODULE);
          const own = chunkFiles(manifest, page.module);
          // Styles only are linked: code is fetched later (src/entry.ts: at idle after the largest paint, at the
          // first action, or after the first paint), the page's with the app's (main.tsx).
          const css = [...new Set([...app.css, ...own.css])];
          // Code is listed instead, for src/entry.ts to request all at once when it starts: the app, the page's
          // own chunk, and what the start imports besides.
          // (A chunk's styles too: the import of a chunk waits for them.)
          const more = START_MODULES.filter((key) => key in manifest).map((key) => chunkFiles(manifest, key));
          const start = [...new Set([...app.js, ...own.js, ...more.flatMap((files) => [...files.js, ...files.css])])].filter(
            (file) => !entry.includes(file) && !css.includes(file),
          );
          // The page's messages: those it was rendered with, and those its start's code can show (a dialog, a
          // toast, an error): the catalogue is fetched only when something beyond them is wanted (src/main.tsx).
          const startCode = [...entry, ...start]
            .filter((file) => file.endsWith('.js'))
            .map(codeOf)
            .join('\n');
          const messages = { ...messagesNamedIn(startCode, catalogue), ...rendered.messages };
          writeFileSync(file, pageHtml(template, page, { ...rendered, messages: sortedById(messages) }, { css, js: [], start }, afterRoot));
          report[page.file] = { entry, js: [...new Set([...entry, ...app.js, ...own.js])], css };
        }
        // nginx's pages for the errors it answers itself (nginx-config.ts points each status at its file).
        for (const { file, html } of await server.renderRequestErrorPages()) {
          const target = path.join(outDir, file);
          mkdirSync(path.dirname(target), { recursive: true });
          writeFileSync(target, html);
        }
        // What each page loads, before the visitor's first action and at it: scripts/check-size.mjs holds both to a budget.
        writeFileSync(path.join(outDir, '.vite', PRERENDER_REPORT), `${JSON.stringify(report, null, 2)}\n`);
        config.logger.info(`prerendered ${server.PRERENDERED_PAGES.map((page) => page.path).join(', ')}`);
        options.afterPrerender?.(outDir, server.PRERENDERED_PAGES);
      } finally {
        delete process.env[NESTED_BUILD];
        rmSync(serverDir, { recursive: true, force: true });
      }
    },
  };
}
