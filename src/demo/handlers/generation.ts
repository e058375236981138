/**
 * The demo's public image-task API (PRODUCT.md section 3): `generate` creates a task paid for by the API
 * key's account, `record-info` reports it, and the demo image host serves the finished images, drawn in
 * the browser from the task's prompt, seed and aspect ratio.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { plural, t } from '@lingui/core/macro';
import { GenerationModelSchema, INSUFFICIENT_CREDITS_CODE, INVALID_GENERATION_REQUEST_CODE, type GenerateRequest } from '../../api/contract';
import { DEMO_RESULTS_PATH } from '../../services/demoPages';
import {
  ASPECT_RATIOS,
  MAX_IMAGES,
  MAX_PROMPT_LENGTH,
  MAX_REFERENCE_IMAGES,
  MAX_SEED,
  MIN_IMAGES,
  MODEL_NAMES,
  OUTPUT_FORMATS,
  OUTPUT_MIME,
  generationCost,
  isAspectRatio,
  isOutputFormat,
  outputSize,
} from '../../services/generationOptions';
import { isHttpUrl } from '../../services/urls';
import type { DemoEnvironment } from '../environment';
import { accountForApiKey, createTask, findTask, randomPlan, settleDueTasks, taskRequest } from '../generation/tasks';
import { renderResultImage } from '../generation/images';
import { fail, ok, route } from './route';

/** The task API's own codes (as its hosts answer them): an unknown key, and an unknown task. */
export const INVALID_API_KEY_CODE = 401;
export const TASK_NOT_FOUND_CODE = 404;

const GenerateInput: v.GenericSchema<unknown, GenerateRequest> = v.object({
  prompt: v.string(),
  type: v.picklist(['TEXTTOIAMGE', 'IMAGETOIAMGE']),
  model: GenerationModelSchema,
  numImages: v.number(),
  imageUrls: v.optional(v.array(v.string())),
  aspectRatio: v.string(),
  seed: v.optional(v.number()),
  outputFormat: v.picklist(OUTPUT_FORMATS),
  callBackUrl: v.optional(v.string()),
});
const TaskQuery = v.object({ taskId: v.pipe(v.string(), v.minLength(1)) });

/** What is wrong with a request the schema let through, as the task API would say it; null if nothing. */
export function requestProblem(request: GenerateRequest): string | null {
  const prompt = request.prompt.trim();
  if (prompt === '') return t`Describe the image: the prompt is empty.`;
  if (request.prompt.length > MAX_PROMPT_LENGTH) return t`The prompt is longer than ${MAX_PROMPT_LENGTH} characters.`;
  if (!Number.isInteger(request.numImages) || request.numImages < MIN_IMAGES || request.numImages > MAX_IMAGES) {
    return t`numImages must be a whole number from ${MIN_IMAGES} to ${MAX_IMAGES}.`;
  }
  if (!isAspectRatio(request.aspectRatio)) {
    const ratios = ASPECT_RATIOS.join(', ');
    return t`aspectRatio must be one of ${ratios}.`;
  }
  if (!isOutputFormat(request.outputFormat)) return t`outputFormat must be png, jpeg or webp.`;
  if (request.seed !== undefined && (!Number.isInteger(request.seed) || request.seed < 0 || request.seed > MAX_SEED)) {
    return t`seed must be a whole number from 0 to ${MAX_SEED}.`;
  }
  const urls = request.imageUrls ?? [];
  const bad = urls.find((url) => !isHttpUrl(url));
  if (bad !== undefined) return t`"${bad}" is not an http or https image URL.`;
  const maxReferences = MAX_REFERENCE_IMAGES[request.model];
  const modelName = MODEL_NAMES[request.model];
  if (urls.length > maxReferences) {
    return plural(maxReferences, { one: `${modelName} takes at most # reference image.`, other: `${modelName} takes at most # reference images.` });
  }
  if (request.type === 'IMAGETOIAMGE' && urls.length === 0) return t`IMAGETOIAMGE needs at least one URL in imageUrls.`;
  if (request.type === 'TEXTTOIAMGE' && urls.length > 0) return t`Reference images need type IMAGETOIAMGE.`;
  if (request.callBackUrl !== undefined && request.callBackUrl !== '' && !isHttpUrl(request.callBackUrl)) return t`callBackUrl must be an http or https URL.`;
  return null;
}

function invalidKey() {
  return fail(INVALID_API_KEY_CODE, t`This API key is not valid. Check it on the API keys page.`);
}

function originOf(request: Request): string {
  return new URL(request.url).origin;
}

function notFound(): Response {
  return new HttpResponse(null, { status: 404 });
}

export function generationHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'generate', GenerateInput, ({ input, token }) => {
      const data = env.db.read();
      const owner = accountForApiKey(data, token);
      if (!owner) return invalidKey();
      const problem = requestProblem(input);
      if (problem) return fail(INVALID_GENERATION_REQUEST_CODE, problem);
      const cost = generationCost(input.model, input.numImages);
      const { account, key } = owner;
      if (cost > account.credits) {
        const balance = account.credits;
        return fail(INSUFFICIENT_CREDITS_CODE, t`Insufficient credits: this task costs ${cost} credits and the balance is ${balance}.`);
      }
      const request: GenerateRequest = { ...input, prompt: input.prompt.trim() };
      const task = createTask(data, account, key, request, env.controls.get().generationFailureRate, randomPlan());
      env.db.save();
      return ok({ taskId: task.taskId });
    }),

    route(env, 'taskRecord', TaskQuery, ({ input, token, request }) => {
      const data = env.db.read();
      const owner = accountForApiKey(data, token);
      if (!owner) return invalidKey();
      if (settleDueTasks(data, originOf(request), Date.now(), owner.account.id)) env.db.save();
      const task = findTask(data, owner.account, input.taskId);
      if (!task) return fail(TASK_NOT_FOUND_CODE, t`No task with this id belongs to this key’s account.`);
      const { accountId: _accountId, dueAt: _dueAt, plannedOutcome: _plannedOutcome, usageRecordId: _usageRecordId, ...record } = task;
      return ok(record);
    }),

    // The image host: like a CDN, public to whoever has the link, and outside the QA controls (an image
    // loading must not use up a failure armed for the next API call).
    http.get(`*${DEMO_RESULTS_PATH}:taskId/:image`, async ({ params }) => {
      const data = env.db.read();
      const taskId = String(params.taskId);
      const image = Number(params.image);
      const task = data.tasks.find((candidate) => candidate.taskId === taskId);
      const request = task ? taskRequest(task) : null;
      if (!task || task.successFlag !== 1 || !request || !Number.isInteger(image) || image < 1 || image > request.numImages) return notFound();
      const format = isOutputFormat(request.outputFormat) ? request.outputFormat : 'png';
      const blob = await renderResultImage({ taskId, request, index: image - 1, ...outputSize(request.aspectRatio) }, OUTPUT_MIME[format]);
      // A browser that cannot encode the format (WebP in Safari) gives PNG: say what the bytes really are.
      return new HttpResponse(blob, { status: 200, headers: { 'Content-Type': blob.type || OUTPUT_MIME[format], 'Cache-Control': 'public, max-age=31536000, immutable' } });
    }),
  ];
}
