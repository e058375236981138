/**
 * The public image-task API's requests, as strict schemas: one endpoint per model family, each with its own
 * fields, exactly as the host documents them (a field the endpoint does not define is refused). The client
 * sends what the playground builds (typed by these); the demo server, the OpenAPI document and the tests check
 * requests with them. Kept out of src/api/contract.ts so the app's first load does not carry them.
 */
import * as v from 'valibot';
import { MODELS, OUTPUT_FORMATS, RESOLUTIONS } from '../domain/generationOptions';
import { ErrorCode, TaskRecordSchema, TaskStatusSchema, type EndpointName } from './contract';

const HttpUrl = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i));
const Prompt = v.pipe(v.string(), v.nonEmpty());

export const NanoBananaRequestSchema = v.strictObject({
  prompt: Prompt,
  /** The host's own spelling. */
  type: v.picklist(['TEXTTOIAMGE', 'IMAGETOIAMGE']),
  callBackUrl: HttpUrl,
  numImages: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MODELS['nano-banana'].maxImages))),
  imageUrls: v.optional(v.array(HttpUrl)),
  watermark: v.optional(v.string()),
  image_size: v.optional(v.picklist(MODELS['nano-banana'].aspectRatios)),
});
export type NanoBananaRequest = v.InferOutput<typeof NanoBananaRequestSchema>;

export const NanoBanana2RequestSchema = v.strictObject({
  prompt: v.pipe(Prompt, v.maxLength(MODELS['nano-banana-2'].maxPromptLength)),
  /** An empty list makes an image from text alone. */
  imageUrls: v.optional(v.pipe(v.array(HttpUrl), v.maxLength(MODELS['nano-banana-2'].maxReferenceImages))),
  aspectRatio: v.optional(v.picklist(MODELS['nano-banana-2'].aspectRatios)),
  resolution: v.optional(v.picklist(RESOLUTIONS)),
  outputFormat: v.optional(v.picklist(OUTPUT_FORMATS)),
  googleSearch: v.optional(v.boolean()),
  callBackUrl: v.optional(HttpUrl),
});
export type NanoBanana2Request = v.InferOutput<typeof NanoBanana2RequestSchema>;

export const NanoBananaProRequestSchema = v.strictObject({
  prompt: Prompt,
  imageUrls: v.optional(v.pipe(v.array(HttpUrl), v.maxLength(MODELS['nano-banana-pro'].maxReferenceImages))),
  resolution: v.optional(v.picklist(RESOLUTIONS)),
  aspectRatio: v.optional(v.picklist(MODELS['nano-banana-pro'].aspectRatios)),
  callBackUrl: v.optional(HttpUrl),
});
export type NanoBananaProRequest = v.InferOutput<typeof NanoBananaProRequestSchema>;

export const TaskRecordRequestSchema = v.strictObject({ taskId: v.pipe(v.string(), v.nonEmpty()) });

/** The request schema of each task-API call that takes one (the others send nothing, or are not the task API's). */
export const requestSchemas: Partial<Record<EndpointName, v.GenericSchema>> = {
  generate: NanoBananaRequestSchema,
  generate2: NanoBanana2RequestSchema,
  generatePro: NanoBananaProRequestSchema,
  taskRecord: TaskRecordRequestSchema,
};

/**
 * What the task API POSTs to `callBackUrl` when a task ends. The docs show two shapes: `data.info.resultImageUrl`
 * and, for newer endpoints, the whole task record in `data`. A browser cannot receive it; the schema documents
 * it (and the operator's server) and is tested against the docs' examples.
 */
export const TaskCallbackSchema = v.object({
  code: v.pipe(v.number(), v.integer()),
  msg: v.fallback(v.nullish(v.string(), ''), ''),
  data: v.object({
    taskId: v.string(),
    info: v.fallback(v.nullish(v.object({ resultImageUrl: v.fallback(v.nullish(v.string(), ''), '') }), null), null),
    successFlag: v.optional(TaskStatusSchema),
    response: v.optional(TaskRecordSchema.entries.response),
    errorCode: v.optional(ErrorCode),
    errorMessage: v.optional(v.fallback(v.nullish(v.string(), ''), '')),
  }),
});
