// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../../../scripts/i18n-check.mjs', import.meta.url));
const LOCALES = ['en', 'es', 'fr', 'de', 'ru', 'zh-CN'] as const;
type Locale = (typeof LOCALES)[number];

const HEADER = (locale: string, pluralForms = 'nplurals=2; plural=(n != 1);') =>
  `msgid ""\nmsgstr ""\n"Language: ${locale}\\n"\n"Plural-Forms: ${pluralForms}\\n"\n\n`;

/** The English catalogue: context, a multi-line id, escaped quotes, a plural entry and a brand name. */
const ENGLISH = `${HEADER('en')}#: src/a.tsx
msgid "Sign in"
msgstr "Sign in"

msgctxt "verb"
msgid "Open"
msgstr "Open"

msgid ""
"A long message "
"over two lines"
msgstr ""
"A long message "
"over two lines"

msgid "Say \\"hello\\""
msgstr "Say \\"hello\\""

msgid "{count} image"
msgid_plural "{count} images"
msgstr[0] "{count} image"
msgstr[1] "{count} images"

msgid "Discord"
msgstr "Discord"

msgid "{used} / {total}"
msgstr "{used} / {total}"
`;

/** A complete translation in the given words; three plural forms where the locale has them. */
function translated(locale: Locale, word: string, pluralForms?: string) {
  const three = pluralForms?.includes('nplurals=3');
  return `${HEADER(locale, pluralForms)}#. a translator comment
#, fuzzy
msgid "Sign in"
msgstr "${word} sign in"

msgctxt "verb"
msgid "Open"
msgstr "${word} open"

msgid ""
"A long message "
"over two lines"
msgstr "${word} "
"long"

msgid "Say \\"hello\\""
msgstr "${word} \\"hola\\""

msgid "{count} image"
msgid_plural "{count} images"
msgstr[0] "${word} one"
msgstr[1] "${word} two"
${three ? `msgstr[2] "${word} many"\n` : ''}
msgid "Discord"
msgstr "Discord"

msgid "{used} / {total}"
msgstr "{used} / {total}"

#~ msgid "Old message"
#~ msgstr "${word} old"
`;
}

let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function fixture(overrides: Partial<Record<Locale, string | null>> = {}, sameInAll: string[] = ['Discord']) {
  const root = mkdtempSync(join(tmpdir(), 'i18n-check-'));
  dirs.push(root);
  const locales = join(root, 'locales');
  const base: Record<Locale, string> = {
    en: ENGLISH,
    es: translated('es', 'ES'),
    fr: translated('fr', 'FR'),
    de: translated('de', 'DE'),
    ru: translated('ru', 'RU', 'nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);'),
    'zh-CN': translated('zh-CN', 'ZH', 'nplurals=1; plural=0;'),
  };
  for (const locale of LOCALES) {
    const text = locale in overrides ? overrides[locale] : base[locale];
    if (text === null || text === undefined) continue;
    mkdirSync(join(locales, locale), { recursive: true });
    writeFileSync(join(locales, locale, 'messages.po'), text);
  }
  writeFileSync(join(locales, 'same-in-all-languages.json'), JSON.stringify(sameInAll));
  const sources = join(root, 'src');
  mkdirSync(sources);
  writeFileSync(join(sources, 'view.tsx'), "import { Trans } from '@lingui/react/macro';\n");
  return { locales, sources };
}

function check(paths: { locales: string; sources: string }) {
  const run = spawnSync(process.execPath, [SCRIPT, '--skip-extract', '--locales', paths.locales, '--sources', paths.sources], { encoding: 'utf8' });
  return { status: run.status, out: run.stdout, err: run.stderr };
}

describe('scripts/i18n-check.mjs', () => {
  it('passes complete catalogues and prints a per-locale summary', () => {
    const result = check(fixture());
    expect(result.err).toBe('');
    expect(result.status).toBe(0);
    // Seven messages: the header and the obsolete entry do not count.
    expect(result.out).toMatch(/^es\s+7\s+7\s+0\s+0\s+0$/m);
    expect(result.out).toMatch(/^zh-CN\s+7\s+7\s+0\s+0\s+0$/m);
  });

  it('reports a message a locale lacks, by locale and msgid', () => {
    const fr = translated('fr', 'FR').replace('msgid "Sign in"\nmsgstr "FR sign in"\n', '');
    const result = check(fixture({ fr }));
    expect(result.status).toBe(1);
    expect(result.err).toContain('fr  "Sign in"  — missing');
    expect(result.out).toMatch(/^fr\s+7\s+6\s+1\s+0\s+0$/m);
  });

  it('reports an empty msgstr, and a message only present as an obsolete entry', () => {
    const de = translated('de', 'DE').replace('msgstr "DE \\"hola\\""', 'msgstr ""');
    const es = translated('es', 'ES').replace('msgid "Sign in"\nmsgstr "ES sign in"\n', '#~ msgid "Sign in"\n#~ msgstr "ES sign in"\n');
    const result = check(fixture({ de, es }));
    expect(result.status).toBe(1);
    expect(result.err).toContain('de  "Say \\"hello\\""  — empty msgstr');
    expect(result.err).toContain('es  "Sign in"  — missing');
  });

  it('keys messages by context', () => {
    const ru = translated('ru', 'RU', 'nplurals=3; plural=0;').replace('msgctxt "verb"', 'msgctxt "noun"');
    const result = check(fixture({ ru }));
    expect(result.status).toBe(1);
    expect(result.err).toContain('ru  "Open" (context "verb")  — missing');
  });

  it('fails a copy of the English text unless it is listed as the same in all languages', () => {
    const es = translated('es', 'ES').replace('msgstr "ES sign in"', 'msgstr "Sign in"');
    expect(check(fixture({ es })).err).toContain('es  "Sign in"  — identical to English');
    expect(check(fixture({ es }, ['Discord', 'Sign in'])).status).toBe(0);
    // Discord is only allowed while listed; placeholders alone never need translating.
    const unlisted = check(fixture({}, []));
    expect(unlisted.err).toContain('"Discord"  — identical to English');
    expect(unlisted.err).not.toContain('{used} / {total}');
  });

  it('lets one language keep an English word when that language lists it', () => {
    const de = translated('de', 'DE').replace('msgstr "DE sign in"', 'msgstr "Sign in"');
    const paths = fixture({ de });
    expect(check(paths).err).toContain('de  "Sign in"  — identical to English');
    writeFileSync(join(paths.locales, 'de', 'same-as-english.json'), JSON.stringify(['Sign in']));
    expect(check(paths).status).toBe(0);
    // The list is German only: a Spanish copy still fails.
    const es = translated('es', 'ES').replace('msgstr "ES sign in"', 'msgstr "Sign in"');
    const both = fixture({ de, es });
    writeFileSync(join(both.locales, 'de', 'same-as-english.json'), JSON.stringify(['Sign in']));
    expect(check(both).err).toContain('es  "Sign in"  — identical to English');
  });

  it('needs every plural form the locale declares', () => {
    const ru = translated('ru', 'RU', 'nplurals=3; plural=0;').replace('msgstr[2] "RU many"\n', '');
    const result = check(fixture({ ru }));
    expect(result.status).toBe(1);
    expect(result.err).toContain('ru  "{count} image"  — empty msgstr (a plural form is missing)');
  });

  it('fails when a catalogue file is missing or unreadable', () => {
    expect(check(fixture({ 'zh-CN': null })).err).toMatch(/zh-CN: .*does not exist/);
    const broken = check(fixture({ fr: 'msgid "Unclosed\nmsgstr ""\n' }));
    expect(broken.status).toBe(1);
    expect(broken.err).toMatch(/fr: .*messages\.po:1/);
  });

  it('fails on an empty English catalogue while the sources use Lingui macros', () => {
    const empty = (locale: string) => HEADER(locale);
    const paths = fixture({ en: empty('en'), es: empty('es'), fr: empty('fr'), de: empty('de'), ru: empty('ru'), 'zh-CN': empty('zh-CN') });
    const result = check(paths);
    expect(result.status).toBe(1);
    expect(result.err).toContain('English catalogue is empty');
    rmSync(join(paths.sources, 'view.tsx'));
    expect(check(paths).status).toBe(0);
  });
});
