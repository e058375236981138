/**
 * The request the landing page and the quick start show: one Nano Banana 2 image at 1K. Its endpoint takes
 * requests without a callback URL, so the sample works on any deployment. Kept apart from the views so both
 * pages show (and copy) exactly the same call.
 */
import type { GenerateCall } from '../api/contract';
import { config } from '../config';
import { DEFAULT_DRAFT, callFromDraft, draftCost, type GenerationDraft } from './generationDraft';
import type { SnippetTarget } from './snippets';

export const SAMPLE_DRAFT: GenerationDraft = {
  ...DEFAULT_DRAFT,
  prompt: 'A banana in tiny sunglasses on a beach towel, product photo',
  model: 'nano-banana-2',
  aspectRatio: '1:1',
  resolution: '1K',
  outputFormat: 'png',
};

/** Without a callback (the endpoint takes none): the page polls, and so does the reader's code at first. */
export const SAMPLE_CALL: GenerateCall = callFromDraft(SAMPLE_DRAFT, '');
export const SAMPLE_COST = draftCost(SAMPLE_DRAFT);

/** What an anonymous visitor sees (and copies) in place of a key. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The placeholder in step 4 for the id that step 3 answered. */
export const TASK_ID_PLACEHOLDER = 'TASK_ID_FROM_STEP_3';

/** Where samples send their request, as `useGenerationApiBaseUrl()` (src/ui/useHydrated.ts) says, with `apiKey`. */
export function snippetTarget(baseUrl: string, apiKey: string): SnippetTarget {
  return { baseUrl, apiKey };
}

export const isDemoMode = config.mode === 'demo';
