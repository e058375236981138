/** Demo handlers for signing in, signing up, resetting a password, e-mailed codes and signing out. */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import {
  BOT_CHECK_REQUIRED_CODE,
  type EmailLoginRequest,
  type RegistrationRequest,
  type ResetPasswordRequest,
  type SendCaptchaQuery,
} from '../../api/contract';
import { needsBotCheck } from '../botCheck';
import { randomDigits } from '../crypto';
import {
  checkEmailCode,
  createAccount,
  createSession,
  endSession,
  endSessionsOf,
  findAccountByEmail,
  secondsUntilResend,
  setPassword,
  storeEmailCode,
  toUserInfo,
  verifyPassword,
  type CodeCheck,
} from '../db';
import type { DemoEnvironment } from '../environment';
import { deliverCode } from '../mailbox';
import { BAD_REQUEST_CODE, fail, ok, route, type Reply } from './route';

const MIN_PASSWORD_LENGTH = 8;

// ---------------------------------------------------------------------------------------------------
// Inputs (typed against the contract's requests, so a contract change breaks the build here)
// ---------------------------------------------------------------------------------------------------

const Email = v.pipe(
  v.string(),
  v.trim(),
  v.email(() => t`Enter a valid e-mail address.`),
);
const Password = v.pipe(
  v.string(),
  v.minLength(1, () => t`Enter your password.`),
);
const NewPassword = v.pipe(
  v.string(),
  v.minLength(MIN_PASSWORD_LENGTH, () => t`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`),
  v.maxLength(128, () => t`The password must be at most 128 characters long.`),
);
const Code = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, () => t`Enter the verification code.`),
);
const ChallengeToken = v.optional(v.string());

const SendCaptchaInput: v.GenericSchema<unknown, SendCaptchaQuery> = v.object({
  email: Email,
  type: v.picklist(['register', 'resetPassword'], () => t`Unknown code purpose.`),
});
const LoginInput: v.GenericSchema<unknown, EmailLoginRequest> = v.object({ email: Email, password: Password, turnstileToken: ChallengeToken });
const RegisterInput: v.GenericSchema<unknown, RegistrationRequest> = v.object({
  email: Email,
  password: NewPassword,
  code: Code,
  referDomain: v.optional(v.string(), ''),
  utmTerm: v.optional(v.string(), ''),
  turnstileToken: ChallengeToken,
});
const ResetPasswordInput: v.GenericSchema<unknown, ResetPasswordRequest> = v.object({
  email: Email,
  password: NewPassword,
  code: Code,
  turnstileToken: ChallengeToken,
});

// ---------------------------------------------------------------------------------------------------
// Answers shared by several calls
// ---------------------------------------------------------------------------------------------------

function botCheckRequired(): Reply<null> {
  return fail(BOT_CHECK_REQUIRED_CODE, t`Bot check required`);
}

function alreadyRegistered(): Reply<null> {
  return fail(BAD_REQUEST_CODE, t`This e-mail is already registered. Sign in instead.`);
}

function noSuchAccount(): Reply<null> {
  return fail(BAD_REQUEST_CODE, t`No account uses this e-mail. Create an account instead.`);
}

function codeRefused(check: Exclude<CodeCheck, 'valid'>): Reply<null> {
  const messages: Record<typeof check, () => string> = {
    missing: () => t`Request a verification code first.`,
    expired: () => t`This code has expired. Request a new one.`,
    wrong: () => t`The verification code is incorrect.`,
    tooManyAttempts: () => t`Too many wrong codes. Request a new one.`,
  };
  return fail(BAD_REQUEST_CODE, messages[check]());
}

function botCheckDemanded(env: DemoEnvironment, email: string, token: string | undefined): boolean {
  return needsBotCheck(email, token, env.controls.get().requireBotCheck);
}

// ---------------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------------

export function authHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'sendCaptcha', SendCaptchaInput, async ({ input: { email, type } }) => {
      const data = env.db.read();
      const account = findAccountByEmail(data, email);
      if (type === 'register' && account) return alreadyRegistered();
      if (type === 'resetPassword' && !account) return noSuchAccount();
      const wait = secondsUntilResend(data, email, type);
      if (wait > 0) return fail(BAD_REQUEST_CODE, t`Please wait ${wait} s before asking for another code.`);
      const code = randomDigits(6);
      await storeEmailCode(data, email, type, code);
      env.db.save();
      deliverCode(email, code, type);
      return ok(null);
    }),

    route(env, 'register', RegisterInput, async ({ input }) => {
      if (botCheckDemanded(env, input.email, input.turnstileToken)) return botCheckRequired();
      const data = env.db.read();
      if (findAccountByEmail(data, input.email)) return alreadyRegistered();
      const check = await checkEmailCode(data, input.email, 'register', input.code);
      if (check !== 'valid') {
        env.db.save(); // the failed attempt counts
        return codeRefused(check);
      }
      const account = await createAccount(data, input);
      const session = createSession(data, account.id);
      env.db.save();
      return ok({ token: session.token, userInfo: await toUserInfo(account, env.vault), isNewUser: true });
    }),

    route(env, 'login', LoginInput, async ({ input }) => {
      if (botCheckDemanded(env, input.email, input.turnstileToken)) return botCheckRequired();
      const data = env.db.read();
      const account = findAccountByEmail(data, input.email);
      if (!account || !(await verifyPassword(account, input.password))) {
        return fail(BAD_REQUEST_CODE, t`Incorrect e-mail or password.`);
      }
      const session = createSession(data, account.id);
      env.db.save();
      return ok({ token: session.token, userInfo: await toUserInfo(account, env.vault), isNewUser: false });
    }),

    route(env, 'resetPassword', ResetPasswordInput, async ({ input }) => {
      if (botCheckDemanded(env, input.email, input.turnstileToken)) return botCheckRequired();
      const data = env.db.read();
      const account = findAccountByEmail(data, input.email);
      if (!account) return noSuchAccount();
      const check = await checkEmailCode(data, input.email, 'resetPassword', input.code);
      if (check !== 'valid') {
        env.db.save();
        return codeRefused(check);
      }
      await setPassword(account, input.password);
      // A new password signs every device out, as a real account service does.
      endSessionsOf(data, account.id);
      env.db.save();
      return ok(null);
    }),

    route(env, 'logout', v.unknown(), ({ token }) => {
      if (token) {
        endSession(env.db.read(), token);
        env.db.save();
      }
      return ok(null);
    }),
  ];
}
