/**
 * The demo's public image-task API, with the same endpoints, fields and codes as the real host: one create
 * endpoint per model family (a field the endpoint does not define is refused with 400), `record-info`
 * reports a task, `common/credit` the balance, and the demo image host serves the finished images, drawn
 * in the browser from the task's prompt at the requested aspect ratio, resolution and format.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { INSUFFICIENT_CREDITS_CODE, TASK_CODES, endpoints, type GenerateCall } from '../../api/contract';
import { NanoBanana2RequestSchema, NanoBananaProRequestSchema, NanoBananaRequestSchema, TaskRecordRequestSchema } from '../../api/taskRequests';
import { DEMO_RESULTS_PATH, DEMO_TASK_CALLBACK_PATH } from '../../services/demoPages';
import { MODELS, OUTPUT_MIME, generationCost, modelOfEndpoint, outputSize, type GenerateEndpoint } from '../../domain/generationOptions';
import type { DemoEnvironment } from '../environment';
import { accountForApiKey, callParameters, createTask, findTask, randomPlan, settleDueTasks, taskParameters } from '../generation/tasks';
import { renderResultImage } from '../generation/images';
import { fail, ok, route, type Reply } from './route';

/** The task API's own codes: an unknown key, and an unknown task. */
const INVALID_API_KEY_CODE = TASK_CODES.unauthorized;
const TASK_NOT_FOUND_CODE = TASK_CODES.taskNotFound;

/** Refusals of the task API are code 400, "parameter error", with what is wrong in words. */
function parameterError(message: string): Reply<null> {
  return fail(TASK_CODES.parameterError, message);
}

/** The first thing wrong with a request, said as the task API would (a field it does not define included). */
function describeRequestIssue(issue: v.BaseIssue<unknown>, path: string): string {
  const field = v.getDotPath(issue) ?? t`request body`;
  if (issue.expected === 'never') return t`${field} is not a field of ${path}.`;
  if (issue.input === undefined) return t`${field} is required.`;
  const expected = issue.expected ?? '';
  return t`${field} has a value that ${path} does not take (expected ${expected}).`;
}

const REQUEST_SCHEMAS = { generate: NanoBananaRequestSchema, generate2: NanoBanana2RequestSchema, generatePro: NanoBananaProRequestSchema } as const;

/** The request checked field by field against its endpoint's documented fields and rules. */
function parseGenerateCall(endpoint: GenerateEndpoint, payload: unknown): { ok: true; call: GenerateCall } | { ok: false; message: string } {
  const { path } = endpoints[endpoint];
  const parsed = v.safeParse(REQUEST_SCHEMAS[endpoint], payload, { abortEarly: true });
  if (!parsed.success) {
    const [issue] = parsed.issues;
    return { ok: false, message: issue ? describeRequestIssue(issue, path) : t`The request is not valid.` };
  }
  const call = { endpoint, request: parsed.output } as GenerateCall;
  const problem = requestProblem(call);
  return problem === null ? { ok: true, call } : { ok: false, message: problem };
}

/** What the schema cannot say: rules across fields, and each model's limits. */
function requestProblem(call: GenerateCall): string | null {
  const spec = MODELS[modelOfEndpoint(call.endpoint)];
  const { prompt } = call.request;
  if (prompt.trim() === '') return t`Describe the image: the prompt is empty.`;
  if (prompt.length > spec.maxPromptLength) {
    const max = spec.maxPromptLength;
    return t`The prompt is longer than ${max} characters.`;
  }
  const urls = call.request.imageUrls ?? [];
  if (call.endpoint === 'generate') {
    if (call.request.type === 'IMAGETOIAMGE' && urls.length === 0) return t`IMAGETOIAMGE needs at least one URL in imageUrls.`;
    if (call.request.type === 'TEXTTOIAMGE' && urls.length > 0) return t`Reference images need type IMAGETOIAMGE.`;
  }
  return null;
}

function invalidKey() {
  return fail(INVALID_API_KEY_CODE, t`This API key is not valid. Check it on the API keys page.`);
}

function originOf(request: Request): string {
  return new URL(request.url).origin;
}

/** How long the image host keeps a result: the task API's documented 14 days. */
const RESULT_KEPT_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

function notFound(): Response {
  return new HttpResponse(null, { status: 404 });
}

/** One task-API endpoint: the Bearer key's account, then the request checked against the endpoint's fields. */
function generateRoute(env: DemoEnvironment, endpoint: GenerateEndpoint): HttpHandler {
  return route(env, endpoint, v.unknown(), async ({ input, token }) => {
    const data = env.db.read();
    const owner = await accountForApiKey(data, token, env.vault);
    if (!owner) return invalidKey();
    const checked = parseGenerateCall(endpoint, input);
    if (!checked.ok) return parameterError(checked.message);
    const params = callParameters(modelOfEndpoint(endpoint), checked.call);
    const cost = generationCost(params.model, params.resolution, params.numImages);
    const { account, key } = owner;
    if (cost > account.credits) {
      const balance = account.credits;
      return fail(INSUFFICIENT_CREDITS_CODE, t`Insufficient credits: this task costs ${cost} credits and the balance is ${balance}.`);
    }
    const task = createTask(
      data,
      account,
      key,
      { ...params, prompt: params.prompt.trim() },
      checked.call,
      env.controls.get().generationFailureRate,
      randomPlan(),
    );
    env.db.save();
    return ok({ taskId: task.taskId });
  });
}

export function generationHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    generateRoute(env, 'generate'),
    generateRoute(env, 'generate2'),
    generateRoute(env, 'generatePro'),

    route(env, 'taskRecord', v.unknown(), async ({ input, token, request }) => {
      const data = env.db.read();
      const owner = await accountForApiKey(data, token, env.vault);
      if (!owner) return invalidKey();
      const query = v.safeParse(TaskRecordRequestSchema, input);
      if (!query.success) return parameterError(t`taskId is required.`);
      if (settleDueTasks(data, originOf(request), Date.now(), owner.account.id)) env.db.save();
      const task = findTask(data, owner.account, query.output.taskId);
      if (!task) return fail(TASK_NOT_FOUND_CODE, t`No task with this id belongs to this key’s account.`);
      const { accountId: _accountId, dueAt: _dueAt, plannedOutcome: _plannedOutcome, usageRecordId: _usageRecordId, model: _model, ...record } = task;
      return ok(record);
    }),

    route(env, 'credit', v.unknown(), async ({ token }) => {
      const owner = await accountForApiKey(env.db.read(), token, env.vault);
      return owner ? ok(owner.account.credits) : invalidKey();
    }),

    // Where demo tasks send their callback: taken and acknowledged, as an operator's server would.
    http.post(`*${DEMO_TASK_CALLBACK_PATH}`, () => HttpResponse.json({ code: 200, msg: 'success' })),

    // The image host: like a CDN, public to whoever has the link (any origin may fetch it, as a ZIP built in the
    // browser does), and outside the QA controls (an image loading must not use up a failure armed for the next
    // API call). It keeps a result RESULT_KEPT_DAYS, as the task API's host does, then answers 404.
    http.get(`*${DEMO_RESULTS_PATH}:taskId/:image`, async ({ params }) => {
      const data = env.db.read();
      const taskId = String(params.taskId);
      const image = Number(params.image);
      const task = data.tasks.find((candidate) => candidate.taskId === taskId);
      // Sample usage has records but no tasks: their images are drawn from the record's own request.
      const record = data.usageRecords.find((candidate) => candidate.taskId === taskId);
      const source = task ? (task.successFlag === 1 ? task : null) : record?.status === 1 ? record : null;
      const parameters = source ? taskParameters(source) : null;
      if (!source || !parameters || !Number.isInteger(image) || image < 1 || image > parameters.numImages) return notFound();
      if (record && Date.now() - Date.parse(record.createTime) >= RESULT_KEPT_DAYS * DAY_MS) return notFound();
      const mime = OUTPUT_MIME[parameters.outputFormat];
      const size = outputSize(parameters.aspectRatio, parameters.resolution);
      const blob = await renderResultImage({ taskId, prompt: parameters.prompt, index: image - 1, ...size }, mime);
      return new HttpResponse(blob, {
        status: 200,
        headers: { 'Content-Type': blob.type || mime, 'Cache-Control': 'public, max-age=31536000, immutable', 'Access-Control-Allow-Origin': '*' },
      });
    }),
  ];
}
