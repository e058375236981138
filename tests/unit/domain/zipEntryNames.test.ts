import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_ZIP_NAME_LENGTH, ZIP_EXTENSIONS, zipEntryNamer } from '../../../src/domain/zipEntryNames';

/** One archive's names, as buildZip asks for them: one call per entry, in order. */
function namesOf(entries: ReadonlyArray<readonly [name: string, extension: string]>): string[] {
  const nameOf = zipEntryNamer();
  return entries.map(([name, extension]) => nameOf(name, extension));
}

const SAFE_NAME = /^[A-Za-z0-9_-]+\.(png|jpg|webp|gif|bin)$/;

/** Task ids as a hostile or broken API could send them: paths, separators, dots, controls, any script, huge. */
const hostileId = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: fc.constantFrom('.', '/', '\\', ':', '-', '_', 'a', 'A', '0', '\0', ' ', '%', '~'), maxLength: 40 }),
  fc.constantFrom(
    '',
    '.',
    '..',
    '../',
    '../../etc/passwd',
    '/etc/passwd',
    'C:\\Windows\\win.ini',
    '\\\\server\\share',
    'CON',
    'nul',
    'lpt1',
    '__proto__',
  ),
  fc.string({ unit: fc.constantFrom('a', 'b', '-', '_'), minLength: 90, maxLength: 400 }),
);
const anyExtension = fc.oneof(fc.constantFrom(...ZIP_EXTENSIONS), fc.string({ maxLength: 12 }));

describe('the names of the files in a ZIP of results', () => {
  it('keep a task id and its number as they are, the ending after them', () => {
    expect(
      namesOf([
        ['0f3a9c0f3a9c0f3a9c0f3a9c0f3a9c0f-1', 'png'],
        ['0f3a9c0f3a9c0f3a9c0f3a9c0f3a9c0f-2', 'jpg'],
        ['task_B-7', 'webp'],
      ]),
    ).toEqual(['0f3a9c0f3a9c0f3a9c0f3a9c0f3a9c0f-1.png', '0f3a9c0f3a9c0f3a9c0f3a9c0f3a9c0f-2.jpg', 'task_B-7.webp']);
  });

  it('take paths, dots and separators out, and name what is left with nothing "image"', () => {
    expect(
      namesOf([
        ['../../etc/passwd', 'png'],
        ['/absolute/path', 'png'],
        ['C:\\Windows\\evil', 'png'],
        ['..', 'png'],
        ['', 'png'],
        ['日本語', 'jpg'],
        ['a b\tc\n', 'gif'],
      ]),
    ).toEqual(['etc-passwd.png', 'absolute-path.png', 'C-Windows-evil.png', 'image.png', 'image-2.png', 'image.jpg', 'a-b-c.gif']);
  });

  it('number names already taken, in any letter case, and never reuse a number', () => {
    expect(
      namesOf([
        ['a', 'png'],
        ['a', 'png'],
        ['a-2', 'png'],
        ['A', 'png'],
        ['a', 'jpg'],
        ['a/', 'png'],
      ]),
    ).toEqual(['a.png', 'a-2.png', 'a-2-2.png', 'A-3.png', 'a.jpg', 'a-4.png']);
  });

  it('cap long names, the number kept, and spare the names Windows reserves', () => {
    const long = 'x'.repeat(500);
    const [first = '', second = ''] = namesOf([
      [long, 'png'],
      [long, 'png'],
    ]);
    expect(first).toHaveLength(MAX_ZIP_NAME_LENGTH);
    expect(second).toHaveLength(MAX_ZIP_NAME_LENGTH);
    expect(second).toMatch(/^x+-2\.png$/);
    expect(
      namesOf([
        ['CON', 'png'],
        ['com1', 'jpg'],
        ['console', 'png'],
      ]),
    ).toEqual(['CON_.png', 'com1_.jpg', 'console.png']);
  });

  it('give an ending that is not an image type as bin', () => {
    expect(
      namesOf([
        ['a', 'exe'],
        ['b', 'png/../x'],
        ['c', ''],
      ]),
    ).toEqual(['a.bin', 'b.bin', 'c.bin']);
  });

  it('whatever the ids: every name is [A-Za-z0-9_-] with a known ending, capped, not empty, and no two alike in any case', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(hostileId, anyExtension), { maxLength: 60 }), (entries) => {
        const names = namesOf(entries);
        expect(names).toHaveLength(entries.length);
        for (const name of names) {
          expect(name).toMatch(SAFE_NAME);
          expect(name.length).toBeLessThanOrEqual(MAX_ZIP_NAME_LENGTH);
          expect(name.split('.')[0]).not.toMatch(/^(con|prn|aux|nul|com\d|lpt\d)$/i);
        }
        expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(names.length);
      }),
      { numRuns: 300 },
    );
  });

  it('whatever the ids: a clean id keeps its name, and the first of equal ids is not numbered', () => {
    const cleanId = fc
      .stringMatching(/^[A-Za-z0-9_]([A-Za-z0-9_-]{0,60}[A-Za-z0-9_])?$/)
      .filter((id) => !/^(con|prn|aux|nul|com\d|lpt\d)$/i.test(id));
    fc.assert(
      fc.property(cleanId, fc.integer({ min: 1, max: 5 }), (id, copies) => {
        const names = namesOf(Array.from({ length: copies }, () => [id, 'png'] as const));
        expect(names[0]).toBe(`${id}.png`);
        names.slice(1).forEach((name, index) => expect(name).toBe(`${id}-${index + 2}.png`));
      }),
    );
  });
});
