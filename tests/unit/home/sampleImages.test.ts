// @vitest-environment node
/**
 * The landing page's sample images are static files in public/samples/, drawn from the definitions in
 * src/features/home/sampleImages.ts (`npm run samples` writes them). Each file must be exactly what its definition
 * draws now, and no other file may be there, so CI fails on a changed sample that was not followed by
 * `npm run samples`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GALLERY_IMAGES, HERO_IMAGES, SAMPLES, sampleImageUrl } from '../../../src/features/home/sampleImages';
import { artworkSvg } from '../../../src/ui/artwork/artwork';
import { sampleImageFiles } from '../../../scripts/generated-files';

const IMAGES = [...HERO_IMAGES, ...GALLERY_IMAGES];

describe('the landing page sample images', () => {
  it('are the files in public/samples/ (run npm run samples after changing a sample)', () => {
    const { directory, files } = sampleImageFiles();
    // The generator draws each image of the page, as the page addresses it.
    if (directory !== 'public/samples') throw new Error(`the samples generator owns ${directory}, not public/samples`);
    expect(files).toEqual(IMAGES.map((image) => ({ path: `public/${image.file}`, content: artworkSvg(image.artwork) })));
    const stale = files.filter((file) => !existsSync(file.path) || readFileSync(file.path, 'utf8') !== file.content);
    if (stale.length > 0) throw new Error(`Missing or out of date: ${stale.map((file) => file.path).join(', ')}. Run npm run samples.`);
    const expected = new Set(files.map((file) => file.path));
    expect(readdirSync(directory).filter((file) => !expected.has(join(directory, file)))).toEqual([]);
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
