/** The public image-task API, called with the user's API key instead of the session (PRODUCT.md section 3). */
import type { GenerateRequest } from './contract';
import { callApi, type CallOptions } from './client';

type GenerationOptions = Pick<CallOptions, 'signal'>;

export function generate(request: GenerateRequest, apiKey: string, options: GenerationOptions = {}) {
  return callApi('generate', request, { ...options, apiKey });
}

/** One poll of a task's progress. */
export function taskRecord(taskId: string, apiKey: string, options: GenerationOptions = {}) {
  return callApi('taskRecord', { taskId }, { ...options, apiKey });
}
