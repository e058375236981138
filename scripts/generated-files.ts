/**
 * The files the repository keeps that are generated from the source: what each generator writes, as data. `npm run
 * openapi` and `npm run samples` (scripts/generate.mjs) write them; the unit tests only read them and fail when a
 * committed file differs from what its generator gives now.
 */
import { buildOpenApiDocument } from '../src/api/openapi';
import { GALLERY_IMAGES, HERO_IMAGES } from '../src/features/home/sampleImages';
import { artworkSvg } from '../src/ui/artwork/artwork';

/** What a generator writes: files by path from the repository's root, into a folder it owns whole, if any. */
export interface GeneratedFiles {
  /** A folder that holds exactly these files: cleared before they are written. */
  directory?: string;
  files: { path: string; content: string }[];
}

/** The contract as OpenAPI 3.1, for the API reference page and the API's consumers. */
export function openApiFiles(): GeneratedFiles {
  return { files: [{ path: 'openapi.json', content: `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n` }] };
}

/** The landing page's sample images, drawn from the definitions in src/features/home/sampleImages.ts. */
export function sampleImageFiles(): GeneratedFiles {
  return {
    directory: 'public/samples',
    files: [...HERO_IMAGES, ...GALLERY_IMAGES].map((image) => ({ path: `public/${image.file}`, content: artworkSvg(image.artwork) })),
  };
}

/** The generators by the name `node scripts/generate.mjs NAME` takes. */
export const GENERATORS = { openapi: openApiFiles, samples: sampleImageFiles } satisfies Record<string, () => GeneratedFiles>;
