/** The demo server for Node (vitest): the same handlers as the browser worker, over an in-memory database. */
import { setupServer, type SetupServer } from 'msw/node';
import { createDemoEnvironment, type DemoEnvironment } from './environment';
import { createHandlers } from './handlers';
import { memoryStorage, type KeyValueStorage } from './storage';

export interface DemoServer extends DemoEnvironment {
  server: SetupServer;
}

export function createDemoServer({ storage = memoryStorage() }: { storage?: KeyValueStorage } = {}): DemoServer {
  const env = createDemoEnvironment(storage);
  return { ...env, server: setupServer(...createHandlers(env)) };
}
