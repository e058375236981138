/**
 * The demo's image tasks: created when the playground (or any client of the task API) asks, run for a few
 * seconds, then settled when anybody next looks: charged on success, refunded on failure. Every task is
 * also a usage record, so history and the dashboard show it. Work on loaded tables; the caller saves.
 */
import { t } from '@lingui/core/macro';
import type { GenerateCall } from '../../api/contract';
import { DEMO_RESULTS_PATH } from '../../services/demoPages';
import { MODELS, generationCost, modelSpec, type GenerationModel } from '../../domain/generationOptions';
import { randomHex } from '../crypto';
import { debitCredits, findAccount, type Account, type ApiKeyRow, type DbData, type TaskRow, type UsageRecordRow } from '../db';
import type { KeyVault } from '../keyVault';

/**
 * How long a demo task runs: a base, a little more per image, and some jitter. A few seconds of visible
 * progress, and any size is done by the playground's second read (at 5 s).
 */
export const TASK_BASE_MS = 2000;
export const TASK_PER_IMAGE_MS = 500;
const TASK_JITTER_MS = 1000;

export const GENERATION_FAILED_CODE = 501;
/** The task API's code for a prompt its content policy refused. */
const CONTENT_POLICY_CODE = 400;

/** A prompt containing this is refused by the demo's content policy: a failed task with code 400, as the API says it. */
const FLAGGED_PROMPT_MARK = '[flagged]';

/**
 * How failed tasks fail, with the task API's code 501. Worded in the visitor's language when the task ends
 * (the demo server answers in it).
 */
function generationErrors(): ReadonlyArray<{ code: number; message: string }> {
  return [
    { code: GENERATION_FAILED_CODE, message: t`The model could not finish this image. Try again, or change the prompt a little.` },
    { code: GENERATION_FAILED_CODE, message: t`The generation timed out on the model’s side.` },
  ];
}

function contentPolicyError(): { code: number; message: string } {
  return { code: CONTENT_POLICY_CODE, message: t`Your prompt has been flagged by the content policy.` };
}

const iso = (time: number) => new Date(time).toISOString();
const pad = (value: number) => String(value).padStart(2, '0');

/** The task API writes times as local time `YYYY-MM-DD HH:mm:ss`, with no zone; so does the demo. */
export function taskTime(time: number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** What a task asked for, read back from its request whatever the endpoint's field names. */
export interface TaskParameters {
  model: GenerationModel;
  prompt: string;
  aspectRatio: string;
  resolution: string;
  outputFormat: 'png' | 'jpg';
  numImages: number;
}

/** The parameters of a call, as the demo needs them to price, run and draw the task. */
export function callParameters(model: GenerationModel, call: GenerateCall): TaskParameters {
  const spec = MODELS[model];
  switch (call.endpoint) {
    case 'generate':
      return {
        model,
        prompt: call.request.prompt,
        aspectRatio: call.request.image_size ?? spec.defaultAspectRatio,
        resolution: '',
        outputFormat: 'png',
        numImages: call.request.numImages ?? 1,
      };
    case 'generate2':
      return {
        model,
        prompt: call.request.prompt,
        aspectRatio: call.request.aspectRatio ?? spec.defaultAspectRatio,
        resolution: call.request.resolution ?? '1K',
        outputFormat: call.request.outputFormat ?? 'jpg',
        numImages: 1,
      };
    case 'generatePro':
      return {
        model,
        prompt: call.request.prompt,
        aspectRatio: call.request.aspectRatio ?? spec.defaultAspectRatio,
        resolution: call.request.resolution ?? '1K',
        outputFormat: 'png',
        numImages: 1,
      };
  }
}

/**
 * The account that owns this API key, and the key (the task API knows keys, not sessions). Keys are not
 * stored, so each row's key is derived and compared: a handful of HMACs for a demo's few accounts.
 */
export async function accountForApiKey(
  data: DbData,
  apiKey: string | null,
  vault: KeyVault,
): Promise<{ account: Account; key: ApiKeyRow } | undefined> {
  if (!apiKey) return undefined;
  for (const account of data.accounts) {
    for (const key of account.apiKeys) {
      if ((await vault.keyFor(key)) === apiKey) return { account, key };
    }
  }
  return undefined;
}

export function findTask(data: DbData, account: Account, taskId: string): TaskRow | undefined {
  return data.tasks.find((task) => task.taskId === taskId && task.accountId === account.id);
}

export interface TaskPlan {
  /** 0..1, rolled once: under the failure rate means the task will fail. */
  roll: number;
  /** 0..1, for the jitter of the run time. */
  jitter: number;
}

export function randomPlan(): TaskPlan {
  return { roll: Math.random(), jitter: Math.random() };
}

/** A new running task and its usage record (status 0, the cost known up front, nothing charged yet). */
export function createTask(
  data: DbData,
  account: Account,
  key: ApiKeyRow,
  params: TaskParameters,
  call: GenerateCall,
  failureRate: number,
  plan: TaskPlan,
  now = Date.now(),
): TaskRow {
  const taskId = randomHex(32);
  const usageRecordId = randomHex(16);
  // Stored as the endpoint took it, as the real host does.
  const paramJson = JSON.stringify(call.request);
  const task: TaskRow = {
    taskId,
    paramJson,
    model: params.model,
    response: null,
    successFlag: 0,
    errorCode: 0,
    errorMessage: '',
    createTime: taskTime(now),
    completeTime: '',
    accountId: account.id,
    dueAt: now + TASK_BASE_MS + TASK_PER_IMAGE_MS * params.numImages + Math.round(TASK_JITTER_MS * plan.jitter),
    plannedOutcome: params.prompt.includes(FLAGGED_PROMPT_MARK) || plan.roll < failureRate / 100 ? 'failure' : 'success',
    usageRecordId,
  };
  const record: UsageRecordRow = {
    id: usageRecordId,
    taskId,
    createTime: iso(now),
    model: params.model,
    apiKeyName: key.name,
    prompt: params.prompt,
    status: 0,
    credits: generationCost(params.model, params.resolution, params.numImages),
    refundedCredits: 0,
    resultImageUrls: [],
    paramJson,
    errorMessage: null,
    accountId: account.id,
    apiKeyId: String(key.id),
  };
  data.tasks.push(task);
  data.usageRecords.push(record);
  key.lastUsedTime = iso(now);
  return task;
}

/** Where the demo serves image `index` (0-based) of a task; the demo image host is this origin. */
export function resultImageUrl(origin: string, taskId: string, index: number): string {
  return `${origin}${DEMO_RESULTS_PATH}${taskId}/${index + 1}`;
}

/** What a stored task asked for (its model and paramJson), or null if unreadable. */
export function taskParameters(task: Pick<TaskRow, 'paramJson' | 'model'>): TaskParameters | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(task.paramJson);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || !('prompt' in parsed) || typeof parsed.prompt !== 'string') return null;
  const spec = modelSpec(task.model);
  // Stored by this demo from a request its schema accepted: the endpoint's own shape.
  return callParameters(spec.id, { endpoint: spec.endpoint, request: parsed } as GenerateCall);
}

/** One of the errors, picked by the task id, so the same task always fails the same way. */
function errorFor(task: TaskRow): { code: number; message: string } {
  if (taskParameters(task)?.prompt.includes(FLAGGED_PROMPT_MARK)) return contentPolicyError();
  const errors = generationErrors();
  return errors[parseInt(task.taskId.slice(0, 4), 16) % errors.length] ?? { code: GENERATION_FAILED_CODE, message: '' };
}

/** Finishes one due task: images and a charge on success; an error and a full refund on failure. */
function settleTask(data: DbData, task: TaskRow, origin: string): void {
  const account = findAccount(data, task.accountId);
  const record = data.usageRecords.find((row) => row.id === task.usageRecordId);
  const params = taskParameters(task);
  task.completeTime = taskTime(task.dueAt);
  if (task.plannedOutcome === 'success' && account && params) {
    const urls = Array.from({ length: params.numImages }, (_, index) => resultImageUrl(origin, task.taskId, index));
    task.successFlag = 1;
    // The documented field holds the first image; a task of several also lists them all (the docs do not
    // say how a host returns several, and the client accepts such a list).
    task.response = { resultImageUrl: urls[0] ?? '', originImageUrl: urls[0] ?? '', resultImageUrls: urls.length > 1 ? urls : [] };
    const cost = record?.credits ?? generationCost(params.model, params.resolution, params.numImages);
    const charged = debitCredits(data, account, cost, `${MODELS[params.model].name} task ${task.taskId}`, task.dueAt);
    if (record) {
      record.status = 1;
      record.resultImageUrls = urls;
      // Whatever the balance could not cover was not charged.
      record.refundedCredits = Math.max(0, record.credits - charged);
    }
    return;
  }
  task.successFlag = 3;
  const error = errorFor(task);
  task.errorCode = error.code;
  task.errorMessage = error.message;
  if (record) {
    record.status = 3;
    record.errorMessage = task.errorMessage;
    record.refundedCredits = record.credits;
  }
}

/** Settles every running task whose time has come (of one account, or all). Returns whether anything changed. */
export function settleDueTasks(data: DbData, origin: string, now = Date.now(), accountId?: string): boolean {
  let changed = false;
  for (const task of data.tasks) {
    if (task.successFlag !== 0 || task.dueAt > now) continue;
    if (accountId !== undefined && task.accountId !== accountId) continue;
    settleTask(data, task, origin);
    changed = true;
  }
  return changed;
}
