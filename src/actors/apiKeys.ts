import { fromPromise, type ActorRefFrom } from 'xstate';
import { t } from '@lingui/core/macro';
import { notify } from '../services/notifier';
import { apiKeysMachine } from '../../machines/apiKeys.machine';
import { addApiKey, apiKeyList, deleteApiKey, resetApiKey, updateApiKeyName } from '../api/user';
import type { UserActor } from './app';

/**
 * The API-keys flow wired to the API. The page's actor is local (its own actor system), so the user
 * actor, which must learn about a reset primary key, is handed in.
 */
export function createApiKeysLogic(user: UserActor) {
  return apiKeysMachine.provide({
    actors: {
      loadKeys: fromPromise(() => apiKeyList()),
      addKey: fromPromise(({ input }) => addApiKey({ name: input.name })),
      renameKey: fromPromise(({ input }) => updateApiKeyName({ id: input.id, name: input.name })),
      deleteKey: fromPromise(({ input }) => deleteApiKey({ id: input.id })),
      resetPrimaryKey: fromPromise(() => resetApiKey()),
    },
    actions: {
      notifyCreated: () => {
        notify.success(t`API key created.`);
      },
      notifyDeleted: () => {
        notify.success(t`API key deleted.`);
      },
      notifyPrimaryKeyReset: ({ context }) => {
        const primary = context.keys.find((key) => key.primary);
        if (primary) user.send({ type: 'API_KEY_SET', apiKey: primary.apiKey });
        notify.success(t`Primary key reset. Update it wherever you use it.`);
      },
      showError: ({ context }) => {
        if (context.error) notify.error(context.error);
      },
    },
  });
}

export type ApiKeysActor = ActorRefFrom<ReturnType<typeof createApiKeysLogic>>;
