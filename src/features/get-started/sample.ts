/**
 * The request the landing page and the quick start show: one cheap Nano Banana image. Kept apart from
 * the views so both pages show (and copy) exactly the same call.
 */
import type { GenerateRequest } from '../../api/contract';
import { config } from '../../config';
import type { SnippetTarget } from '../playground/snippets';

export const SAMPLE_REQUEST: GenerateRequest = {
  prompt: 'A banana in tiny sunglasses on a beach towel, product photo',
  type: 'TEXTTOIAMGE',
  model: 'nano-banana',
  numImages: 1,
  aspectRatio: '1:1',
  outputFormat: 'png',
};

/** What an anonymous visitor sees (and copies) in place of a key. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The placeholder in step 4 for the id that step 3 answered. */
export const TASK_ID_PLACEHOLDER = 'TASK_ID_FROM_STEP_3';

export function snippetTarget(apiKey: string): SnippetTarget {
  return { baseUrl: config.generationApiBaseUrl, apiKey };
}

export const isDemoMode = config.mode === 'demo';
