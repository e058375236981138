import { t } from '@lingui/core/macro';
import type { TaskStatus } from '../api/contract';

export { modelName } from '../domain/generationOptions';

export type TaskTone = 'pending' | 'success' | 'failure';

export function taskStatusLabel(status: TaskStatus): string {
  switch (status) {
    case 0:
      return t`Generating`;
    case 1:
      return t`Succeeded`;
    case 2:
      return t`Could not start`;
    case 3:
      return t`Failed`;
  }
}

export function taskStatusTone(status: TaskStatus): TaskTone {
  return status === 0 ? 'pending' : status === 1 ? 'success' : 'failure';
}
