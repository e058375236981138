/** Demo handlers for the signed-in user's own data. */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { SESSION_EXPIRED_CODE } from '../../api/contract';
import { accountForToken, toUserInfo } from '../db';
import type { DemoEnvironment } from '../environment';
import { fail, ok, route } from './route';

export function sessionExpired() {
  return fail(SESSION_EXPIRED_CODE, t`Login has expired`);
}

export function userHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'userInfo', v.unknown(), ({ token }) => {
      const account = accountForToken(env.db.read(), token);
      return account ? ok(toUserInfo(account)) : sessionExpired();
    }),
  ];
}
