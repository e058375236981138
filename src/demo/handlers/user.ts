/** Demo handlers for the signed-in user's own data. */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { SESSION_EXPIRED_CODE } from '../../api/contract';
import { accountForToken, toUserInfo } from '../db';
import type { DemoEnvironment } from '../environment';
import { settleDueTasks } from '../generation/tasks';
import { fail, ok, route } from './route';

export function sessionExpired() {
  return fail(SESSION_EXPIRED_CODE, t`Login has expired`);
}

export function userHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'userInfo', v.unknown(), async ({ token, request }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      // Tasks that finished since the last look are charged now, so the balance is current.
      if (settleDueTasks(data, new URL(request.url).origin, Date.now(), account.id)) env.db.save();
      return ok(await toUserInfo(account, env.vault));
    }),
  ];
}
