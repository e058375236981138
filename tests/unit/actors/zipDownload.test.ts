import * as fc from 'fast-check';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildZip } from '../../../src/actors/zipDownload';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

/** An image's bytes: its type's signature, then a marker of which entry it is. */
function image(signature: number[], marker: number): Uint8Array {
  return new Uint8Array([...signature, marker & 0xff, (marker >> 8) & 0xff]);
}

/** The archive's files as an unzip tool sees them: each entry's name and bytes. */
async function readBack(archive: Blob): Promise<Record<string, Uint8Array>> {
  return unzipSync(new Uint8Array(await archive.arrayBuffer()));
}

describe('the ZIP the history page downloads', () => {
  it('names each file from its task id, cleaned: no path leaves the folder, nothing overwrites another', async () => {
    const entries = [
      { name: '../../../home/user/.bashrc', data: image(PNG, 1) },
      { name: '/etc/cron.d/job', data: image(JPEG, 2) },
      { name: 'C:\\Users\\Public\\evil', data: image(PNG, 3) },
      { name: 'task-1', data: image(PNG, 4) },
      { name: 'task-1', data: image(PNG, 5) },
      { name: 'TASK-1', data: image(PNG, 6) },
      { name: '', data: image(JPEG, 7) },
      { name: 'not-an-image', data: new Uint8Array([1, 2, 3]) },
    ];
    const files = await readBack(await buildZip(entries));
    expect(Object.keys(files)).toEqual([
      'home-user-bashrc.png',
      'etc-cron-d-job.jpg',
      'C-Users-Public-evil.png',
      'task-1.png',
      'task-1-2.png',
      'TASK-1-3.png',
      'image.jpg',
      'not-an-image.bin',
    ]);
    // Each file holds its own image, byte for byte.
    expect(Object.values(files).map((bytes) => [...bytes])).toEqual(entries.map(({ data }) => [...data]));
  });

  it('whatever the task ids: one file per image, each a plain name in the top folder, and every image in it', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.string({ unit: 'grapheme', maxLength: 120 }), { minLength: 1, maxLength: 20 }), async (ids) => {
        const entries = ids.map((name, index) => ({ name, data: image(index % 2 ? JPEG : PNG, index) }));
        const files = await readBack(await buildZip(entries));
        const names = Object.keys(files);
        expect(names).toHaveLength(entries.length);
        for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]+\.(png|jpg)$/);
        expect(Object.values(files).map((bytes) => [...bytes])).toEqual(entries.map(({ data }) => [...data]));
      }),
      { numRuns: 50 },
    );
  });
});
