import { disclosureMachine } from '../../machines/disclosure.machine';

/** No side effects to wire: open or closed is all it holds. */
export const disclosureLogic = disclosureMachine;
