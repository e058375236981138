import { i18n } from '@lingui/core';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { configureApiClient } from '../../../src/api/client';

/** The task API's host in these tests. */
export const TASK_HOST = 'https://api.tasks.example.test';

/**
 * An MSW server listening for the whole file, with English active; before each test its handlers are reset and the
 * client sends task calls to TASK_HOST.
 */
export function startTaskServer(): SetupServer {
  const server = setupServer();
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.resetHandlers();
    configureApiClient({ generationBaseURL: TASK_HOST });
  });
  return server;
}
