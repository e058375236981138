import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  generationMachine,
  taskCheckOutcome,
  type FindCreatedTaskInput,
  type FindCreatedTaskResponse,
  type GenerationDraft,
  type PollTaskInput,
  type SessionResult,
  type TaskAnswer,
} from '../../machines/generation.machine';
import { pollingCheck } from '../../machines/polling.machine';
import type { GenerateCall, TaskRecord, UsageRecord } from '../api/contract';
import { usageRecordPage } from '../api/dashboard';
import { generate, taskRecord } from '../api/generation';
import { modelOfEndpoint } from '../domain/generationOptions';
import { callFromDraft } from '../domain/generationDraft';
import { parseServerTime } from '../domain/serverTime';
import type { UserActor } from './app';
import { createPollerLogic } from './polling';

// The API's task record is what the machine reads; this fails to compile if the two drift apart.
type Assignable<T extends TaskAnswer> = T;
type _AppTaskAnswer = Assignable<TaskRecord>;

export interface GenerationWiring {
  /** Told when a task ends, so the balance is re-read (a local actor has its own actor system). */
  user: UserActor;
  /** Keeps the form in the page address, so a playground can be shared. */
  syncDraft: (draft: GenerationDraft) => void;
}

/**
 * How far this browser's clock and the server's may disagree: a task stamped this much before the request was sent
 * may still be its task (the page's own earlier tasks are excluded by id, whatever their time). Generous on purpose:
 * missing the task would offer to send the request again, and make (and charge) a second one.
 */
export const CLOCK_SKEW_MS = 10 * 60_000;
/** Tasks of one model read from the history when looking for a lost answer's task: far more than a minute holds. */
const LOOKUP_PAGE_SIZE = 50;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Equal as JSON values: objects compared key by key whatever the order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => key in b && sameJson(a[key], b[key]));
  }
  return Object.is(a, b);
}

/**
 * Whether a task's stored request (paramJson) is this request: every field sent, with the same value. A server may
 * store more (its defaults), so fields the app did not send are not compared.
 */
export function isSameRequest(paramJson: string, request: GenerateCall['request']): boolean {
  let stored: unknown;
  try {
    stored = JSON.parse(paramJson);
  } catch {
    return false;
  }
  if (!isPlainObject(stored)) return false;
  // What travelled: JSON drops fields left undefined.
  const sent = JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
  return Object.entries(sent).every(([key, value]) => key in stored && sameJson(stored[key], value));
}

/**
 * The task the lost request made, among the history's records: the same model and request, created since it was
 * sent (allowing for clock skew), not one the page already knows. Of several, the one created nearest the send.
 */
export function findTaskFromRequest(
  records: readonly UsageRecord[],
  call: GenerateCall,
  sentAt: number,
  knownTaskIds: readonly string[],
): string | null {
  const model = modelOfEndpoint(call.endpoint);
  const candidates = records
    .map((record) => ({ record, createdAt: parseServerTime(record.createTime) }))
    .filter(
      ({ record, createdAt }) =>
        record.model === model &&
        // A time that cannot be read does not rule a task out: the request is what identifies it.
        (Number.isNaN(createdAt) || createdAt >= sentAt - CLOCK_SKEW_MS) &&
        !knownTaskIds.includes(record.taskId) &&
        isSameRequest(record.paramJson, call.request),
    )
    .map((candidate) => ({
      ...candidate,
      distance: Number.isNaN(candidate.createdAt) ? Number.POSITIVE_INFINITY : Math.abs(candidate.createdAt - sentAt),
    }))
    .sort((a, b) => a.distance - b.distance || 0);
  return candidates[0]?.record.taskId ?? null;
}

/** Looks in the account's task history (the platform's record list) for the task a request whose answer was lost made. */
async function findCreatedTask({ draft, sentAt, knownTaskIds }: FindCreatedTaskInput, signal: AbortSignal): Promise<FindCreatedTaskResponse> {
  const call = callFromDraft(draft);
  // Quiet: the page says what a failed look means (a toast would say it twice).
  const result = await usageRecordPage({ pageNum: 1, pageSize: LOOKUP_PAGE_SIZE, model: modelOfEndpoint(call.endpoint) }, { signal, quiet: true });
  if (result.code !== 200) return result;
  const taskId = findTaskFromRequest(result.data.records, call, sentAt, knownTaskIds);
  return { ...result, data: taskId === null ? null : { taskId } };
}

/**
 * This visit's results, kept in memory (never stored) so that leaving the playground and coming back keeps the
 * session strip until the page is reloaded. They belong to the key they were made with: another account signed in
 * in the meantime starts with none.
 */
let visitResults: { apiKey: string; session: readonly SessionResult[] } | null = null;

/** The session strip a playground opened now starts with, for the signed-in key (none when anonymous). */
export function visitSession(apiKey: string | null): readonly SessionResult[] {
  return visitResults !== null && apiKey !== null && apiKey !== '' && visitResults.apiKey === apiKey ? visitResults.session : [];
}

/**
 * The playground's generation flow wired to the public task API, called with the user's API key. Leaving
 * the page stops the actor, which aborts any read in flight: nothing keeps polling in the background.
 */
export function createGenerationLogic({ user, syncDraft }: GenerationWiring) {
  return generationMachine.provide({
    actors: {
      createTask: fromPromise(({ input, signal }) => generate(callFromDraft(input.draft), input.apiKey, { signal })),
      poller: createPollerLogic(pollingCheck(taskCheckOutcome, (input: PollTaskInput, signal) => taskRecord(input.taskId, input.apiKey, { signal }))),
      findCreatedTask: fromPromise(({ input, signal }) => findCreatedTask(input, signal)),
    },
    actions: {
      syncDraft: ({ context }) => syncDraft(context.draft),
      keepSession: ({ context }) => {
        visitResults = { apiKey: context.apiKey, session: context.session };
      },
      refreshAccount: () => user.send({ type: 'REFRESH' }),
    },
  });
}

export type GenerationActor = ActorRefFrom<ReturnType<typeof createGenerationLogic>>;
export type { SessionResult } from '../../machines/generation.machine';
export { GENERATION_TIME_LIMIT_MINUTES, taskImageUrls } from '../../machines/generation.machine';

// What the views read: selectors of this chart's snapshot.
type GenerationSnapshot = SnapshotFrom<GenerationActor>;

/** Where the generation is, as the view shows it: one name per screen the results panel can show. */
export type GenerationPhase =
  | 'editing'
  | 'invalid'
  | 'missingApiKey'
  | 'insufficientCredits'
  | 'creating'
  | 'checkingWhetherTaskWasCreated'
  | 'taskNotCreated'
  | 'taskCreationUnknown'
  | 'polling'
  | 'succeeded'
  | 'reviewing'
  | 'failed'
  | 'cancelled'
  | 'timedOut';

export const generationSelectors = {
  phase: (s: GenerationSnapshot): GenerationPhase => {
    if (s.matches({ idle: 'invalid' })) return 'invalid';
    if (s.matches({ idle: 'missingApiKey' })) return 'missingApiKey';
    if (s.matches({ idle: 'insufficientCredits' })) return 'insufficientCredits';
    if (s.matches('creatingTask')) return 'creating';
    if (s.matches('checkingWhetherTaskWasCreated')) return 'checkingWhetherTaskWasCreated';
    if (s.matches('taskNotCreated')) return 'taskNotCreated';
    if (s.matches('taskCreationUnknown')) return 'taskCreationUnknown';
    if (s.matches('polling')) return 'polling';
    if (s.matches('succeeded')) return 'succeeded';
    if (s.matches('reviewing')) return 'reviewing';
    if (s.matches('failed')) return 'failed';
    if (s.matches('cancelled')) return 'cancelled';
    if (s.matches('timedOut')) return 'timedOut';
    return 'editing';
  },
  draft: (s: GenerationSnapshot) => s.context.draft,
  fieldErrors: (s: GenerationSnapshot) => s.context.fieldErrors,
  /** A task is being created or watched: Generate waits, Cancel is offered. */
  running: (s: GenerationSnapshot) => s.hasTag('running'),
  submitted: (s: GenerationSnapshot) => s.context.submitted,
  taskId: (s: GenerationSnapshot) => s.context.taskId,
  result: (s: GenerationSnapshot) => s.context.result,
  failure: (s: GenerationSnapshot) => ({ kind: s.context.failure, error: s.context.error, code: s.context.errorCode }),
  /** This visit's results, newest first. */
  session: (s: GenerationSnapshot) => s.context.session,
  /** Whether a result of the strip can be shown now (no task runs). */
  canRestore: (s: GenerationSnapshot) => !s.hasTag('running'),
  watchingSince: (s: GenerationSnapshot) => s.context.watchingSince,
};
