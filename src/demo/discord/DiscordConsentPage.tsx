import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { DemoEnvironment } from '../environment';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { Simulations } from '../checkout/CheckoutShell';
import { authorizedReturn, DEFAULT_DISCORD_USERNAME, errorReturn, isValidDiscordUsername, issueDiscordCode, type ConsentRequest } from './consent';
import styles from './DiscordConsent.module.css';

export interface DiscordConsentPageProps {
  env: DemoEnvironment;
  request: ConsentRequest;
  /** location.assign: Discord sends the user back with a full page load. Tests hand in a spy. */
  navigate(url: string): void;
}

const APP_NAME = 'Nano Banana API';

/** What each scope lets the app do, worded as Discord's consent screen words it. */
function useScopeLabel(): (scope: string) => string {
  const { t } = useLingui();
  return (scope) => {
    switch (scope) {
      case 'identify':
        return t`Know your username`;
      case 'guilds.join':
        return t`Join servers for you`;
      default:
        return scope;
    }
  };
}

/**
 * The demo stand-in for Discord's OAuth consent screen (discord.com/oauth2/authorize): choose a Discord name,
 * then Authorize (a one-time code goes back to the app) or Cancel (access_denied), as Discord does.
 */
export function DiscordConsentPage({ env, request, navigate }: DiscordConsentPageProps) {
  const { t } = useLingui();
  const scopeLabel = useScopeLabel();
  const [username, setUsername] = useState(DEFAULT_DISCORD_USERNAME);
  const [problem, setProblem] = useState<string | undefined>();
  const [leaving, setLeaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = t`Discord — authorize ${APP_NAME} (demo)`;
  }, [t]);

  useEffect(() => {
    heading.current?.focus();
  }, [leaving]);

  const leaveTo = (url: string) => {
    setLeaving(true);
    navigate(url);
  };

  if (request.kind !== 'valid') {
    const back = request.kind === 'malformed' ? request.redirectUri : `${window.location.origin}/join-discord`;
    return (
      <Shell>
        <h1 ref={heading} tabIndex={-1} className={styles.title}>
          <Trans>This authorization link is not valid</Trans>
        </h1>
        <p className={styles.message} role="alert">
          {request.kind === 'foreignRedirect'
            ? t`It would send you back to another website (${request.redirectUri ?? t`no address`}), so nothing is sent there.`
            : t`It does not ask for an authorization code for an app.`}
        </p>
        <a className={styles.link} href={back}>
          <Trans>Back to {APP_NAME}</Trans>
        </a>
      </Shell>
    );
  }

  const { redirectUri, state, scopes } = request;
  const returnHost = new URL(redirectUri).host;

  const authorize = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (!isValidDiscordUsername(name)) {
      setProblem(t`Use 2 to 32 lowercase letters, digits, underscores or periods.`);
      return;
    }
    const { code } = issueDiscordCode(env.db, name);
    leaveTo(authorizedReturn(redirectUri, code, state));
  };

  return (
    <Shell>
      <p className={styles.appLine}>
        <span className={styles.appIcon} aria-hidden="true">
          NB
        </span>
        <Trans>An external application</Trans>
      </p>
      <h1 ref={heading} tabIndex={-1} className={styles.title}>
        <Trans>{APP_NAME} wants to access your Discord account</Trans>
      </h1>
      <form className={styles.form} onSubmit={authorize} noValidate>
        <TextField
          label={t`Discord username`}
          value={username}
          maxLength={32}
          autoComplete="username"
          spellCheck={false}
          hint={t`Any name works in the demo.`}
          error={problem}
          disabled={leaving}
          onChange={(event) => {
            setUsername(event.target.value);
            setProblem(undefined);
          }}
        />
        <div>
          <p className={styles.scopesTitle}>
            <Trans>This will allow the developer of {APP_NAME} to:</Trans>
          </p>
          <ul className={styles.scopes}>
            {scopes.map((scope) => (
              <li key={scope}>
                <span className={styles.tick} aria-hidden="true">
                  ✓
                </span>
                {scopeLabel(scope)}
              </li>
            ))}
          </ul>
        </div>
        <p className={styles.hint}>
          <Trans>Once you authorize, you will be sent back to {returnHost}.</Trans>
        </p>
        {leaving ? (
          <p className={styles.message} role="status">
            <Trans>Returning to {APP_NAME}…</Trans>
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button size="lg" disabled={leaving} onClick={() => leaveTo(errorReturn(redirectUri, 'access_denied', state))}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="primary" size="lg" className={styles.authorize} disabled={leaving}>
            <Trans>Authorize</Trans>
          </Button>
        </div>
      </form>
      <Simulations
        disabled={leaving}
        simulations={[{ label: t`Discord error`, run: () => leaveTo(errorReturn(redirectUri, 'server_error', state)) }]}
      />
    </Shell>
  );
}

/** The frame: the demo banner and Discord's name above the page's content. */
function Shell({ children }: { children: ReactNode }) {
  return (
    <main className={styles.page}>
      <div className={styles.card}>
        <p className={styles.banner}>
          <Trans>Demo Discord — nothing leaves your browser</Trans>
        </p>
        <p className={styles.brand} aria-hidden="true">
          Discord
        </p>
        {children}
      </div>
    </main>
  );
}
