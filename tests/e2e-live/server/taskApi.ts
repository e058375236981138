/**
 * The public image-task API's documented requests, field by field, as the live test server enforces them: a
 * request with a field the documentation does not define, a required field left out, or a value out of its
 * documented range is refused with `{ code: 400, msg }` (HTTP 200, the envelope every answer has), the way
 * a strict host would. The browser test then knows the page sends only what the API defines.
 */

type Check = (value: unknown) => string | null;

interface FieldRule {
  required?: boolean;
  /** What is wrong with the value, or null; a missing check accepts any value. */
  check?: Check;
}

export interface TaskEndpoint {
  method: 'GET' | 'POST';
  /** Where the fields travel: a JSON body, or the query string. */
  carrier: 'json' | 'query';
  fields: Record<string, FieldRule>;
}

export const TASK_API_REFUSED_CODE = 400;

const text: Check = (value) => (typeof value === 'string' ? null : 'must be a string');
const nonEmptyText: Check = (value) => (typeof value === 'string' && value.trim() !== '' ? null : 'must be a non-empty string');
const flag: Check = (value) => (typeof value === 'boolean' ? null : 'must be true or false');
const oneOf =
  (...allowed: string[]): Check =>
  (value) =>
    typeof value === 'string' && allowed.includes(value) ? null : `must be one of ${allowed.join(', ')}`;
const wholeNumber =
  (min: number, max: number): Check =>
  (value) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? null : `must be a whole number from ${min} to ${max}`;
const httpUrl: Check = (value) => {
  if (typeof value !== 'string') return 'must be an http(s) URL';
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) ? null : 'must be an http(s) URL';
  } catch {
    return 'must be an http(s) URL';
  }
};
const urls =
  (max: number): Check =>
  (value) => {
    if (!Array.isArray(value) || value.some((entry) => httpUrl(entry) !== null)) return 'must be a list of http(s) URLs';
    return value.length <= max ? null : `takes at most ${max} URLs`;
  };

/** The aspect ratios each endpoint's documentation lists (written out here, apart from the app's own table). */
const V1_RATIOS = ['1:1', '9:16', '16:9', '3:4', '4:3', '3:2', '2:3', '5:4', '4:5', '21:9'];
const V2_RATIOS = ['1:1', '1:4', '1:8', '2:3', '3:2', '3:4', '4:1', '4:3', '4:5', '5:4', '8:1', '9:16', '16:9', '21:9', 'auto'];
const PRO_RATIOS = ['1:1', '2:3', '3:2', '3:4', '4:3', '4:5', '5:4', '9:16', '16:9', '21:9', 'auto'];
const textUpTo =
  (max: number): Check =>
  (value) =>
    nonEmptyText(value) ?? (typeof value === 'string' && value.length <= max ? null : `takes at most ${max} characters`);

/** Every endpoint of the task API, by path. */
export const TASK_ENDPOINTS: Record<string, TaskEndpoint> = {
  '/api/v1/nanobanana/generate': {
    method: 'POST',
    carrier: 'json',
    fields: {
      prompt: { required: true, check: nonEmptyText },
      type: { required: true, check: oneOf('TEXTTOIAMGE', 'IMAGETOIAMGE') },
      imageUrls: { check: urls(Number.MAX_SAFE_INTEGER) },
      numImages: { check: wholeNumber(1, 4) },
      watermark: { check: text },
      image_size: { check: oneOf(...V1_RATIOS) },
      callBackUrl: { required: true, check: httpUrl },
    },
  },
  '/api/v1/nanobanana/generate-2': {
    method: 'POST',
    carrier: 'json',
    fields: {
      prompt: { required: true, check: textUpTo(20_000) },
      imageUrls: { check: urls(14) },
      aspectRatio: { check: oneOf(...V2_RATIOS) },
      resolution: { check: oneOf('1K', '2K', '4K') },
      outputFormat: { check: oneOf('png', 'jpg') },
      googleSearch: { check: flag },
      callBackUrl: { check: httpUrl },
    },
  },
  '/api/v1/nanobanana/generate-pro': {
    method: 'POST',
    carrier: 'json',
    fields: {
      prompt: { required: true, check: nonEmptyText },
      imageUrls: { check: urls(8) },
      resolution: { check: oneOf('1K', '2K', '4K') },
      aspectRatio: { check: oneOf(...PRO_RATIOS) },
      callBackUrl: { check: httpUrl },
    },
  },
  '/api/v1/nanobanana/record-info': { method: 'GET', carrier: 'query', fields: { taskId: { required: true, check: nonEmptyText } } },
  '/api/v1/common/credit': { method: 'GET', carrier: 'query', fields: {} },
};

export function isTaskApiPath(pathname: string): boolean {
  return pathname.startsWith('/api/v1/');
}

/**
 * Why the task API refuses this request, or null if its fields are all documented and valid. `payload` is the
 * parsed JSON body or the query as an object; a body that is not a JSON object is refused.
 */
export function taskRequestProblem(pathname: string, method: string, payload: unknown): string | null {
  const endpoint = TASK_ENDPOINTS[pathname];
  if (!endpoint) return `${method} ${pathname} is not an endpoint of the task API`;
  if (method !== endpoint.method) return `${pathname} takes ${endpoint.method}, not ${method}`;
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return 'the request body must be a JSON object';
  const record = payload as Record<string, unknown>;
  for (const name of Object.keys(record)) {
    if (!Object.hasOwn(endpoint.fields, name)) return `${pathname} refused the request: unknown field ${name}`;
  }
  for (const [name, rule] of Object.entries(endpoint.fields)) {
    const value = record[name];
    if (value === undefined) {
      if (rule.required) return `${pathname} refused the request: missing required field ${name}`;
      continue;
    }
    const problem = rule.check?.(value) ?? null;
    if (problem) return `${pathname} refused the request: ${name} ${problem}`;
  }
  return null;
}

/** One request to the task API as it arrived, and whether the server refused it for its fields (the test log). */
export interface TaskApiEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  refused: string | null;
  at: string;
}
