/**
 * The playground form: its defaults, its place in the page address (so a playground can be shared),
 * the request it makes, and its rules. Pure functions, shared by the playground and history.
 */
import type { DraftErrors, GenerationDraft } from '../../actors/generation';
import type { GenerateRequest } from '../../api/contract';
import {
  MAX_IMAGES,
  MAX_PROMPT_LENGTH,
  MAX_REFERENCE_IMAGES,
  MAX_SEED,
  MIN_IMAGES,
  generationCost,
  isAspectRatio,
  isGenerationModel,
  isOutputFormat,
} from '../../services/generationOptions';
import { isHttpUrl } from '../../services/urls';

export type { GenerationDraft };

export const PLAYGROUND_PATH = '/playground/flux';

export const DEFAULT_DRAFT: GenerationDraft = {
  prompt: '',
  model: 'nano-banana',
  aspectRatio: '1:1',
  outputFormat: 'png',
  numImages: 1,
  seed: '',
  referenceUrls: [],
};

/** Short, stable names in the address: `?prompt=…&model=…&ratio=16:9&format=png&n=2&seed=42&ref=…&ref=…`. */
const PARAM = { prompt: 'prompt', model: 'model', aspectRatio: 'ratio', outputFormat: 'format', numImages: 'n', seed: 'seed', referenceUrls: 'ref' } as const;

/** Whatever the address holds that makes sense; anything unknown falls back to the default. */
export function draftFromSearch(search: string): GenerationDraft {
  const params = new URLSearchParams(search);
  const model = params.get(PARAM.model) ?? '';
  const aspectRatio = params.get(PARAM.aspectRatio) ?? '';
  const outputFormat = params.get(PARAM.outputFormat) ?? '';
  const numImages = Number(params.get(PARAM.numImages));
  return {
    prompt: (params.get(PARAM.prompt) ?? '').slice(0, MAX_PROMPT_LENGTH * 2),
    model: isGenerationModel(model) ? model : DEFAULT_DRAFT.model,
    aspectRatio: isAspectRatio(aspectRatio) ? aspectRatio : DEFAULT_DRAFT.aspectRatio,
    outputFormat: isOutputFormat(outputFormat) ? outputFormat : DEFAULT_DRAFT.outputFormat,
    numImages: Number.isInteger(numImages) && numImages >= MIN_IMAGES && numImages <= MAX_IMAGES ? numImages : DEFAULT_DRAFT.numImages,
    seed: params.get(PARAM.seed) ?? '',
    referenceUrls: params.getAll(PARAM.referenceUrls).slice(0, MAX_IMAGES),
  };
}

/** The address's query for a draft: only what differs from the defaults, so shared links stay short. */
export function searchFromDraft(draft: GenerationDraft): string {
  const params = new URLSearchParams();
  if (draft.prompt !== '') params.set(PARAM.prompt, draft.prompt);
  if (draft.model !== DEFAULT_DRAFT.model) params.set(PARAM.model, draft.model);
  if (draft.aspectRatio !== DEFAULT_DRAFT.aspectRatio) params.set(PARAM.aspectRatio, draft.aspectRatio);
  if (draft.outputFormat !== DEFAULT_DRAFT.outputFormat) params.set(PARAM.outputFormat, draft.outputFormat);
  if (draft.numImages !== DEFAULT_DRAFT.numImages) params.set(PARAM.numImages, String(draft.numImages));
  if (draft.seed.trim() !== '') params.set(PARAM.seed, draft.seed.trim());
  for (const url of draft.referenceUrls) if (url.trim() !== '') params.append(PARAM.referenceUrls, url.trim());
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}

export function playgroundHref(draft: GenerationDraft): string {
  return `${PLAYGROUND_PATH}${searchFromDraft(draft)}`;
}

/** A past task's request (its paramJson) as a form, for "open in playground"; null if unreadable. */
export function draftFromParamJson(paramJson: string): GenerationDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(paramJson);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const request = parsed as Partial<Record<keyof GenerateRequest, unknown>>;
  if (typeof request.prompt !== 'string') return null;
  const params = new URLSearchParams();
  params.set(PARAM.prompt, request.prompt);
  if (typeof request.model === 'string') params.set(PARAM.model, request.model);
  if (typeof request.aspectRatio === 'string') params.set(PARAM.aspectRatio, request.aspectRatio);
  if (typeof request.outputFormat === 'string') params.set(PARAM.outputFormat, request.outputFormat);
  if (typeof request.numImages === 'number') params.set(PARAM.numImages, String(request.numImages));
  if (typeof request.seed === 'number') params.set(PARAM.seed, String(request.seed));
  if (Array.isArray(request.imageUrls)) for (const url of request.imageUrls) if (typeof url === 'string') params.append(PARAM.referenceUrls, url);
  return draftFromSearch(params.toString());
}

/** Reference URLs that are filled in (empty rows are just unused). */
export function filledReferenceUrls(draft: GenerationDraft): string[] {
  return draft.referenceUrls.map((url) => url.trim()).filter((url) => url !== '');
}

/** The task API request the draft makes (call only on a valid draft). */
export function requestFromDraft(draft: GenerationDraft): GenerateRequest {
  const imageUrls = filledReferenceUrls(draft);
  const seed = draft.seed.trim();
  return {
    prompt: draft.prompt.trim(),
    type: imageUrls.length > 0 ? 'IMAGETOIAMGE' : 'TEXTTOIAMGE',
    model: isGenerationModel(draft.model) ? draft.model : 'nano-banana',
    numImages: draft.numImages,
    ...(imageUrls.length > 0 ? { imageUrls } : {}),
    aspectRatio: draft.aspectRatio,
    ...(seed === '' ? {} : { seed: Number(seed) }),
    outputFormat: isOutputFormat(draft.outputFormat) ? draft.outputFormat : 'png',
  };
}

export function draftCost(draft: GenerationDraft): number {
  return generationCost(isGenerationModel(draft.model) ? draft.model : 'nano-banana', draft.numImages);
}

/** What can be wrong with a field; the view words each one. */
export type DraftProblem = 'required' | 'tooLong' | 'notWholeNumber' | 'outOfRange' | 'notUrl' | 'tooMany';

/** Field → problem; reference URLs are named one by one (`referenceUrls.0`). Empty means valid. */
export function validateDraft(draft: GenerationDraft): DraftErrors {
  const errors: Record<string, DraftProblem> = {};
  if (draft.prompt.trim() === '') errors.prompt = 'required';
  else if (draft.prompt.length > MAX_PROMPT_LENGTH) errors.prompt = 'tooLong';
  if (!Number.isInteger(draft.numImages) || draft.numImages < MIN_IMAGES || draft.numImages > MAX_IMAGES) errors.numImages = 'outOfRange';
  const seed = draft.seed.trim();
  if (seed !== '') {
    if (!/^\d+$/.test(seed)) errors.seed = 'notWholeNumber';
    else if (Number(seed) > MAX_SEED) errors.seed = 'outOfRange';
  }
  draft.referenceUrls.forEach((url, index) => {
    if (url.trim() !== '' && !isHttpUrl(url.trim())) errors[`referenceUrls.${index}`] = 'notUrl';
  });
  const model = isGenerationModel(draft.model) ? draft.model : 'nano-banana';
  if (filledReferenceUrls(draft).length > MAX_REFERENCE_IMAGES[model]) errors.referenceUrls = 'tooMany';
  return errors;
}
