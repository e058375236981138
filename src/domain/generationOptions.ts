/**
 * The models the playground offers, each as its endpoint of the public task API documents it: which path,
 * which request fields, and the values each field takes. One table shared by the playground, the code
 * snippets, the landing page's pricing, history and the demo server, so prices, limits and field names
 * cannot disagree. Field names differ per endpoint (`image_size` on one, `aspectRatio` on the others) and
 * are the host's own spelling, `TEXTTOIAMGE` included.
 *
 * Flux Kontext is a different task API (its own paths, fields and task records); it is not offered here.
 */

export const GENERATION_MODELS = ['nano-banana', 'nano-banana-2', 'nano-banana-pro'] as const;
export type GenerationModel = (typeof GENERATION_MODELS)[number];

/** The task API's endpoint of each model (names of the call table in src/api/contract.ts). */
export type GenerateEndpoint = 'generate' | 'generate2' | 'generatePro';

export const RESOLUTIONS = ['1K', '2K', '4K'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/** What one model's endpoint takes. An empty list means the endpoint has no such field. */
export interface ModelSpec {
  id: GenerationModel;
  /** Product name: the same in every language. */
  name: string;
  endpoint: GenerateEndpoint;
  /** The request field that carries the aspect ratio. */
  aspectRatioField: 'image_size' | 'aspectRatio';
  aspectRatios: readonly string[];
  defaultAspectRatio: string;
  resolutions: readonly Resolution[];
  outputFormats: readonly OutputFormat[];
  /** Images one task makes (`numImages` exists only where this is more than 1). */
  maxImages: number;
  maxReferenceImages: number;
  maxPromptLength: number;
  /** Whether the endpoint refuses a request without `callBackUrl`. */
  callbackRequired: boolean;
  /** Text stamped on the images (`watermark`). */
  watermark: boolean;
  /** Web-grounded generation (`googleSearch`). */
  googleSearch: boolean;
  /** Credits per image, by resolution (the key `base` where the endpoint has no resolution). */
  credits: Readonly<Partial<Record<Resolution | 'base', number>>>;
}

export const OUTPUT_FORMATS = ['png', 'jpg'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const NANO_BANANA: ModelSpec = {
  id: 'nano-banana',
  name: 'Nano Banana',
  endpoint: 'generate',
  aspectRatioField: 'image_size',
  aspectRatios: ['1:1', '9:16', '16:9', '3:4', '4:3', '3:2', '2:3', '5:4', '4:5', '21:9'],
  defaultAspectRatio: '1:1',
  resolutions: [],
  outputFormats: [],
  maxImages: 4,
  // The endpoint documents no limit; four references keep a request (and its cost to fetch) reasonable.
  maxReferenceImages: 4,
  maxPromptLength: 5000,
  callbackRequired: true,
  watermark: true,
  googleSearch: false,
  credits: { base: 2 },
};

const NANO_BANANA_2: ModelSpec = {
  id: 'nano-banana-2',
  name: 'Nano Banana 2',
  endpoint: 'generate2',
  aspectRatioField: 'aspectRatio',
  aspectRatios: ['auto', '1:1', '1:4', '1:8', '2:3', '3:2', '3:4', '4:1', '4:3', '4:5', '5:4', '8:1', '9:16', '16:9', '21:9'],
  defaultAspectRatio: 'auto',
  resolutions: RESOLUTIONS,
  outputFormats: OUTPUT_FORMATS,
  maxImages: 1,
  maxReferenceImages: 14,
  maxPromptLength: 20_000,
  callbackRequired: false,
  watermark: false,
  googleSearch: true,
  credits: { '1K': 4, '2K': 6, '4K': 9 },
};

const NANO_BANANA_PRO: ModelSpec = {
  id: 'nano-banana-pro',
  name: 'Nano Banana Pro',
  endpoint: 'generatePro',
  aspectRatioField: 'aspectRatio',
  aspectRatios: ['auto', '1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9'],
  defaultAspectRatio: 'auto',
  resolutions: RESOLUTIONS,
  outputFormats: [],
  maxImages: 1,
  maxReferenceImages: 8,
  maxPromptLength: 5000,
  // Documented as required, yet public clients of the host send tasks without one: sent when configured.
  callbackRequired: false,
  watermark: false,
  googleSearch: false,
  credits: { '1K': 9, '2K': 9, '4K': 12 },
};

export const MODELS: Readonly<Record<GenerationModel, ModelSpec>> = {
  'nano-banana': NANO_BANANA,
  'nano-banana-2': NANO_BANANA_2,
  'nano-banana-pro': NANO_BANANA_PRO,
};

export const DEFAULT_MODEL: GenerationModel = 'nano-banana';
export const DEFAULT_RESOLUTION: Resolution = '1K';
export const DEFAULT_OUTPUT_FORMAT: OutputFormat = 'jpg';
/** The longest prompt any model takes (the form keeps longer text, and says it is too long). */
export const LONGEST_PROMPT = Math.max(...GENERATION_MODELS.map((id) => MODELS[id].maxPromptLength));
export const MOST_REFERENCE_IMAGES = Math.max(...GENERATION_MODELS.map((id) => MODELS[id].maxReferenceImages));
export const MIN_IMAGES = 1;

export function isGenerationModel(value: string): value is GenerationModel {
  return (GENERATION_MODELS as readonly string[]).includes(value);
}

export function isResolution(value: string): value is Resolution {
  return (RESOLUTIONS as readonly string[]).includes(value);
}

export function isOutputFormat(value: string): value is OutputFormat {
  return (OUTPUT_FORMATS as readonly string[]).includes(value);
}

/** The spec of a model by its id; an unknown id is the default model. */
export function modelSpec(model: string): ModelSpec {
  return isGenerationModel(model) ? MODELS[model] : MODELS[DEFAULT_MODEL];
}

/** A model's product name; a model this build does not know yet keeps the API's name for it. */
export function modelName(model: string): string {
  return isGenerationModel(model) ? MODELS[model].name : model;
}

/** The model whose endpoint this is: how history and the demo server name a task. */
export function modelOfEndpoint(endpoint: GenerateEndpoint): GenerationModel {
  return GENERATION_MODELS.find((id) => MODELS[id].endpoint === endpoint) ?? DEFAULT_MODEL;
}

/** Credits for one image of this model at this resolution (the model's lowest price if it has none). */
export function creditsPerImage(model: GenerationModel, resolution: string): number {
  const { credits } = MODELS[model];
  const byResolution = isResolution(resolution) ? credits[resolution] : undefined;
  return byResolution ?? credits.base ?? Math.min(...Object.values(credits));
}

/** What a task costs before it runs; charged only if it succeeds. */
export function generationCost(model: GenerationModel, resolution: string, numImages: number): number {
  return creditsPerImage(model, resolution) * numImages;
}

/** The lowest price per image of a model, for "from N credits" on the landing page. */
export function lowestCreditsPerImage(model: GenerationModel): number {
  return Math.min(...Object.values(MODELS[model].credits));
}

/** Long side in pixels by resolution; the endpoint without one makes about 1K images. */
const LONG_SIDE: Record<Resolution, number> = { '1K': 1024, '2K': 2048, '4K': 4096 };

/**
 * The approximate pixel size of an output, shown before generating (the result's real size is shown after).
 * `auto` follows the reference image, or is square without one.
 */
export function outputSize(aspectRatio: string, resolution: string): { width: number; height: number } {
  const long = isResolution(resolution) ? LONG_SIDE[resolution] : LONG_SIDE['1K'];
  const match = /^(\d+):(\d+)$/.exec(aspectRatio);
  const w = match ? Number(match[1]) : 1;
  const h = match ? Number(match[2]) : 1;
  if (w <= 0 || h <= 0) return { width: long, height: long };
  // Multiples of 8, as image models make them.
  const round = (value: number) => Math.max(8, Math.round(value / 8) * 8);
  return w >= h ? { width: long, height: round((long * h) / w) } : { width: round((long * w) / h), height: long };
}

/** The file type of an output format, for downloads and the demo's images. */
export type OutputMime = 'image/png' | 'image/jpeg';
export const OUTPUT_MIME: Record<OutputFormat, OutputMime> = { png: 'image/png', jpg: 'image/jpeg' };
