/** Demo handlers for signing in with Google and with Microsoft (Outlook): sign-in and sign-up in one call. */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import { BOT_CHECK_REQUIRED_CODE, type GoogleLoginRequest, type SocialLoginRequest } from '../../api/contract';
import { needsBotCheck } from '../botCheck';
import { createAccount, createSession, findAccountByEmail, linkProvider, toUserInfo } from '../db';
import type { DemoEnvironment } from '../environment';
import { decodeDemoCredential, type SocialProvider } from '../socialCredential';
import { BAD_REQUEST_CODE, fail, ok, route, type RouteContext } from './route';

const socialLoginFields = {
  // Missing or empty reaches the handler, which refuses it with the same message as any unverifiable token.
  credential: v.optional(v.string(), ''),
  referDomain: v.optional(v.string(), ''),
  utmTerm: v.optional(v.string(), ''),
  turnstileToken: v.optional(v.string()),
};
const SocialLoginInput: v.GenericSchema<unknown, SocialLoginRequest> = v.object(socialLoginFields);
/**
 * Google's also carries the attempt's raw nonce. The demo's credentials are unsigned and carry no `nonce` claim to
 * hash it against, so the demo takes it as sent; the live test API checks it before these handlers run
 * (tests/e2e-live/server/providerChecks.ts), as a real API must (docs/api.md).
 */
const GoogleLoginInput: v.GenericSchema<unknown, GoogleLoginRequest> = v.object({ ...socialLoginFields, nonce: v.optional(v.string(), '') });

/** The real client sends the challenge token in the body and in the `verify` header ('' when none): either counts. */
function challengeToken(input: SocialLoginRequest, request: Request): string | undefined {
  const fromBody = input.turnstileToken?.trim() ?? '';
  if (fromBody !== '') return fromBody;
  const fromHeader = request.headers.get('verify')?.trim() ?? '';
  return fromHeader === '' ? undefined : fromHeader;
}

function socialLogin(env: DemoEnvironment, provider: SocialProvider) {
  return async ({ input, request }: RouteContext<SocialLoginRequest>) => {
    const identity = decodeDemoCredential(input.credential);
    if (!identity || identity.provider !== provider) {
      return fail(BAD_REQUEST_CODE, t`This sign-in could not be verified. Please try again.`);
    }
    // The same rule as the e-mail sign-in, keyed on the address the provider vouched for.
    if (needsBotCheck(identity.email, challengeToken(input, request), env.controls.get().requireBotCheck)) {
      return fail(BOT_CHECK_REQUIRED_CODE, t`Bot check required`);
    }
    const data = env.db.read();
    const existing = findAccountByEmail(data, identity.email);
    const account =
      existing ??
      (await createAccount(data, {
        email: identity.email,
        password: null,
        referDomain: input.referDomain,
        utmTerm: input.utmTerm,
        nickname: identity.name,
        provider,
      }));
    linkProvider(account, provider);
    const session = createSession(data, account.id);
    env.db.save();
    return ok({ token: session.token, userInfo: await toUserInfo(account, env.vault), isNewUser: existing === undefined });
  };
}

export function socialHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'googleLogin', GoogleLoginInput, socialLogin(env, 'google')),
    route(env, 'outlookLogin', SocialLoginInput, socialLogin(env, 'microsoft')),
  ];
}
