// @vitest-environment node
/**
 * The layer boundaries of eslint.config.js hold: each fixture in tests/lint/fixtures/ is linted as if it were the
 * file its first line names, and must report the one boundary it breaks (its second line), or nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const fixturesDir = path.join(root, 'tests/lint/fixtures');
const BOUNDARY_RULE = 'import-x/no-restricted-paths';

interface Fixture {
  file: string;
  lintedAs: string;
  /** A key of the config's BOUNDARY_MESSAGES, or null for a fixture that breaks nothing. */
  breaks: string | null;
  text: string;
}

function readFixture(file: string): Fixture {
  const text = fs.readFileSync(path.join(fixturesDir, file), 'utf8');
  const lintedAs = /^\/\/ Linted as: (\S+)$/m.exec(text)?.[1];
  const breaks = /^\/\/ Breaks: (\w+)/m.exec(text)?.[1];
  if (!lintedAs || !breaks) throw new Error(`${file} does not say where it is linted and what it breaks`);
  return { file, lintedAs, breaks: breaks === 'nothing' ? null : breaks, text };
}

const fixtures = fs
  .readdirSync(fixturesDir)
  .filter((file) => file.endsWith('.ts'))
  .sort()
  .map(readFixture);

function isMessageTable(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((message) => typeof message === 'string');
}

let eslint: ESLint;
let messages: Record<string, string>;

beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  const config: { BOUNDARY_MESSAGES?: unknown } = await import(pathToFileURL(path.join(root, 'eslint.config.js')).href);
  if (!isMessageTable(config.BOUNDARY_MESSAGES)) throw new Error('eslint.config.js exports no BOUNDARY_MESSAGES');
  messages = config.BOUNDARY_MESSAGES;
});

async function lintFixture(fixture: Fixture) {
  const [result] = await eslint.lintText(fixture.text, { filePath: path.join(root, fixture.lintedAs) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

describe('lint boundaries', () => {
  it('has a fixture that breaks each boundary, and clean ones', () => {
    const broken = new Set(fixtures.map((fixture) => fixture.breaks));
    expect(Object.keys(messages).filter((key) => !broken.has(key))).toEqual([]);
    expect(broken.has(null)).toBe(true);
  });

  it('leaves the fixtures out of the normal lint run', async () => {
    for (const fixture of fixtures) expect(await eslint.isPathIgnored(path.join(fixturesDir, fixture.file))).toBe(true);
  });

  it.each(fixtures.map((fixture) => [fixture.file, fixture] as const))('%s reports exactly the boundary it breaks', async (_file, fixture) => {
    const reported = await lintFixture(fixture);
    if (fixture.breaks === null) {
      expect(reported).toEqual([]);
      return;
    }
    const message = messages[fixture.breaks];
    expect(message, `no boundary named ${fixture.breaks}`).toBeDefined();
    expect(reported).toEqual([{ ruleId: BOUNDARY_RULE, message: expect.stringContaining(` ${message}`) }]);
  });
});
