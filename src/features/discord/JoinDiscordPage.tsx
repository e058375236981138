import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SnapshotFrom } from 'xstate';
import { useLocalActor } from '../../actors/useLocalActor';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { createDiscordJoinLogic, readJoinInput, type DiscordJoinActor } from '../../actors/discordJoin';
import { userSelectors, type AppUser } from '../../actors/user';
import { useSignInPrompt } from '../../ui/signIn/useSignInWhenAnonymous';
import { Button, type ButtonProps } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './JoinDiscord.module.css';

type JoinSnapshot = SnapshotFrom<DiscordJoinActor>;

/** The top-level state: what the connection is doing now. */
function selectPhase(snapshot: JoinSnapshot): string {
  return typeof snapshot.value === 'string' ? snapshot.value : '';
}

const PANEL_TITLE_ID = 'discord-connection-title';

/**
 * /join-discord: what the community is for, and the account's Discord connection (connect by OAuth, then the
 * invite). Anyone may read it, and nothing interrupts the reading: connecting needs a signed-in account, which the
 * panel asks an anonymous visitor for with its own Sign in button.
 */
export default function JoinDiscordPage() {
  const { t } = useLingui();
  const { anonymous, openSignIn } = useSignInPrompt();
  const user = useGlobalSelector('user', userSelectors.user);

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>
          <Trans>Community</Trans>
        </p>
        <h1 className={styles.title}>
          <Trans>Join the Nano Banana API community on Discord</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            Talk to the team and to other developers building with image generation. Connect your Discord account once and we send you the invite.
          </Trans>
        </p>
      </header>

      <ul className={styles.reasons} aria-label={t`What the community is for`}>
        <li className={styles.reason}>
          <h2 className={styles.reasonTitle}>
            <Trans>Get help</Trans>
          </h2>
          <p>
            <Trans>Ask about the API, prompts or billing and get answers from the team and experienced users.</Trans>
          </p>
        </li>
        <li className={styles.reason}>
          <h2 className={styles.reasonTitle}>
            <Trans>Model news first</Trans>
          </h2>
          <p>
            <Trans>Hear about new models, price changes and API updates before anyone else.</Trans>
          </p>
        </li>
        <li className={styles.reason}>
          <h2 className={styles.reasonTitle}>
            <Trans>Share your work</Trans>
          </h2>
          <p>
            <Trans>Show what you make, swap prompts and see what others build with Nano Banana.</Trans>
          </p>
        </li>
      </ul>

      <section className={styles.panel} aria-labelledby={PANEL_TITLE_ID}>
        {user ? (
          // Keyed by account: another account's sign-in starts the connection afresh.
          <Connection key={user.id} user={user} />
        ) : (
          <>
            <PanelTitle />
            {anonymous ? (
              <>
                <p>
                  <Trans>Sign in to connect your Discord account.</Trans>
                </p>
                <StepAction variant="primary" size="lg" onClick={openSignIn}>
                  <Trans>Sign in</Trans>
                </StepAction>
              </>
            ) : (
              <Status>
                <Trans>Checking your account…</Trans>
              </Status>
            )}
          </>
        )}
      </section>
    </div>
  );
}

function PanelTitle({ ref }: { ref?: Ref<HTMLHeadingElement> }) {
  return (
    <h2 id={PANEL_TITLE_ID} ref={ref} tabIndex={-1} className={styles.panelTitle}>
      <Trans>Your Discord connection</Trans>
    </h2>
  );
}

function Status({ children }: { children: ReactNode }) {
  return (
    <p className={styles.status} role="status">
      <Spinner /> {children}
    </p>
  );
}

/** Resting states the user reaches by acting (or by coming back from Discord): the panel's title takes focus. */
const SETTLED = new Set(['idle', 'joined', 'cancelled', 'failed']);

/** The signed-in account's connection, on the discordJoin statechart. */
function Connection({ user }: { user: AppUser }) {
  const userActor = useGlobalActor('user');
  // Read once when the page opens: Discord's answer in the address and this tab's request.
  const [logic] = useState(() => createDiscordJoinLogic(userActor));
  const [input] = useState(() => readJoinInput(location.search));
  const actor = useLocalActor(logic, { input });
  const phase = useSelector(actor, selectPhase);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const title = useRef<HTMLHeadingElement>(null);
  const previous = useRef(phase);

  // A code is traded only once the account is confirmed (user-info answered), never on a stale cached user.
  const accountReady = useGlobalSelector('user', (s) => s.context.user !== null && !s.hasTag('loading'));
  const discordUsername = user.discordUsername ?? null;
  useEffect(() => {
    if (accountReady) actor.send({ type: 'ACCOUNT_READY', discordUsername });
  }, [accountReady, discordUsername, actor]);

  // After an action settles (connected, failed, cancelled, stayed), focus moves to the panel so it is read out.
  useEffect(() => {
    const from = previous.current;
    previous.current = phase;
    if (from !== phase && from !== 'waitingForAccount' && SETTLED.has(phase)) title.current?.focus();
  }, [phase]);

  return (
    <>
      <PanelTitle ref={title} />
      <ConnectionBody actor={actor} phase={phase} busy={busy} />
    </>
  );
}

function ConnectionBody({ actor, phase, busy }: { actor: DiscordJoinActor; phase: string; busy: boolean }) {
  const context = useSelector(actor, (s) => s.context);
  const connect = () => actor.send({ type: 'CONNECT' });
  const retry = () => actor.send({ type: 'RETRY' });

  switch (phase) {
    case 'waitingForAccount':
      return (
        <Status>
          <Trans>Checking your account…</Trans>
        </Status>
      );
    case 'idle':
    case 'fetchingAuthorizeUrl':
      return (
        <>
          <p>
            <Trans>
              Discord asks you to approve the connection, then brings you back here with the invite. We only read your Discord username and add you to
              our server.
            </Trans>
          </p>
          {busy ? (
            <Status>
              <Trans>Preparing the connection…</Trans>
            </Status>
          ) : null}
          <StepAction variant="primary" size="lg" busy={busy} onClick={connect}>
            <Trans>Connect Discord</Trans>
          </StepAction>
        </>
      );
    case 'redirecting':
      return (
        <>
          <Status>
            <Trans>Taking you to Discord…</Trans>
          </Status>
          <div className={styles.actions}>
            <Button variant="ghost" onClick={() => actor.send({ type: 'CANCEL' })}>
              <Trans>Stay here</Trans>
            </Button>
          </div>
        </>
      );
    case 'authorizing':
      return (
        <Status>
          <Trans>Connecting your Discord account…</Trans>
        </Status>
      );
    case 'joined':
      return <Joined name={context.discordUsername ?? ''} inviteUrl={context.inviteUrl} onConnect={connect} />;
    case 'cancelled':
      return (
        <>
          <p className={styles.notice} role="status">
            <Trans>You cancelled on Discord. Nothing was connected.</Trans>
          </p>
          <RetryStep connectedAs={context.discordUsername} onRetry={retry} />
        </>
      );
    case 'failed':
      return (
        <>
          <div className={styles.failure} role="alert">
            <p className={styles.failureTitle}>
              <Trans>Discord was not connected.</Trans>
            </p>
            <p>
              <FailureReason errorKind={context.errorKind} error={context.error} />
            </p>
          </div>
          <RetryStep connectedAs={context.discordUsername} onRetry={retry} />
        </>
      );
    default:
      return null;
  }
}

function Joined({ name, inviteUrl, onConnect }: { name: string; inviteUrl: string | null; onConnect: () => void }) {
  return (
    <>
      <p className={styles.connected} role="status">
        <span className={styles.check} aria-hidden="true">
          ✓
        </span>
        <span>
          <Trans>
            Connected as <strong>{name}</strong>
          </Trans>
        </span>
      </p>
      {inviteUrl ? (
        <>
          <div className={styles.actions}>
            <a className={styles.invite} href={inviteUrl} target="_blank" rel="noopener noreferrer">
              <Trans>Open the Discord invite</Trans>
              <span className="visually-hidden">
                {' '}
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          </div>
          <p className={styles.hint}>
            <Trans>Connected the wrong account?</Trans>{' '}
            <Button variant="ghost" size="sm" onClick={onConnect}>
              <Trans>Connect another account</Trans>
            </Button>
          </p>
        </>
      ) : (
        <>
          <p>
            <Trans>Connect again to get your invite link: Discord asks you to approve once more.</Trans>
          </p>
          <StepAction variant="primary" onClick={onConnect}>
            <Trans>Connect again</Trans>
          </StepAction>
        </>
      )}
    </>
  );
}

/** The step's one button, on a row of its own under the step's text. */
function StepAction({ children, ...button }: ButtonProps) {
  return (
    <div className={styles.actions}>
      <Button {...button}>{children}</Button>
    </div>
  );
}

/** After a failed or cancelled attempt: whether an earlier connection still holds, and a way to try again. */
function RetryStep({ connectedAs, onRetry }: { connectedAs: string | null; onRetry: () => void }) {
  return (
    <>
      <StillConnected name={connectedAs} />
      <StepAction variant="primary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </StepAction>
    </>
  );
}

/** An earlier connection survives a failed or cancelled attempt to connect again. */
function StillConnected({ name }: { name: string | null }) {
  if (name === null) return null;
  return (
    <p className={styles.hint}>
      <Trans>
        Your account is still connected as <strong>{name}</strong>.
      </Trans>
    </p>
  );
}

function FailureReason({ errorKind, error }: { errorKind: string | null; error: string | null }) {
  const { t } = useLingui();
  switch (errorKind) {
    case 'discord':
      return <>{t`Discord answered “${error ?? ''}”. Try again in a moment.`}</>;
    case 'unsafeRedirect':
      return <>{t`The server gave an address that is not Discord’s, so you were not sent there.`}</>;
    case 'weakState':
      return <>{t`The server’s link to Discord lacked a security check (an unguessable “state”), so you were not sent there.`}</>;
    case 'unexpectedReturn':
      return <>{t`This Discord answer was not for a connection started in this tab, so it was not used.`}</>;
    default:
      return <>{error ?? t`Something went wrong. Try again.`}</>;
  }
}
