/**
 * History's view and filters in the page address, so a filtered list can be shared, reloaded and walked with
 * back and forward: `?view=gallery&q=banana&model=nano-banana-pro&status=3&from=2026-01-01&to=2026-01-31`.
 * Pure functions; whatever the address holds, reading it gives a valid query and writing that query back reads
 * the same.
 */
import type { ListFilters } from '../../actors/pagedList';
import type { TaskStatus } from '../../api/contract';
import { GENERATION_MODELS, type GenerationModel } from '../../domain/generationOptions';

const HISTORY_VIEWS = ['table', 'gallery'] as const;
export type HistoryView = (typeof HISTORY_VIEWS)[number];

const TASK_STATUSES: readonly TaskStatus[] = [0, 1, 2, 3];

/** Longer searches are cut: a prompt search needs a few words, not a whole prompt of 20,000 characters. */
export const LONGEST_SEARCH = 200;

export interface HistoryQuery {
  view: HistoryView;
  /** Words the prompt must contain; '' searches nothing. */
  prompt: string;
  model?: GenerationModel;
  status?: TaskStatus;
  /** Local calendar days, `YYYY-MM-DD`, both included; from is never after to. */
  from?: string;
  to?: string;
}

export const DEFAULT_HISTORY_QUERY: HistoryQuery = { view: 'table', prompt: '' };

const PARAM = { view: 'view', prompt: 'q', model: 'model', status: 'status', from: 'from', to: 'to' } as const;

/** A real calendar day written `YYYY-MM-DD` (no 2026-02-30), from year 1000 on. */
export function isCalendarDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1000) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Lone surrogates cannot survive the address (they come back as U+FFFD): make them that at once. */
function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** The search as kept: cut by characters (never inside one), then trimmed. */
export function normalizeSearch(text: string): string {
  return Array.from(wellFormed(text)).slice(0, LONGEST_SEARCH).join('').trim();
}

/** Whatever the address holds, as a valid query: anything unknown is left out. */
export function historyQueryFromSearch(search: string): HistoryQuery {
  const params = new URLSearchParams(search);
  const view = HISTORY_VIEWS.find((candidate) => candidate === params.get(PARAM.view)) ?? DEFAULT_HISTORY_QUERY.view;
  const model = GENERATION_MODELS.find((candidate) => candidate === params.get(PARAM.model));
  const statusText = params.get(PARAM.status);
  const status = TASK_STATUSES.find((candidate) => String(candidate) === statusText);
  const fromText = params.get(PARAM.from) ?? '';
  const toText = params.get(PARAM.to) ?? '';
  let from = isCalendarDay(fromText) ? fromText : undefined;
  let to = isCalendarDay(toText) ? toText : undefined;
  // A range written backwards means the same days.
  if (from !== undefined && to !== undefined && from > to) [from, to] = [to, from];
  return {
    view,
    prompt: normalizeSearch(params.get(PARAM.prompt) ?? ''),
    ...(model ? { model } : {}),
    ...(status !== undefined ? { status } : {}),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

/** The address's query for a history query: only what differs from the defaults, '' when nothing does. */
export function searchFromHistoryQuery(query: HistoryQuery): string {
  const params = new URLSearchParams();
  if (query.view !== DEFAULT_HISTORY_QUERY.view) params.set(PARAM.view, query.view);
  const prompt = normalizeSearch(query.prompt);
  if (prompt !== '') params.set(PARAM.prompt, prompt);
  if (query.model) params.set(PARAM.model, query.model);
  if (query.status !== undefined) params.set(PARAM.status, String(query.status));
  if (query.from) params.set(PARAM.from, query.from);
  if (query.to) params.set(PARAM.to, query.to);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The filters the list sends to its fetcher: the view is not one of them. */
export function listFiltersOf(query: HistoryQuery): ListFilters {
  return { prompt: query.prompt === '' ? undefined : query.prompt, model: query.model, status: query.status, from: query.from, to: query.to };
}

/** Whether two lists of filters ask for the same records (an absent filter and an undefined one are the same). */
export function sameFilters(a: ListFilters, b: ListFilters): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => a[key] === b[key]);
}

/** Whether anything narrows the list (the empty state then says no generation matches). */
export function isFiltered(query: HistoryQuery): boolean {
  return query.prompt !== '' || query.model !== undefined || query.status !== undefined || query.from !== undefined || query.to !== undefined;
}
