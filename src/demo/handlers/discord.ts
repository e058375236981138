/**
 * Demo handlers for the Discord connection: the consent page's address (the demo Discord page of this site)
 * and the trade of the one-time code that page hands out for the connection and the invite.
 */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import type { DiscordAuthorizeQuery } from '../../api/requests';
import { DEMO_DISCORD_PATH } from '../../services/demoPages';
import { randomHex } from '../crypto';
import { CODE_TTL_MS, accountForToken } from '../db';
import type { DemoEnvironment } from '../environment';
import { DEMO_DISCORD_INVITE_URL } from '../../config';
import { BAD_REQUEST_CODE, fail, ok, route } from './route';
import { sessionExpired } from './user';

/** The server the demo "joins" the user to. */
export { DEMO_DISCORD_INVITE_URL };
/** Where Discord sends the user back: the app's page. */
const DISCORD_RETURN_PATH = '/join-discord';

const AuthorizeInput: v.GenericSchema<unknown, DiscordAuthorizeQuery> = v.object({
  oauthCode: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, () => t`The Discord code is missing.`),
  ),
});

/** The consent page's address, as Discord's authorize URL would be: the app's client, scopes, return and state. */
function demoAuthorizeUrl(origin: string, state: string): string {
  const query = new URLSearchParams({
    client_id: 'demo',
    response_type: 'code',
    scope: 'identify guilds.join',
    redirect_uri: `${origin}${DISCORD_RETURN_PATH}`,
    state,
  });
  return `${origin}${DEMO_DISCORD_PATH}authorize?${query.toString()}`;
}

export function discordHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'discordAuthorizeUrl', v.unknown(), ({ request, token }) => {
      if (!accountForToken(env.db.read(), token)) return sessionExpired();
      // 256 bits from crypto.getRandomValues, as a real server's state should be: the app refuses under 128.
      return ok({ url: demoAuthorizeUrl(new URL(request.url).origin, randomHex(64)) });
    }),

    route(env, 'discordAuthorize', AuthorizeInput, ({ input, token }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      const entry = data.discordCodes.find((candidate) => candidate.code === input.oauthCode);
      if (!entry) return fail(BAD_REQUEST_CODE, t`Discord did not recognise this code. Connect again to get a new one.`);
      if (entry.used) return fail(BAD_REQUEST_CODE, t`This Discord code was already used. Connect again to get a new one.`);
      // Ten minutes, as Discord's own codes.
      if (Date.now() - entry.createdAt >= CODE_TTL_MS) {
        return fail(BAD_REQUEST_CODE, t`This Discord code has expired. Connect again to get a new one.`);
      }
      entry.used = true;
      account.discordUsername = entry.discordUsername;
      env.db.save();
      return ok({ discordUsername: entry.discordUsername, inviteUrl: DEMO_DISCORD_INVITE_URL });
    }),
  ];
}
