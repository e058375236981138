// @vitest-environment node
/**
 * Every document the code cites is in the repository. Comments once pointed at design notes kept outside it,
 * which no reader of the repository can open; the product, API and architecture documents are now in docs/.
 * This fails on any citation of those outside notes, and on any docs/ path (or named section of one) that does
 * not exist.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');

/** Folders searched in full, and the file kinds read there. */
const FOLDERS = ['src', 'machines', 'tests', 'scripts'];
const TEXT_FILE = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|html|json|md)$/;
/** The repository root's own scripts and configs (not recursive). */
const ROOT_FILE = /\.(?:ts|mjs|js)$/;

// Built from pieces, so this file does not cite what it looks for.
const OUTSIDE_NOTES = ['PRODUCT', 'ARCHITECTURE', 'TASK-API', 'STACK'].map((name) => `${name}\\.md`).join('|');
const FORBIDDEN: ReadonlyArray<{ label: string; pattern: RegExp }> = [
  { label: 'a design note outside the repository', pattern: new RegExp(`\\b(?:${OUTSIDE_NOTES})\\b`) },
  { label: 'a folder outside the repository', pattern: new RegExp(['\\.\\.', 'shared'].join('/')) },
  // Also across a comment's line break ("seed\n * section").
  { label: 'a section of the original product notes', pattern: new RegExp(['\\bseed', 'section\\b'].join('(?:\\s|\\*|//)+'), 'i') },
];

/**
 * A docs/ path, optionally followed by the section it names: `docs/<name>.md, "<heading>"`. The heading may run
 * over a comment's line break.
 */
const DOC_REFERENCE = /(?<![\w/.-])docs\/([\w.-]+\.md)(?:,(?:\s|\*|\/\/)*["“]([^"”]{1,80})["”])?/g;

/** A heading as cited, with a comment's line break (and its `*` or `//`) read as a space. */
function citedHeading(text: string): string {
  return text.replace(/\s*\n\s*(?:\*(?!\/)|\/\/)?\s*/g, ' ').trim();
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules') return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return TEXT_FILE.test(name) ? [path] : [];
  });
}

function sourceFiles(): string[] {
  const rootFiles = readdirSync(ROOT)
    .filter((name) => ROOT_FILE.test(name) && statSync(join(ROOT, name)).isFile())
    .map((name) => join(ROOT, name));
  return [...FOLDERS.flatMap((folder) => walk(join(ROOT, folder))), ...rootFiles];
}

/** The repository's own documents: held to the same rule. */
function documentFiles(): string[] {
  return [join(ROOT, 'README.md'), ...walk(join(ROOT, 'docs'))].filter((path) => existsSync(path));
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function headings(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => (match[1] ?? '').trim()));
}

describe('documents cited by the code', () => {
  it('the product, API and architecture documents are in docs/ and the README links them', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const name of ['product', 'api', 'architecture']) {
      expect(existsSync(join(ROOT, 'docs', `${name}.md`)), `docs/${name}.md is missing`).toBe(true);
      expect(readme, `README.md does not link docs/${name}.md`).toContain(`](docs/${name}.md)`);
    }
  });

  it('nothing cites notes that are not in the repository', () => {
    const found: string[] = [];
    for (const file of [...sourceFiles(), ...documentFiles()]) {
      const text = readFileSync(file, 'utf8');
      for (const { label, pattern } of FORBIDDEN) {
        const global = new RegExp(pattern.source, `${pattern.flags}g`);
        for (const match of text.matchAll(global)) {
          found.push(`${relative(ROOT, file)}:${lineOf(text, match.index)}: "${match[0].replace(/\s+/g, ' ')}" (${label})`);
        }
      }
    }
    expect(found, `Cite docs/ instead:\n${found.join('\n')}`).toEqual([]);
  });

  it('every docs/ path the code names exists, with the section it names', () => {
    const broken: string[] = [];
    const docs = new Map<string, Set<string> | null>();
    const sectionsOf = (name: string) => {
      if (!docs.has(name)) {
        const path = join(ROOT, 'docs', name);
        docs.set(name, existsSync(path) ? headings(readFileSync(path, 'utf8')) : null);
      }
      return docs.get(name) ?? null;
    };
    let references = 0;
    for (const file of [...sourceFiles(), join(ROOT, 'README.md')]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(DOC_REFERENCE)) {
        references += 1;
        const [, name = '', section] = match;
        const where = `${relative(ROOT, file)}:${lineOf(text, match.index)}`;
        const sections = sectionsOf(name);
        if (sections === null) broken.push(`${where}: docs/${name} does not exist`);
        else if (section !== undefined && !sections.has(citedHeading(section)))
          broken.push(`${where}: docs/${name} has no section "${citedHeading(section)}"`);
      }
    }
    expect(broken, broken.join('\n')).toEqual([]);
    // The check must have something to check: the README links the docs, the code cites them.
    expect(references).toBeGreaterThan(3);
  });
});
