/** Demo handlers for the account's API keys: list, add, rename, delete and reset the primary key's secret. */
import type { HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import type { ApiKeyIdRequest, ApiKeyNameRequest, RenameApiKeyRequest } from '../../api/requests';
import { MAX_API_KEYS, accountForToken, addApiKey, findApiKey, newKeyNonce, orderedApiKeys, toApiKey } from '../db';
import type { DemoEnvironment } from '../environment';
import { BAD_REQUEST_CODE, fail, ok, route } from './route';
import { sessionExpired } from './user';

const MAX_KEY_NAME_LENGTH = 40;

const KeyName = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, () => t`Enter a name for the key.`),
  v.maxLength(MAX_KEY_NAME_LENGTH, () => t`The key name must be at most ${MAX_KEY_NAME_LENGTH} characters long.`),
);
const KeyId = v.pipe(
  v.string(),
  v.minLength(1, () => t`Choose a key.`),
);

const AddKeyInput: v.GenericSchema<unknown, ApiKeyNameRequest> = v.object({ name: KeyName });
const RenameKeyInput: v.GenericSchema<unknown, RenameApiKeyRequest> = v.object({ id: KeyId, name: KeyName });
const KeyIdInput: v.GenericSchema<unknown, ApiKeyIdRequest> = v.object({ id: KeyId });

function noSuchKey() {
  return fail(BAD_REQUEST_CODE, t`This API key does not exist (it may have been deleted).`);
}

export function keyHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'apiKeyList', v.unknown(), async ({ token }) => {
      const account = accountForToken(env.db.read(), token);
      return account ? ok(await Promise.all(orderedApiKeys(account).map((row) => toApiKey(row, env.vault)))) : sessionExpired();
    }),

    route(env, 'addApiKey', AddKeyInput, async ({ input, token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      if (account.apiKeys.length >= MAX_API_KEYS) {
        return fail(BAD_REQUEST_CODE, t`An account can have at most ${MAX_API_KEYS} API keys. Delete one first.`);
      }
      const key = addApiKey(account, input.name);
      env.db.save();
      return ok(await toApiKey(key, env.vault));
    }),

    route(env, 'updateApiKeyName', RenameKeyInput, ({ input, token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      const key = findApiKey(account, input.id);
      if (!key) return noSuchKey();
      key.name = input.name;
      env.db.save();
      return ok(null);
    }),

    route(env, 'deleteApiKey', KeyIdInput, ({ input, token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      const key = findApiKey(account, input.id);
      if (!key) return noSuchKey();
      if (key.primary) return fail(BAD_REQUEST_CODE, t`The primary key cannot be deleted. Reset it instead.`);
      account.apiKeys = account.apiKeys.filter((other) => other !== key);
      env.db.save();
      return ok(null);
    }),

    route(env, 'resetApiKey', v.unknown(), async ({ token }) => {
      const account = accountForToken(env.db.read(), token);
      if (!account) return sessionExpired();
      const primary = account.apiKeys.find((key) => key.primary);
      if (!primary) return fail(BAD_REQUEST_CODE, t`This account has no primary key.`);
      // A new nonce is a new key: the old one no longer matches any row.
      primary.nonce = newKeyNonce();
      env.db.save();
      return ok({ apiKey: await toApiKey(primary, env.vault).then((key) => key.apiKey) });
    }),
  ];
}
