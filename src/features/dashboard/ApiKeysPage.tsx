import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { SavedSettingsGate } from '../../ui/saveForm/SavedSettingsGate';
import { useLocalActor } from '../../actors/useLocalActor';
import { createApiKeysLogic, type ApiKeysActor } from '../../actors/apiKeys';
import type { ApiKey } from '../../api/contract';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Spinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { maskKey } from '../../ui/maskKey';
import { copyText } from '../../ui/copyText';
import { DashboardLayout } from '../../ui/DashboardLayout';
import { DataTable, type DataColumn } from '../../ui/DataTable';
import { formatDate } from '../../ui/formatDate';
import { IpWhitelistSection } from './IpWhitelistSection';
import styles from './ApiKeys.module.css';

function copyKey(key: string) {
  void copyText(key);
}

function NameForm({ actor, initial, submitLabel }: { actor: ApiKeysActor; initial: string; submitLabel: string }) {
  const { t } = useLingui();
  const [name, setName] = useState(initial);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const [problem, setProblem] = useState<string | undefined>();
  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || trimmed.length > 40) {
      setProblem(t`Give the key a name of 1 to 40 characters.`);
      return;
    }
    actor.send({ type: 'NAME_SUBMITTED', name: trimmed });
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField
        label={t`Key name`}
        value={name}
        maxLength={40}
        data-autofocus
        hint={t`Say where the key is used, like "production server".`}
        error={problem ?? error ?? undefined}
        onChange={(event) => {
          setName(event.target.value);
          setProblem(undefined);
        }}
      />
      <div className={styles.actions}>
        <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" variant="primary" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

function ConfirmStep({ actor, message, confirmLabel }: { actor: ApiKeysActor; message: string; confirmLabel: string }) {
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <div className={styles.form}>
      <p>{message}</p>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button variant="danger" busy={busy} onClick={() => actor.send({ type: 'CONFIRM' })}>
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}

/** A key's row buttons: copy it, rename it, and delete it (or, for the primary key, give it a new secret). */
function KeyActions({ actor, apiKey: key }: { actor: ApiKeysActor; apiKey: ApiKey }) {
  const { t } = useLingui();
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => copyKey(key.apiKey)} aria-label={t`Copy key ${key.name}`}>
        <Trans>Copy</Trans>
      </Button>
      <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'RENAME', id: key.id })} aria-label={t`Rename key ${key.name}`}>
        <Trans>Rename</Trans>
      </Button>
      {key.primary ? (
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'RESET_PRIMARY' })} aria-label={t`Reset key ${key.name}`}>
          <Trans>Reset</Trans>
        </Button>
      ) : (
        <Button size="sm" variant="ghost" onClick={() => actor.send({ type: 'DELETE', id: key.id })} aria-label={t`Delete key ${key.name}`}>
          <Trans>Delete</Trans>
        </Button>
      )}
    </>
  );
}

export default function ApiKeysPage() {
  return (
    <DashboardLayout title={<Trans>API keys</Trans>}>
      <ApiKeysManager />
      <Whitelist />
    </DashboardLayout>
  );
}

function Whitelist() {
  const user = useGlobalSelector('user', userSelectors.accountInView);
  // Keyed by account: another account's sign-in in another tab starts the form afresh.
  return user ? (
    <SavedSettingsGate>
      <IpWhitelistSection key={user.id} user={user} />
    </SavedSettingsGate>
  ) : null;
}

/** Mounted only for a signed-in user (see DashboardLayout), so the keys are never asked for without a session. */
function ApiKeysManager() {
  const { t, i18n } = useLingui();
  const user = useGlobalActor('user');
  const logic = useMemo(() => createApiKeysLogic(user), [user]);
  const actor = useLocalActor(logic);
  const phase = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('failed')
        ? 'failed'
        : s.matches('adding')
          ? 'adding'
          : s.matches('renaming')
            ? 'renaming'
            : s.matches('deleting')
              ? 'deleting'
              : s.matches('resetting')
                ? 'resetting'
                : 'list',
  );
  const created = useSelector(actor, (s) => (s.matches({ adding: 'created' }) ? s.context.created : null));
  const keys = useSelector(actor, (s) => s.context.keys);
  const target = useSelector(actor, (s) => s.context.target);
  const error = useSelector(actor, (s) => s.context.error);
  const date = (iso: string | null) => (iso ? formatDate(i18n, iso, { dateStyle: 'medium' }) : t`Never`);
  const dismiss = () => actor.send({ type: created ? 'DONE' : 'CANCEL' });

  const columns: DataColumn<ApiKey>[] = [
    {
      id: 'name',
      header: <Trans>Key name</Trans>,
      cell: (key) => (
        <>
          {key.name}
          {key.primary ? (
            <span className={styles.badge}>
              <Trans>Primary</Trans>
            </span>
          ) : null}
        </>
      ),
    },
    { id: 'key', header: <Trans>Key</Trans>, cell: (key) => <code className={styles.key}>{maskKey(key.apiKey)}</code> },
    { id: 'created', header: <Trans>Created</Trans>, cell: (key) => date(key.createTime) },
    { id: 'lastUsed', header: <Trans>Last used</Trans>, cell: (key) => date(key.lastUsedTime) },
    {
      id: 'actions',
      header: <Trans>Actions</Trans>,
      headerHidden: true,
      className: styles.rowActions,
      cell: (key) => <KeyActions actor={actor} apiKey={key} />,
    },
  ];

  return (
    <>
      <p className={styles.lead}>
        <Trans>Send a key as a Bearer token with every call. Keep keys secret: anyone with a key can spend your credits.</Trans>{' '}
        <Link href="/docs">
          <Trans>How to call the API: the API reference</Trans>
        </Link>
      </p>
      {phase === 'loading' ? (
        <p className={styles.status} role="status">
          <Spinner /> <Trans>Loading your keys…</Trans>
        </p>
      ) : phase === 'failed' ? (
        <div className={styles.status} role="alert">
          <span>{error ?? t`Your keys could not be loaded.`}</span>
          <Button onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : (
        <>
          <div className={styles.toolbar}>
            <Button variant="primary" onClick={() => actor.send({ type: 'ADD' })}>
              <Trans>Create key</Trans>
            </Button>
          </div>
          <DataTable caption={<Trans>API keys</Trans>} columns={columns} rows={keys} rowKey={(key) => key.id} />
        </>
      )}

      <Dialog open={phase === 'adding'} onDismiss={dismiss} title={created ? t`Your new API key` : t`Create an API key`}>
        {created ? (
          <div className={styles.form}>
            <p>
              <Trans>
                Keep this key secret: anyone who has it can spend your credits. You can copy it again from the list of keys while you are signed in.
              </Trans>
            </p>
            <code className={styles.fullKey} aria-label={t`New API key`}>
              {created.apiKey}
            </code>
            <div className={styles.actions}>
              {/* The form that had focus is gone; copying the key is the one thing to do now. */}
              <Button autoFocus onClick={() => copyKey(created.apiKey)}>
                <Trans>Copy key</Trans>
              </Button>
              <Button variant="primary" onClick={() => actor.send({ type: 'DONE' })}>
                <Trans>Done</Trans>
              </Button>
            </div>
          </div>
        ) : (
          <NameForm actor={actor} initial="" submitLabel={t`Create key`} />
        )}
      </Dialog>
      <Dialog open={phase === 'renaming'} onDismiss={dismiss} title={t`Rename the key`}>
        <NameForm actor={actor} initial={target?.name ?? ''} submitLabel={t`Save name`} />
      </Dialog>
      <Dialog open={phase === 'deleting'} onDismiss={dismiss} title={t`Delete the key “${target?.name ?? ''}”?`}>
        <ConfirmStep
          actor={actor}
          message={t`Calls that use this key will be refused from now on. This cannot be undone.`}
          confirmLabel={t`Delete key`}
        />
      </Dialog>
      <Dialog open={phase === 'resetting'} onDismiss={dismiss} title={t`Reset the primary key?`}>
        <ConfirmStep
          actor={actor}
          message={t`The primary key gets a new secret. The old one stops working at once, so update it wherever you use it.`}
          confirmLabel={t`Reset key`}
        />
      </Dialog>
    </>
  );
}
