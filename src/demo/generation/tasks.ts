/**
 * The demo's image tasks: created when the playground (or any client of the task API) asks, run for a few
 * seconds, then settled when anybody next looks: charged on success, refunded on failure. Every task is
 * also a usage record, so history and the dashboard show it. Work on loaded tables; the caller saves.
 */
import { t } from '@lingui/core/macro';
import type { GenerateRequest } from '../../api/contract';
import { DEMO_RESULTS_PATH } from '../../services/demoPages';
import { MODEL_NAMES, generationCost } from '../../services/generationOptions';
import { randomHex } from '../crypto';
import { debitCredits, findAccount, type Account, type ApiKeyRow, type DbData, type TaskRow, type UsageRecordRow } from '../db';

/**
 * How long a demo task runs: a base, a little more per image, and some jitter. A few seconds of visible
 * progress, and any size is done by the playground's second read (at 5 s).
 */
export const TASK_BASE_MS = 2000;
export const TASK_PER_IMAGE_MS = 500;
export const TASK_JITTER_MS = 1000;

/** What failed tasks say, in the visitor's language when the task ends (the demo server answers in it). */
export function generationErrors(): readonly string[] {
  return [
    t`The model could not finish this image. Try again, or change the prompt a little.`,
    t`The generation timed out on the model’s side.`,
    t`The output was blocked by the content filter.`,
  ];
}
export const GENERATION_FAILED_CODE = 501;

const iso = (time: number) => new Date(time).toISOString();

/** The account that owns this API key, and the key (the task API knows keys, not sessions). */
export function accountForApiKey(data: DbData, apiKey: string | null): { account: Account; key: ApiKeyRow } | undefined {
  if (!apiKey) return undefined;
  for (const account of data.accounts) {
    const key = account.apiKeys.find((candidate) => candidate.apiKey === apiKey);
    if (key) return { account, key };
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
export function createTask(data: DbData, account: Account, key: ApiKeyRow, request: GenerateRequest, failureRate: number, plan: TaskPlan, now = Date.now()): TaskRow {
  const taskId = randomHex(32);
  const usageRecordId = randomHex(16);
  const paramJson = JSON.stringify(request);
  const task: TaskRow = {
    taskId,
    paramJson,
    response: null,
    successFlag: 0,
    errorCode: null,
    errorMessage: null,
    createTime: iso(now),
    completeTime: null,
    accountId: account.id,
    dueAt: now + TASK_BASE_MS + TASK_PER_IMAGE_MS * request.numImages + Math.round(TASK_JITTER_MS * plan.jitter),
    plannedOutcome: plan.roll < failureRate / 100 ? 'failure' : 'success',
    usageRecordId,
  };
  const record: UsageRecordRow = {
    id: usageRecordId,
    taskId,
    createTime: task.createTime,
    model: request.model,
    apiKeyName: key.name,
    prompt: request.prompt,
    status: 0,
    credits: generationCost(request.model, request.numImages),
    refundedCredits: 0,
    resultImageUrls: [],
    paramJson,
    errorMessage: null,
    accountId: account.id,
    apiKeyId: String(key.id),
  };
  data.tasks.push(task);
  data.usageRecords.push(record);
  key.lastUsedTime = task.createTime;
  return task;
}

/** Where the demo serves image `index` (0-based) of a task; the demo image host is this origin. */
export function resultImageUrl(origin: string, taskId: string, index: number): string {
  return `${origin}${DEMO_RESULTS_PATH}${taskId}/${index + 1}`;
}

/** The request a task was made from (its paramJson), or null if unreadable. */
export function taskRequest(task: Pick<TaskRow, 'paramJson'>): GenerateRequest | null {
  try {
    const parsed: unknown = JSON.parse(task.paramJson);
    return typeof parsed === 'object' && parsed !== null && 'prompt' in parsed && 'numImages' in parsed ? (parsed as GenerateRequest) : null;
  } catch {
    return null;
  }
}

/** One of the errors, picked by the task id, so the same task always fails the same way. */
function errorFor(task: TaskRow): string {
  const errors = generationErrors();
  return errors[parseInt(task.taskId.slice(0, 4), 16) % errors.length] ?? '';
}

/** Finishes one due task: images and a charge on success; an error and a full refund on failure. */
function settleTask(data: DbData, task: TaskRow, origin: string): void {
  const account = findAccount(data, task.accountId);
  const record = data.usageRecords.find((row) => row.id === task.usageRecordId);
  const request = taskRequest(task);
  task.completeTime = iso(task.dueAt);
  if (task.plannedOutcome === 'success' && account && request) {
    const urls = Array.from({ length: request.numImages }, (_, index) => resultImageUrl(origin, task.taskId, index));
    task.successFlag = 1;
    task.response = { resultImageUrls: urls };
    const charged = debitCredits(data, account, record?.credits ?? generationCost(request.model, request.numImages), `${MODEL_NAMES[request.model]} task ${task.taskId}`, task.dueAt);
    if (record) {
      record.status = 1;
      record.resultImageUrls = urls;
      // Whatever the balance could not cover was not charged.
      record.refundedCredits = Math.max(0, record.credits - charged);
    }
    return;
  }
  task.successFlag = 3;
  task.errorCode = GENERATION_FAILED_CODE;
  task.errorMessage = errorFor(task);
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
