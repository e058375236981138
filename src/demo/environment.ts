import { createControlsStore, type ControlsStore } from './controls';
import { openDemoDb, type DemoDb } from './db';
import { browserStorage, memoryStorage, type KeyValueStorage } from './storage';

/** Everything the demo server keeps: its database and the QA controls. */
export interface DemoEnvironment {
  db: DemoDb;
  controls: ControlsStore;
}

export function createDemoEnvironment(storage: KeyValueStorage = memoryStorage()): DemoEnvironment {
  return { db: openDemoDb(storage), controls: createControlsStore(storage) };
}

let browserEnvironment: DemoEnvironment | null = null;

/** The one environment of this browser tab, shared by the MSW worker's handlers and the controls panel. */
export function browserDemoEnvironment(): DemoEnvironment {
  browserEnvironment ??= createDemoEnvironment(browserStorage());
  return browserEnvironment;
}
