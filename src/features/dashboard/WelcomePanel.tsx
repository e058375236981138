import { useEffect } from 'react';
import { Link } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { userSelectors } from '../../actors/user';
import { FREE_SIGN_UP_CREDITS } from '../../domain/creditPackages';
import { SAMPLE_CALL, SAMPLE_COST, snippetTarget } from '../../domain/sampleCall';
import { curlGenerate } from '../../domain/snippets';
import { Button, buttonClasses } from '../../ui/Button';
import { CodeSample, codeVariant } from '../../ui/CodeSample';
import { Spinner } from '../../ui/Spinner';
import { balanceText } from '../../ui/balance';
import { creditsText } from '../../ui/credits';
import { copyText } from '../../ui/copyText';
import { maskKey } from '../../ui/maskKey';
import { focusMainHeading } from '../../ui/returnFocus';
import { useGenerationApiBaseUrl } from '../../ui/useHydrated';
import styles from './Welcome.module.css';

/** The primary key: masked on screen, copied in full; or where it stands while it is not known. */
function PrimaryKey() {
  const { t } = useLingui();
  const user = useGlobalActor('user');
  const apiKey = useGlobalSelector('user', (s) => userSelectors.user(s)?.apiKey ?? '');
  const keyState = useGlobalSelector('user', userSelectors.apiKeyState);
  if (keyState === 'ready') {
    return (
      <div className={styles.keyRow}>
        <code className={styles.key} data-testid="welcome-key">
          {maskKey(apiKey)}
        </code>
        <Button size="sm" onClick={() => void copyText(apiKey, t`API key copied. Keep it secret.`)}>
          <Trans>Copy key</Trans>
        </Button>
      </div>
    );
  }
  if (keyState === 'unavailable') {
    return (
      <div role="alert" className={styles.note}>
        <p>
          <Trans>Your API key could not be loaded. Check your connection and try again.</Trans>
        </p>
        <Button size="sm" onClick={() => user.send({ type: 'REFRESH' })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }
  if (keyState === 'missing') {
    return (
      <div className={styles.note}>
        <p>
          <Trans>Your account has no key yet. Create one: it shows here and in every code sample.</Trans>
        </p>
        <Link href="/dashboard/api-keys" className={buttonClasses('primary')}>
          <Trans>Create a key</Trans>
        </Link>
      </div>
    );
  }
  return (
    <p className={styles.note} role="status">
      <Spinner size={14} /> <Trans>Loading your API key…</Trans>
    </p>
  );
}

/**
 * What a new account sees first, above its overview: the key to call the API with, the free credits, and the two
 * next steps (the playground, or the first call with the key filled in). Opened by the sign-up (`?welcome`);
 * closing it leaves the overview as every later visit shows it.
 */
export function WelcomePanel() {
  const { t, i18n } = useLingui();
  // The sign-up dialog closed over the page it was opened on, which this one replaced: focus went with that page.
  // It lands on this page's heading instead of the top of the document.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) focusMainHeading();
  }, []);
  const user = useGlobalSelector('user', userSelectors.user);
  const baseUrl = useGenerationApiBaseUrl();
  const apiKey = user?.apiKey ?? '';
  const hasKey = apiKey !== '';
  const firstCall = codeVariant('curl', 'curl', (key) => curlGenerate(SAMPLE_CALL, snippetTarget(baseUrl, key)), {
    shown: hasKey ? maskKey(apiKey) : 'YOUR_API_KEY',
    real: hasKey ? apiKey : 'YOUR_API_KEY',
  });
  const freeCredits = FREE_SIGN_UP_CREDITS;
  const balance = balanceText(i18n, user?.credits);
  const price = creditsText(SAMPLE_COST);
  return (
    <section className={styles.welcome} aria-labelledby="welcome-title">
      <div className={styles.head}>
        <h2 id="welcome-title" className={styles.title}>
          <Trans>Welcome aboard: your API key is ready</Trans>
        </h2>
        <Button size="sm" variant="ghost" onClick={() => navigate('/dashboard', { replace: true })}>
          <Trans>Close the welcome</Trans>
        </Button>
      </div>
      <div className={styles.facts}>
        <div className={styles.fact}>
          <h3 className={styles.factLabel}>
            <Trans>Primary API key</Trans>
          </h3>
          <PrimaryKey />
          <p className={styles.note}>
            <Trans>Send it as a Bearer token with every call. Keep it on your server, never in a web page or an app.</Trans>
          </p>
        </div>
        <div className={styles.fact}>
          <h3 className={styles.factLabel}>
            <Trans>Free credits</Trans>
          </h3>
          <p className={styles.value} data-testid="welcome-credits">
            <Plural value={freeCredits} one="# free credit" other="# free credits" />
          </p>
          <p className={styles.note}>
            <Trans>Your balance: {balance}. Credits are charged only when a task succeeds.</Trans>
          </p>
        </div>
      </div>
      <h3 className={styles.stepsTitle}>
        <Trans>Two next steps</Trans>
      </h3>
      <ol className={styles.steps}>
        <li className={styles.step}>
          <p>
            <Trans>Try a prompt in the playground: pick a model, generate, and see what it costs.</Trans>
          </p>
          <Link href="/playground/flux" className={buttonClasses('primary')}>
            <Trans>Open the playground</Trans>
          </Link>
        </li>
        <li className={styles.step}>
          <p>
            <Trans>Or copy your first call, with your key filled in, and run it from a terminal. It costs {price} if it succeeds.</Trans>
          </p>
          <CodeSample label={t`Your first call`} variants={[firstCall]} copiesRealKey={hasKey} />
        </li>
      </ol>
    </section>
  );
}
