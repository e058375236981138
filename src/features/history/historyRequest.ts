import * as v from 'valibot';
import type { ListFilters } from '../../actors/pagedList';
import { TaskStatusSchema } from '../../api/contract';
import type { HistoryPageRequest } from '../../api/history';
import { isGenerationModel } from '../../domain/generationOptions';
import { isCalendarDay, normalizeSearch } from './historyQuery';

/** The first instant of a local calendar day `YYYY-MM-DD`, `days` days later. */
function localDayStart(day: string, days = 0): number {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days).getTime();
}

/** The list's filters as the history call takes them: only known values, nothing else. */
export function historyRequest(pageNum: number, pageSize: number, filters: ListFilters): HistoryPageRequest {
  const status = v.safeParse(TaskStatusSchema, filters.status);
  const model = typeof filters.model === 'string' && isGenerationModel(filters.model) ? filters.model : undefined;
  const prompt = typeof filters.prompt === 'string' ? normalizeSearch(filters.prompt) : '';
  const from = typeof filters.from === 'string' && isCalendarDay(filters.from) ? filters.from : undefined;
  const to = typeof filters.to === 'string' && isCalendarDay(filters.to) ? filters.to : undefined;
  return {
    pageNum,
    pageSize,
    ...(status.success ? { status: status.output } : {}),
    ...(model ? { model } : {}),
    ...(prompt !== '' ? { prompt } : {}),
    ...(from ? { fromMs: localDayStart(from) } : {}),
    // The last day is included: the range ends where the day after it starts.
    ...(to ? { toMs: localDayStart(to, 1) } : {}),
  };
}
