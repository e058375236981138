import type { ActorRefFrom } from 'xstate';
import { detailsDialogMachine } from '../../machines/detailsDialog.machine';

/** No side effects to wire: the dialog's open state and its item are all it holds. */
export const detailsDialogLogic = detailsDialogMachine;
export type DetailsDialogActor = ActorRefFrom<typeof detailsDialogLogic>;
