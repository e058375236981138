import type { HttpHandler } from 'msw';
import type { DemoEnvironment } from '../environment';
import { authHandlers } from './auth';
import { ipCountryHandlers } from './ipCountry';
import { userHandlers } from './user';

/** Every demo API handler, bound to one environment (the browser's, or a test's in-memory one). */
export function createHandlers(env: DemoEnvironment): HttpHandler[] {
  return [...authHandlers(env), ...userHandlers(env), ...ipCountryHandlers(env)];
}
