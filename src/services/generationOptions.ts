/**
 * What an image generation can ask for, and what it costs: one table shared by the playground, the
 * landing page's pricing, history and the demo server, so prices and limits cannot disagree.
 */
import type { GenerateRequest, GenerationModel } from '../api/contract';

export const GENERATION_MODELS: readonly GenerationModel[] = ['nano-banana', 'flux-kontext-pro', 'flux-kontext-max'];

/** Product names: the same in every language. */
export const MODEL_NAMES: Record<GenerationModel, string> = {
  'nano-banana': 'Nano Banana',
  'flux-kontext-pro': 'Flux Kontext Pro',
  'flux-kontext-max': 'Flux Kontext Max',
};

/** Credits per image; a task costs this times the number of images. */
export const CREDITS_PER_IMAGE: Record<GenerationModel, number> = { 'nano-banana': 2, 'flux-kontext-pro': 4, 'flux-kontext-max': 8 };

/** How many reference images each model takes (Flux Kontext edits one image at a time). */
export const MAX_REFERENCE_IMAGES: Record<GenerationModel, number> = { 'nano-banana': 4, 'flux-kontext-pro': 1, 'flux-kontext-max': 1 };

export const ASPECT_RATIOS = ['auto', '1:1', '3:4', '4:3', '9:16', '16:9', '21:9'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export const OUTPUT_FORMATS = ['png', 'jpeg', 'webp'] as const satisfies ReadonlyArray<GenerateRequest['outputFormat']>;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const MAX_PROMPT_LENGTH = 5000;
export const MIN_IMAGES = 1;
export const MAX_IMAGES = 4;
/** Seeds are 32-bit signed positive integers, as the models take them. */
export const MAX_SEED = 2_147_483_647;

/** Pixel size of an output per aspect ratio; `auto` is square for text-to-image. */
const OUTPUT_SIZES: Record<AspectRatio, { width: number; height: number }> = {
  auto: { width: 1024, height: 1024 },
  '1:1': { width: 1024, height: 1024 },
  '3:4': { width: 864, height: 1152 },
  '4:3': { width: 1152, height: 864 },
  '9:16': { width: 768, height: 1344 },
  '16:9': { width: 1344, height: 768 },
  '21:9': { width: 1536, height: 672 },
};

export function isAspectRatio(value: string): value is AspectRatio {
  return (ASPECT_RATIOS as readonly string[]).includes(value);
}

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

export function isGenerationModel(value: string): value is GenerationModel {
  return (GENERATION_MODELS as readonly string[]).includes(value);
}

/** A model's product name; a model this build does not know yet keeps the API's name for it. */
export function modelName(model: string): string {
  return isGenerationModel(model) ? MODEL_NAMES[model] : model;
}

export function outputSize(aspectRatio: string): { width: number; height: number } {
  return isAspectRatio(aspectRatio) ? OUTPUT_SIZES[aspectRatio] : OUTPUT_SIZES.auto;
}

/** What a task costs before it runs; charged only if it succeeds. */
export function generationCost(model: GenerationModel, numImages: number): number {
  return CREDITS_PER_IMAGE[model] * numImages;
}

/** The file type of an output format, for downloads and the demo's images. */
export type OutputMime = 'image/png' | 'image/jpeg' | 'image/webp';
export const OUTPUT_MIME: Record<OutputFormat, OutputMime> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };
