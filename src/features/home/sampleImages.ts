/**
 * The landing page's pictures: the hero's task (one call, four images) and the gallery of sample outputs. Each is
 * demo artwork drawn from its prompt and seed, as the demo server draws its results, and served as a static SVG
 * file from public/samples/ rather than inlined: inlined, they were most of the prerendered page's bytes. The
 * files are written from these definitions by `npm run samples`; a unit test fails when one is missing or stale.
 */
import type { GenerationModel } from '../../api/contract';
import { outputSize } from '../../domain/generationOptions';
import type { ArtworkSpec } from '../../ui/artwork/artwork';

export interface Sample {
  prompt: string;
  model: GenerationModel;
  aspectRatio: string;
  seed: number;
}

export interface SampleImage {
  /** path under public/ (and under the site's base URL) */
  file: string;
  /** what the file is drawn from */
  artwork: ArtworkSpec;
}

/** The gallery. In this order the four gallery columns come out about the same height. */
export const SAMPLES: readonly Sample[] = [
  { prompt: 'Turquoise ocean waves rolling onto an empty beach, aerial view', model: 'nano-banana', aspectRatio: '9:16', seed: 315 },
  { prompt: 'Sunset over layered ridges, warm film grain', model: 'nano-banana-pro', aspectRatio: '21:9', seed: 1204 },
  { prompt: 'An astronaut drifting above a quiet moonlit planet', model: 'nano-banana', aspectRatio: '3:4', seed: 88 },
  { prompt: 'Neon-lit Tokyo alley after the rain, cinematic wide shot', model: 'nano-banana-2', aspectRatio: '16:9', seed: 4127 },
  { prompt: 'Golden banana-yellow dunes in summer haze, minimal product backdrop', model: 'nano-banana', aspectRatio: '1:1', seed: 2025 },
  { prompt: 'Pastel dreamscape of soft clouds and candy-pink hills', model: 'nano-banana', aspectRatio: '1:1', seed: 9 },
  { prompt: 'Misty pine forest valley in soft morning light', model: 'nano-banana-2', aspectRatio: '3:4', seed: 560 },
  { prompt: 'Snowy alpine peaks under a pale winter sky, travel poster', model: 'nano-banana-pro', aspectRatio: '4:3', seed: 73 },
];

/** The hero's task: one call, four variations. */
export const HERO_TASK: Sample & { numImages: number } = {
  prompt: 'A lighthouse on a sunset coast, four variations',
  model: 'nano-banana',
  aspectRatio: '1:1',
  seed: 42,
  numImages: 4,
};

/** Drawn at a fraction of the real output size: vector art, so it stays sharp and the file stays small. */
function sampleImage(sample: Sample, index: number, scale: number): SampleImage {
  const size = outputSize(sample.aspectRatio, '1K');
  const width = Math.round(size.width / scale);
  const height = Math.round(size.height / scale);
  return {
    file: `samples/${sample.seed}-${index}-${width}x${height}.svg`,
    artwork: { prompt: sample.prompt, seed: sample.seed, index, width, height },
  };
}

export const HERO_IMAGES: readonly SampleImage[] = Array.from({ length: HERO_TASK.numImages }, (_, index) => sampleImage(HERO_TASK, index, 8));
export const GALLERY_IMAGES: readonly SampleImage[] = SAMPLES.map((sample) => sampleImage(sample, 0, 4));

export function sampleImageUrl(image: SampleImage): string {
  return `${import.meta.env.BASE_URL}${image.file}`;
}
