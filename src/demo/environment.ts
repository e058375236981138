import { createControlsStore, type ControlsStore } from './controls';
import { openDemoDb, type DemoDb } from './db';
import { browserKeyVault, memoryKeyVault, type KeyVault } from './keyVault';
import { browserStorage, memoryStorage, type KeyValueStorage } from './storage';

/** Everything the demo server keeps: its database, the QA controls, and the secret its API keys come from. */
export interface DemoEnvironment {
  db: DemoDb;
  controls: ControlsStore;
  vault: KeyVault;
}

export function createDemoEnvironment(storage: KeyValueStorage = memoryStorage(), vault: KeyVault = memoryKeyVault()): DemoEnvironment {
  return { db: openDemoDb(storage), controls: createControlsStore(storage), vault };
}

let browserEnvironment: DemoEnvironment | null = null;

/** The one environment of this browser tab, shared by the MSW worker's handlers and the controls panel. */
export function browserDemoEnvironment(): DemoEnvironment {
  browserEnvironment ??= createDemoEnvironment(browserStorage(), browserKeyVault());
  return browserEnvironment;
}
