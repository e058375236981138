import type { SnapshotFrom } from 'xstate';
import type { GenerationActor } from '../../actors/generation';

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
  polls: (s: GenerationSnapshot) => s.context.polls,
  watchingSince: (s: GenerationSnapshot) => s.context.watchingSince,
};
