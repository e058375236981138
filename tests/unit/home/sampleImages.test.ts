// @vitest-environment node
/**
 * The landing page's sample images are static files in public/samples/, drawn from the definitions in
 * src/features/home/sampleImages.ts. `npm run samples` runs this file with UPDATE_SAMPLE_IMAGES=1, which
 * (re)writes them; otherwise each file must be exactly what its definition draws now, and no other file may be
 * there, so CI fails on a changed sample that was not followed by `npm run samples`.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { GALLERY_IMAGES, HERO_IMAGES, SAMPLES, sampleImageUrl } from '../../../src/features/home/sampleImages';
import { artworkSvg } from '../../../src/ui/artwork/artwork';

const PUBLIC = fileURLToPath(new URL('../../../public/', import.meta.url));
const DIRECTORY = join(PUBLIC, 'samples');
const IMAGES = [...HERO_IMAGES, ...GALLERY_IMAGES];

describe('the landing page sample images', () => {
  it('are the files in public/samples/ (run npm run samples after changing a sample)', () => {
    if (process.env.UPDATE_SAMPLE_IMAGES === '1') {
      rmSync(DIRECTORY, { recursive: true, force: true });
      mkdirSync(DIRECTORY, { recursive: true });
      for (const image of IMAGES) writeFileSync(join(PUBLIC, image.file), artworkSvg(image.artwork));
      return;
    }
    const stale = IMAGES.filter(
      (image) => !existsSync(join(PUBLIC, image.file)) || readFileSync(join(PUBLIC, image.file), 'utf8') !== artworkSvg(image.artwork),
    );
    if (stale.length > 0) throw new Error(`Missing or out of date: ${stale.map((image) => image.file).join(', ')}. Run npm run samples.`);
    const expected = new Set(IMAGES.map((image) => image.file.replace(/^samples\//, '')));
    expect(readdirSync(DIRECTORY).filter((file) => !expected.has(file))).toEqual([]);
  });

  it('has one gallery image per sample and four for the hero, each with its own file', () => {
    expect(GALLERY_IMAGES).toHaveLength(SAMPLES.length);
    expect(HERO_IMAGES).toHaveLength(4);
    expect(new Set(IMAGES.map((image) => image.file)).size).toBe(IMAGES.length);
  });

  it('are drawn at the aspect ratio of their sample', () => {
    const [landscape] = GALLERY_IMAGES.filter((image) => image.artwork.prompt.startsWith('Sunset over layered ridges'));
    expect(landscape && landscape.artwork.width / landscape.artwork.height).toBeCloseTo(21 / 9, 1);
    for (const image of HERO_IMAGES) expect(image.artwork.width).toBe(image.artwork.height);
  });

  it('are addressed under the site base URL', () => {
    const [first] = IMAGES;
    expect(first && sampleImageUrl(first)).toBe(`/${first?.file}`);
  });
});
