import type { TaskStatus } from '../api/contract';
import { taskStatusLabel, taskStatusTone } from './usageLabels';

/** A task's status in words, with its tone in `data-tone` for the page's own style to colour (a dot, a pill). */
export function TaskStatusLabel({ status, className }: { status: TaskStatus; className: string | undefined }) {
  return (
    <span className={className} data-tone={taskStatusTone(status)}>
      {taskStatusLabel(status)}
    </span>
  );
}
