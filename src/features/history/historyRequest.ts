import * as v from 'valibot';
import type { ListFilters } from '../../actors/pagedList';
import { TaskStatusSchema, type UsageRecordPageRequest } from '../../api/contract';
import { isGenerationModel } from '../../domain/generationOptions';

/** The list's filters as the records call takes them: only known values, nothing else. */
export function historyRequest(pageNum: number, pageSize: number, filters: ListFilters): UsageRecordPageRequest {
  const status = v.safeParse(TaskStatusSchema, filters.status);
  const model = typeof filters.model === 'string' && isGenerationModel(filters.model) ? filters.model : undefined;
  return { pageNum, pageSize, ...(status.success ? { status: status.output } : {}), ...(model ? { model } : {}) };
}
