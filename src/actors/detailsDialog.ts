import type { ActorRefFrom } from 'xstate';
import { detailsDialogMachineFor } from '../../machines/detailsDialog.machine';

/**
 * No side effects to wire: the dialog's open state and its item are all it holds. Typed by what it shows, so the
 * view reads its item as that (`detailsDialogLogicFor<UsageRecord>()`).
 */
export const detailsDialogLogicFor = <TItem>() => detailsDialogMachineFor<TItem>();
export type DetailsDialogActor<TItem> = ActorRefFrom<ReturnType<typeof detailsDialogMachineFor<TItem>>>;
