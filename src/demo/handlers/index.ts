import type { HttpHandler } from 'msw';
import type { DemoEnvironment } from '../environment';
import { authHandlers } from './auth';
import { dashboardHandlers } from './dashboard';
import { discordHandlers } from './discord';
import { generationHandlers } from './generation';
import { ipCountryHandlers } from './ipCountry';
import { keyHandlers } from './keys';
import { orderHandlers } from './orders';
import { paymentHandlers } from './payments';
import { settingsHandlers } from './settings';
import { socialHandlers } from './social';
import { userHandlers } from './user';

/** Every demo API handler, bound to one environment (the browser's, or a test's in-memory one). */
export function createHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    ...authHandlers(env),
    ...socialHandlers(env),
    ...userHandlers(env),
    ...keyHandlers(env),
    ...settingsHandlers(env),
    ...discordHandlers(env),
    ...dashboardHandlers(env),
    ...generationHandlers(env),
    ...paymentHandlers(env),
    ...orderHandlers(env),
    ...ipCountryHandlers(env),
  ];
}
