/**
 * The playground form: its defaults, its place in the page address (so a playground can be shared),
 * the request each model's endpoint takes from it, and its rules. Pure functions, shared by the
 * playground, get-started and history.
 */
import type { DraftErrors, GenerationDraft } from '../../machines/generation.machine';
import type { GenerateCall } from '../api/contract';
import { config } from '../config';
import { isHttpUrl } from '../services/urls';
import {
  DEFAULT_MODEL,
  DEFAULT_OUTPUT_FORMAT,
  DEFAULT_RESOLUTION,
  GENERATION_MODELS,
  LONGEST_PROMPT,
  MIN_IMAGES,
  MODELS,
  MOST_REFERENCE_IMAGES,
  generationCost,
  isGenerationModel,
  isOutputFormat,
  isResolution,
  modelOfEndpoint,
  modelSpec,
  type GenerateEndpoint,
  type ModelSpec,
} from './generationOptions';

export type { GenerationDraft };

export const PLAYGROUND_PATH = '/playground/flux';

/** The model the form starts on: one this site can send (a build without a callback URL cannot send Nano Banana). */
const STARTING_MODEL = MODELS[DEFAULT_MODEL].callbackRequired && config.taskCallbackUrl === '' ? 'nano-banana-2' : DEFAULT_MODEL;

export const DEFAULT_DRAFT: GenerationDraft = {
  prompt: '',
  model: STARTING_MODEL,
  aspectRatio: MODELS[STARTING_MODEL].defaultAspectRatio,
  resolution: DEFAULT_RESOLUTION,
  outputFormat: DEFAULT_OUTPUT_FORMAT,
  numImages: 1,
  googleSearch: false,
  watermark: '',
  referenceUrls: [],
};

/**
 * The draft as the chosen model can take it: a ratio, resolution, format or count the model lacks becomes its
 * default, and references past its limit stay (validation names them) so nothing typed is lost.
 */
export function fitDraftToModel(draft: GenerationDraft): GenerationDraft {
  const spec = modelSpec(draft.model);
  return {
    ...draft,
    model: spec.id,
    aspectRatio: spec.aspectRatios.includes(draft.aspectRatio) ? draft.aspectRatio : spec.defaultAspectRatio,
    resolution: isResolution(draft.resolution) ? draft.resolution : DEFAULT_RESOLUTION,
    outputFormat: isOutputFormat(draft.outputFormat) ? draft.outputFormat : DEFAULT_OUTPUT_FORMAT,
    numImages: Number.isInteger(draft.numImages) ? Math.min(Math.max(draft.numImages, MIN_IMAGES), spec.maxImages) : 1,
  };
}

/** Short, stable names in the address: `?prompt=…&model=…&ratio=16:9&res=2K&format=png&n=2&search=1&wm=…&ref=…`. */
const PARAM = {
  prompt: 'prompt',
  model: 'model',
  aspectRatio: 'ratio',
  resolution: 'res',
  outputFormat: 'format',
  numImages: 'n',
  googleSearch: 'search',
  watermark: 'wm',
  referenceUrls: 'ref',
} as const;

/** Whatever the address holds that makes sense for its model; anything unknown falls back to the default. */
export function draftFromSearch(search: string): GenerationDraft {
  const params = new URLSearchParams(search);
  const model = params.get(PARAM.model) ?? '';
  return fitDraftToModel({
    prompt: (params.get(PARAM.prompt) ?? '').slice(0, LONGEST_PROMPT * 2),
    model: GENERATION_MODELS.find((id) => id === model) ?? DEFAULT_DRAFT.model,
    aspectRatio: params.get(PARAM.aspectRatio) ?? '',
    resolution: params.get(PARAM.resolution) ?? '',
    outputFormat: params.get(PARAM.outputFormat) ?? '',
    numImages: Number(params.get(PARAM.numImages) ?? 1),
    googleSearch: params.get(PARAM.googleSearch) === '1',
    watermark: (params.get(PARAM.watermark) ?? '').slice(0, 200),
    referenceUrls: params.getAll(PARAM.referenceUrls).slice(0, MOST_REFERENCE_IMAGES),
  });
}

/** The address's query for a draft: only what its model takes and differs from the defaults, so links stay short. */
export function searchFromDraft(draft: GenerationDraft): string {
  const spec = modelSpec(draft.model);
  const params = new URLSearchParams();
  if (draft.prompt !== '') params.set(PARAM.prompt, draft.prompt);
  if (draft.model !== DEFAULT_DRAFT.model) params.set(PARAM.model, draft.model);
  if (draft.aspectRatio !== spec.defaultAspectRatio) params.set(PARAM.aspectRatio, draft.aspectRatio);
  if (spec.resolutions.length > 0 && draft.resolution !== DEFAULT_DRAFT.resolution) params.set(PARAM.resolution, draft.resolution);
  if (spec.outputFormats.length > 0 && draft.outputFormat !== DEFAULT_DRAFT.outputFormat) params.set(PARAM.outputFormat, draft.outputFormat);
  if (spec.maxImages > 1 && draft.numImages !== DEFAULT_DRAFT.numImages) params.set(PARAM.numImages, String(draft.numImages));
  if (spec.googleSearch && draft.googleSearch) params.set(PARAM.googleSearch, '1');
  if (spec.watermark && draft.watermark.trim() !== '') params.set(PARAM.watermark, draft.watermark.trim());
  for (const url of draft.referenceUrls) if (url.trim() !== '') params.append(PARAM.referenceUrls, url.trim());
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

export function playgroundHref(draft: GenerationDraft): string {
  return `${PLAYGROUND_PATH}${searchFromDraft(draft)}`;
}

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * A past task's request (its paramJson, in the field names of its endpoint) as a form, for "open in
 * playground"; null if unreadable. `model` names the task's model where the record says (history does).
 */
export function draftFromParamJson(paramJson: string, model?: string): GenerationDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(paramJson);
  } catch {
    return null;
  }
  const request = record(parsed);
  if (!request || typeof request.prompt !== 'string') return null;
  // Only the first endpoint has image_size and type; the others have aspectRatio.
  const endpoint: GenerateEndpoint = 'image_size' in request || 'type' in request || 'numImages' in request ? 'generate' : 'generate2';
  // A model this build does not know is read by its fields, as the endpoint they belong to.
  const spec = model !== undefined && isGenerationModel(model) ? MODELS[model] : MODELS[modelOfEndpoint(endpoint)];
  const imageUrls = Array.isArray(request.imageUrls) ? request.imageUrls.filter((url): url is string => typeof url === 'string') : [];
  return fitDraftToModel({
    ...DEFAULT_DRAFT,
    prompt: request.prompt,
    model: spec.id,
    aspectRatio: text(request[spec.aspectRatioField]) ?? spec.defaultAspectRatio,
    resolution: text(request.resolution) ?? DEFAULT_DRAFT.resolution,
    outputFormat: text(request.outputFormat) ?? DEFAULT_DRAFT.outputFormat,
    numImages: typeof request.numImages === 'number' ? request.numImages : 1,
    googleSearch: request.googleSearch === true,
    watermark: text(request.watermark) ?? '',
    referenceUrls: imageUrls.slice(0, MOST_REFERENCE_IMAGES),
  });
}

/** Reference URLs that are filled in (empty rows are just unused). */
function filledReferenceUrls(draft: GenerationDraft): string[] {
  return draft.referenceUrls.map((url) => url.trim()).filter((url) => url !== '');
}

/** The callback URL requests carry: the operator's (a build setting), or none. */
function taskCallbackUrl(): string {
  return config.taskCallbackUrl;
}

/** Whether the draft's model refuses requests without a callback URL, and none is configured. */
export function lacksRequiredCallback(draft: GenerationDraft, callbackUrl = taskCallbackUrl()): boolean {
  return modelSpec(draft.model).callbackRequired && callbackUrl === '';
}

/**
 * The task API call the draft makes: the model's endpoint with exactly the fields that endpoint documents
 * (call only on a valid draft). Optional fields are sent only when they say something.
 */
export function callFromDraft(draft: GenerationDraft, callbackUrl = taskCallbackUrl()): GenerateCall {
  const spec: ModelSpec = modelSpec(draft.model);
  const fitted = fitDraftToModel(draft);
  const imageUrls = filledReferenceUrls(draft);
  const prompt = draft.prompt.trim();
  const callback = callbackUrl === '' ? {} : { callBackUrl: callbackUrl };
  switch (spec.endpoint) {
    case 'generate':
      return {
        endpoint: 'generate',
        request: {
          prompt,
          type: imageUrls.length > 0 ? 'IMAGETOIAMGE' : 'TEXTTOIAMGE',
          callBackUrl: callbackUrl,
          numImages: fitted.numImages,
          ...(imageUrls.length > 0 ? { imageUrls } : {}),
          ...(draft.watermark.trim() !== '' ? { watermark: draft.watermark.trim() } : {}),
          image_size: fitted.aspectRatio,
        },
      };
    case 'generate2':
      return {
        endpoint: 'generate2',
        request: {
          prompt,
          // An empty list asks for an image from text alone.
          imageUrls,
          aspectRatio: fitted.aspectRatio,
          resolution: isResolution(fitted.resolution) ? fitted.resolution : DEFAULT_RESOLUTION,
          outputFormat: isOutputFormat(fitted.outputFormat) ? fitted.outputFormat : DEFAULT_OUTPUT_FORMAT,
          ...(draft.googleSearch ? { googleSearch: true } : {}),
          ...callback,
        },
      };
    case 'generatePro':
      return {
        endpoint: 'generatePro',
        request: {
          prompt,
          ...(imageUrls.length > 0 ? { imageUrls } : {}),
          resolution: isResolution(fitted.resolution) ? fitted.resolution : DEFAULT_RESOLUTION,
          aspectRatio: fitted.aspectRatio,
          ...callback,
        },
      };
  }
}

/**
 * What copied code shows for the callback: the reader's own server, not this site's (whose callback receives
 * the playground's tasks). Only where the endpoint requires one; elsewhere the code leaves it out.
 */
const SNIPPET_CALLBACK_URL = 'https://your-server.example.com/nano-banana/callback';

/** The call as code to paste: the draft's request, with the reader's own callback where one is required. */
export function snippetCallFromDraft(draft: GenerationDraft): GenerateCall {
  return callFromDraft(draft, modelSpec(draft.model).callbackRequired ? SNIPPET_CALLBACK_URL : '');
}

export function draftCost(draft: GenerationDraft): number {
  const spec = modelSpec(draft.model);
  return generationCost(spec.id, spec.resolutions.length > 0 ? draft.resolution : '', Math.min(draft.numImages, spec.maxImages));
}

/** What can be wrong with a field; the view words each one. */
export type DraftProblem = 'required' | 'tooLong' | 'outOfRange' | 'notUrl' | 'tooMany' | 'needsCallback';

/** Field → problem; reference URLs are named one by one (`referenceUrls.0`). Empty means valid. */
export function validateDraft(draft: GenerationDraft, callbackUrl = taskCallbackUrl()): DraftErrors {
  const errors: Record<string, DraftProblem> = {};
  const spec = modelSpec(draft.model);
  if (draft.prompt.trim() === '') errors.prompt = 'required';
  else if (draft.prompt.length > spec.maxPromptLength) errors.prompt = 'tooLong';
  if (!Number.isInteger(draft.numImages) || draft.numImages < MIN_IMAGES || draft.numImages > spec.maxImages) errors.numImages = 'outOfRange';
  draft.referenceUrls.forEach((url, index) => {
    if (url.trim() !== '' && !isHttpUrl(url.trim())) errors[`referenceUrls.${index}`] = 'notUrl';
  });
  if (filledReferenceUrls(draft).length > spec.maxReferenceImages) errors.referenceUrls = 'tooMany';
  if (lacksRequiredCallback(draft, callbackUrl)) errors.model = 'needsCallback';
  return errors;
}
