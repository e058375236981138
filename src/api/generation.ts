/** The public image-task API, called with the user's API key as a Bearer token instead of the session. */
import type { GenerateCall } from './contract';
import { callApi, type CallOptions } from './client';

type GenerationOptions = Pick<CallOptions, 'signal'>;

/** Creates a task at the endpoint of the request's model. */
export function generate(call: GenerateCall, apiKey: string, options: GenerationOptions = {}) {
  const withKey = { ...options, apiKey };
  switch (call.endpoint) {
    case 'generate':
      return callApi('generate', call.request, withKey);
    case 'generate2':
      return callApi('generate2', call.request, withKey);
    case 'generatePro':
      return callApi('generatePro', call.request, withKey);
  }
}

/** One read of a task's progress and result. */
export function taskRecord(taskId: string, apiKey: string, options: GenerationOptions = {}) {
  return callApi('taskRecord', { taskId }, { ...options, apiKey });
}

/** The balance of the key's account, in credits. Read in the background: a failure is not toasted. */
export function creditBalance(apiKey: string, options: GenerationOptions = {}) {
  return callApi('credit', undefined, { ...options, apiKey, quiet: true });
}
