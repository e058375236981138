/**
 * What record-info answers about task-1 (created 2026-11-23 10:00:00), for the machines that poll a task: the
 * playground's generation and the get-started page's quick start.
 */
import type { PollTaskResponse, TaskAnswer } from '../../machines/generation.machine';

/** An answer with the task's `successFlag` and whatever else `extra` sets. */
export const taskAnswer = (successFlag: TaskAnswer['successFlag'], extra: Partial<TaskAnswer> = {}): PollTaskResponse => ({
  code: 200,
  msg: 'success',
  data: {
    taskId: 'task-1',
    successFlag,
    response: null,
    errorCode: 0,
    errorMessage: '',
    createTime: '2026-11-23 10:00:00',
    completeTime: '',
    ...extra,
  },
});

export const generatingTask = taskAnswer(0);
export const createFailedTask = taskAnswer(2, { errorCode: 400, errorMessage: 'The prompt was refused.' });
export const generationFailedTask = taskAnswer(3, { errorCode: 501, errorMessage: 'The generation timed out.' });
