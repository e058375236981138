#!/usr/bin/env node
// npm run i18n:check — extracts messages, then fails when any locale lacks a real translation.
//
//   node scripts/i18n-check.mjs [--skip-extract] [--locales DIR] [--sources DIR,DIR]
//
// --skip-extract and --locales exist so the checker itself can be tested against fixture catalogues.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_LOCALE = 'en';
const LOCALES = ['en', 'es', 'fr', 'de', 'ru', 'zh-CN'];
const CONTEXT_SEPARATOR = '\u0004'; // gettext's own key separator between msgctxt and msgid

// ---------------------------------------------------------------- PO parsing

const ESCAPES = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\', a: '\u0007', b: '\b', f: '\f', v: '\v' };

/** Decodes one quoted PO string literal, e.g. `"say \"hi\"\n"`. */
function parseQuoted(literal, where) {
  if (literal.length < 2 || !literal.startsWith('"') || !literal.endsWith('"')) {
    throw new Error(`${where}: expected a quoted string, got ${literal}`);
  }
  const body = literal.slice(1, -1);
  let out = '';
  for (let i = 0; i < body.length; i += 1) {
    const char = body[i];
    if (char === '"') throw new Error(`${where}: unescaped quote inside ${literal}`);
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) throw new Error(`${where}: dangling backslash in ${literal}`);
    i += 1;
    out += ESCAPES[next] ?? next;
  }
  return out;
}

const KEYWORD = /^(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d+)\])?\s+(".*")$/;

/**
 * Parses PO text into `{ headers, entries }`: headers from the header entry (empty msgid) by name,
 * entries as `{ context, id, idPlural, translations: string[], line }`. Obsolete `#~` entries are left out.
 */
export function parsePo(text, fileName = 'messages.po') {
  const entries = [];
  const headers = new Map();
  let entry = null;
  let field = null; // the part continuation lines append to: { key, index }

  const finish = () => {
    if (entry && entry.id !== undefined) {
      if (entry.id === '' && entry.context === undefined) {
        for (const header of (entry.translations[0] ?? '').split('\n')) {
          const colon = header.indexOf(':');
          if (colon > 0) headers.set(header.slice(0, colon).trim(), header.slice(colon + 1).trim());
        }
      } else {
        entries.push(entry);
      }
    }
    entry = null;
    field = null;
  };

  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const where = `${fileName}:${index + 1}`;
    if (line === '') {
      finish();
      return;
    }
    if (line.startsWith('#')) {
      // Comments (including obsolete `#~` lines, which are skipped whole) start the next entry.
      if (entry && entry.translations.length > 0) finish();
      return;
    }
    if (line.startsWith('"')) {
      if (!entry || !field) throw new Error(`${where}: a string continuation with nothing to continue`);
      const value = parseQuoted(line, where);
      if (field.key === 'msgstr') entry.translations[field.index] += value;
      else entry[field.key] += value;
      return;
    }
    const match = KEYWORD.exec(line);
    if (!match) throw new Error(`${where}: cannot read line: ${line}`);
    const [, keyword, plural, literal] = match;
    const value = parseQuoted(literal, where);

    if (keyword === 'msgctxt' || keyword === 'msgid') {
      // A new msgctxt/msgid after a msgstr begins the next entry even without a blank line.
      if (entry && (entry.translations.length > 0 || (keyword === 'msgid' && entry.id !== undefined))) finish();
      entry ??= { context: undefined, id: undefined, idPlural: undefined, translations: [], line: index + 1 };
      if (keyword === 'msgctxt') {
        entry.context = value;
        field = { key: 'context' };
      } else {
        entry.id = value;
        field = { key: 'id' };
      }
      return;
    }
    if (!entry || entry.id === undefined) throw new Error(`${where}: ${keyword} before msgid`);
    if (keyword === 'msgid_plural') {
      entry.idPlural = value;
      field = { key: 'idPlural' };
      return;
    }
    const slot = plural === undefined ? 0 : Number(plural);
    entry.translations[slot] = value;
    field = { key: 'msgstr', index: slot };
  });
  finish();
  return { headers, entries };
}

/** `nplurals` from the Plural-Forms header, when the catalogue declares it. */
export function pluralCount(headers) {
  const match = /nplurals\s*=\s*(\d+)/.exec(headers.get('Plural-Forms') ?? '');
  return match ? Number(match[1]) : undefined;
}

export function entryKey(entry) {
  return entry.context === undefined ? entry.id : `${entry.context}${CONTEXT_SEPARATOR}${entry.id}`;
}

function displayKey(entry) {
  return entry.context === undefined ? JSON.stringify(entry.id) : `${JSON.stringify(entry.id)} (context ${JSON.stringify(entry.context)})`;
}

// ---------------------------------------------------------------- the rules

/** Text with nothing to translate: only placeholders, digits, punctuation ("{0}", "{used} / {total}"). */
function hasNothingToTranslate(text) {
  return !/\p{L}/u.test(text.replace(/\{\w+\}/g, ''));
}

/**
 * Compares every non-source catalogue (`Map<locale, { headers, entries }>`) with the source one.
 * Returns `{ problems: [{ locale, key, reason }], summary: [{ locale, total, translated, missing, empty, same }] }`.
 */
export function checkCatalogues(catalogues, sameInAll, sameByLocale = new Map()) {
  const source = catalogues.get(SOURCE_LOCALE)?.entries ?? [];
  const problems = [];
  const summary = [{ locale: SOURCE_LOCALE, total: source.length, translated: source.length, missing: 0, empty: 0, same: 0 }];

  for (const locale of LOCALES) {
    if (locale === SOURCE_LOCALE) continue;
    const catalogue = catalogues.get(locale);
    const byKey = new Map((catalogue?.entries ?? []).map((entry) => [entryKey(entry), entry]));
    const nplurals = catalogue ? pluralCount(catalogue.headers) : undefined;
    const row = { locale, total: source.length, translated: 0, missing: 0, empty: 0, same: 0 };
    // Words one language writes as English does (German "Credits", "Status") are listed for that language alone.
    const allowed = new Set([...sameInAll, ...(sameByLocale.get(locale) ?? [])]);
    const fail = (english, reason, counter) => {
      row[counter] += 1;
      problems.push({ locale, key: displayKey(english), reason });
    };

    for (const english of source) {
      const entry = byKey.get(entryKey(english));
      if (!entry) {
        fail(english, 'missing', 'missing');
        continue;
      }
      // A plural entry needs every form the locale declares; Array.from turns holes into undefined.
      const wanted = english.idPlural !== undefined ? Math.max(nplurals ?? 1, entry.translations.length, 1) : 1;
      const forms = Array.from({ length: wanted }, (_, i) => entry.translations[i]);
      if (forms.some((form) => form === undefined || form.trim() === '')) {
        fail(english, english.idPlural !== undefined ? 'empty msgstr (a plural form is missing)' : 'empty msgstr', 'empty');
        continue;
      }
      // With explicit ids the msgid is a key and the English text sits in the source msgstr.
      const englishTexts = new Set([english.id, english.idPlural, ...english.translations].filter((text) => text));
      const copied = forms.some((form) => englishTexts.has(form));
      const exempt = [...englishTexts].some((text) => allowed.has(text) || hasNothingToTranslate(text));
      if (copied && !exempt) {
        fail(
          english,
          'identical to English (translate it, or list it in locales/same-in-all-languages.json or locales/<locale>/same-as-english.json)',
          'same',
        );
        continue;
      }
      row.translated += 1;
    }
    summary.push(row);
  }
  return { problems, summary };
}

// ---------------------------------------------------------------- the command

function parseArgs(argv) {
  const options = { extract: true, localesDir: join(ROOT, 'locales'), sources: [join(ROOT, 'src'), join(ROOT, 'machines')] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--skip-extract') options.extract = false;
    else if (arg === '--locales') options.localesDir = resolve(argv[++i] ?? '');
    else if (arg === '--sources')
      options.sources = (argv[++i] ?? '')
        .split(',')
        .filter(Boolean)
        .map((dir) => resolve(dir));
    else throw new Error(`Unknown option ${arg}`);
  }
  return options;
}

function extract() {
  const started = Date.now();
  const run = spawnSync('npx', ['--no', 'lingui', 'extract', '--clean'], { cwd: ROOT, encoding: 'utf8', stdio: 'pipe' });
  if (run.status !== 0) {
    process.stdout.write(run.stdout ?? '');
    process.stderr.write(run.stderr ?? '');
    throw new Error(`lingui extract failed (exit ${run.status ?? run.signal})`);
  }
  console.log(`Extracted messages in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const MACRO_IMPORT = /from\s+['"]@lingui\/(core|react)\/macro['"]/;

/** True when some source file uses the Lingui macros, so an empty catalogue means extraction broke. */
function sourcesUseMacros(dirs) {
  const stack = dirs.filter((dir) => existsSync(dir));
  while (stack.length > 0) {
    const dir = stack.pop();
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) stack.push(path);
      else if (/\.(tsx?|jsx?|mjs)$/.test(name) && MACRO_IMPORT.test(readFileSync(path, 'utf8'))) return true;
    }
  }
  return false;
}

function readSameInAll(localesDir) {
  const path = join(localesDir, 'same-in-all-languages.json');
  if (!existsSync(path)) return [];
  const list = JSON.parse(readFileSync(path, 'utf8'));
  if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) {
    throw new Error(`${path} must be a JSON array of strings`);
  }
  return list;
}

/** `locales/<locale>/same-as-english.json`: texts that are right unchanged in that language only. */
function readSameByLocale(localesDir) {
  const lists = new Map();
  for (const locale of LOCALES) {
    const path = join(localesDir, locale, 'same-as-english.json');
    if (!existsSync(path)) continue;
    const list = JSON.parse(readFileSync(path, 'utf8'));
    if (!Array.isArray(list) || !list.every((item) => typeof item === 'string')) throw new Error(`${path} must be a JSON array of strings`);
    lists.set(locale, list);
  }
  return lists;
}

function printSummary(summary) {
  const header = ['locale', 'messages', 'translated', 'missing', 'empty', 'same as en'];
  const rows = summary.map((r) => [r.locale, r.total, r.translated, r.missing, r.empty, r.same].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const format = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(format(header));
  for (const row of rows) console.log(format(row));
}

function main() {
  const options = parseArgs(process.argv.slice(2));
  if (options.extract) extract();

  const catalogues = new Map();
  const unreadable = [];
  for (const locale of LOCALES) {
    const file = join(options.localesDir, locale, 'messages.po');
    if (!existsSync(file)) {
      unreadable.push(`${locale}: ${file} does not exist`);
      continue;
    }
    try {
      catalogues.set(locale, parsePo(readFileSync(file, 'utf8'), join(locale, 'messages.po')));
    } catch (error) {
      unreadable.push(`${locale}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (unreadable.length > 0) {
    console.error(`i18n check failed: cannot read every catalogue.\n  ${unreadable.join('\n  ')}`);
    process.exit(1);
  }

  const sourceCount = catalogues.get(SOURCE_LOCALE)?.entries.length ?? 0;
  if (sourceCount === 0 && sourcesUseMacros(options.sources)) {
    console.error('i18n check failed: the English catalogue is empty although the sources use Lingui macros (did extraction find them?).');
    process.exit(1);
  }

  const { problems, summary } = checkCatalogues(catalogues, readSameInAll(options.localesDir), readSameByLocale(options.localesDir));
  printSummary(summary);
  if (problems.length > 0) {
    console.error(`\ni18n check failed: ${problems.length} problem(s).`);
    for (const { locale, key, reason } of problems) console.error(`  ${locale}  ${key}  — ${reason}`);
    process.exit(1);
  }
  console.log('\ni18n check passed.');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(`i18n check failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
