import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { endpoints, type EndpointName } from '../api/contract';
import { forgetIpCountry } from '../services/ipCountry';
import {
  endPlanSoon,
  endWaitingCryptoPayments,
  expireAllSessions,
  addLayoutSample,
  fillSampleUsage,
  PLAN_ENDS_SOON_DAYS,
  resetDemoData,
  normalizeCountry,
  MAX_LATENCY_MS,
  type NextCall,
} from './controls';
import { browserDemoEnvironment, type DemoEnvironment } from './environment';
import { openedByUrl } from './openedByUrl';
import styles from './DemoControls.module.css';

/** Every call of the contract, for aiming an armed failure at one of them. */
const ENDPOINT_NAMES = Object.keys(endpoints) as EndpointName[];

/** The codes QA reaches for most; anything else goes through "Custom code". */
const PRESET_CODES = [100001, 400001, 500001, 500002, 100002, 401] as const;

type Visibility = 'hidden' | 'collapsed' | 'open';

interface DemoControlsProps {
  /** Tests hand in their own; the app uses the tab's environment (the one the worker serves from). */
  environment?: DemoEnvironment;
  /** After a reset the app must start over from an empty database. */
  reload?: () => void;
  /** Opened by the visitor (DemoControlsLauncher.tsx): shown open, with the focus on its heading. */
  openAtStart?: boolean;
}

function isPreset(code: number): boolean {
  return (PRESET_CODES as readonly number[]).includes(code);
}

function parseCode(text: string): number | null {
  const trimmed = text.trim();
  return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : null;
}

/** What the next-call select shows: the armed failure, or "custom" while a custom code is being typed. */
function nextCallChoice(next: NextCall, customTyping: boolean): string {
  if (next === null) return customTyping ? 'custom' : 'none';
  if (next.kind === 'networkError' || next.kind === 'lostAnswer') return next.kind;
  return isPreset(next.code) ? String(next.code) : 'custom';
}

/**
 * The QA panel of demo mode: arms failures for the next API call, adds latency, forces the bot check,
 * switches the IP country, expires the session and resets the demo database.
 */
export function DemoControls({ environment, reload = () => window.location.reload(), openAtStart = false }: DemoControlsProps) {
  const { t } = useLingui();
  const env = environment ?? browserDemoEnvironment();
  const settings = useSyncExternalStore(env.controls.subscribe, env.controls.get);
  const [visibility, setVisibility] = useState<Visibility>(() => (openAtStart || openedByUrl() ? 'open' : 'collapsed'));
  const [customMode, setCustomMode] = useState(false);
  const [customDraft, setCustomDraft] = useState(() =>
    settings.nextCall?.kind === 'code' && !isPreset(settings.nextCall.code) ? String(settings.nextCall.code) : '',
  );
  const [latencyDraft, setLatencyDraft] = useState<string | null>(null);
  const [failureRateDraft, setFailureRateDraft] = useState<string | null>(null);
  const [countryDraft, setCountryDraft] = useState<string | null>(null);
  const [confirmingReset, setConfirmingReset] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Explains the unknown-host link while it is armed; the order call that uses it takes the explanation away.
  const [explainUnknownHost, setExplainUnknownHost] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusHeading = useRef(openAtStart);
  const headingId = useId();
  const confirmId = useId();

  const open = () => {
    focusHeading.current = true;
    setVisibility('open');
  };

  // Alt+Shift+D opens the panel from anywhere (event.code: the letter typed with Alt differs per layout).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!event.altKey || !event.shiftKey || event.code !== 'KeyD') return;
      event.preventDefault();
      focusHeading.current = true;
      setVisibility((current) => (current === 'open' ? 'collapsed' : 'open'));
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(() => {
    if (visibility === 'open' && focusHeading.current) heading.current?.focus();
    focusHeading.current = false;
  }, [visibility]);

  if (visibility === 'hidden') return null;

  if (visibility === 'collapsed') {
    return (
      <aside aria-label={t`Demo controls`} className={`${styles.panel} ${styles.collapsed}`}>
        <button type="button" className={styles.pill} aria-expanded={false} onClick={open}>
          <Trans>Demo controls</Trans>
        </button>
      </aside>
    );
  }

  const next = settings.nextCall;
  // Still typing a custom code (nothing valid armed yet): keep the custom field on screen.
  const customTyping = customMode && next === null && parseCode(customDraft) === null;
  const choice = nextCallChoice(next, customTyping);

  const chooseNextCall = (value: string) => {
    setNotice(null);
    setCustomMode(value === 'custom');
    if (value === 'none') env.controls.set({ nextCall: null });
    else if (value === 'networkError') env.controls.set({ nextCall: { kind: 'networkError' } });
    else if (value === 'lostAnswer') env.controls.set({ nextCall: { kind: 'lostAnswer' } });
    else if (value === 'custom') {
      setCustomDraft('');
      env.controls.set({ nextCall: null });
    } else env.controls.set({ nextCall: { kind: 'code', code: Number(value) } });
  };

  const typeCustomCode = (text: string) => {
    setCustomDraft(text);
    const code = parseCode(text);
    env.controls.set({ nextCall: code === null ? null : { kind: 'code', code } });
  };

  const typeLatency = (text: string) => {
    setLatencyDraft(text);
    const value = Number(text);
    if (text.trim() !== '' && Number.isFinite(value)) env.controls.set({ latencyMs: value });
  };

  const typeFailureRate = (text: string) => {
    setFailureRateDraft(text);
    const value = Number(text);
    if (text.trim() !== '' && Number.isFinite(value)) env.controls.set({ generationFailureRate: value });
  };

  const typeCountry = (text: string) => {
    const upper = text.toUpperCase();
    setCountryDraft(upper);
    if (normalizeCountry(upper)) {
      env.controls.set({ ipCountry: upper });
      // The app asks for the country once per session: the next page load must ask the demo server again.
      forgetIpCountry();
    }
  };

  const armUnknownCheckoutHost = (armed: boolean) => {
    env.controls.set({ unknownCheckoutHost: armed });
    setNotice(null);
    setExplainUnknownHost(armed);
  };

  const expireSession = () => {
    expireAllSessions(env.db);
    setNotice(t`Every session ended: the next signed-in call answers 401.`);
  };

  const planEndsSoon = () => {
    const email = endPlanSoon(env.db);
    setNotice(email ? t`The plan of ${email} now ends in ${PLAN_ENDS_SOON_DAYS} days. Reload to see the renewal offer.` : t`Sign in first.`);
  };

  const fillUsage = () => {
    const filled = fillSampleUsage(env.db);
    if (!filled) {
      setNotice(t`Sign in first.`);
      return;
    }
    // Named, so translators see {records} and {email} rather than {0} and {1}.
    const { records, email, creditsDebited } = filled;
    setNotice(t`Added ${records} usage records to ${email} (${creditsDebited} credits debited).`);
  };

  const layoutSample = () => {
    const email = addLayoutSample(env.db);
    setNotice(email ? t`Gave ${email} long names and a paid PayPal order. Reload to see them.` : t`Sign in first.`);
  };

  const endCryptoPayments = (outcome: 'paid' | 'failed') => {
    const ended = endWaitingCryptoPayments(env.db, outcome);
    if (!ended) {
      setNotice(t`Sign in first.`);
      return;
    }
    const { email, count } = ended;
    if (count === 0) setNotice(t`${email} has no crypto payment waiting for confirmations.`);
    else if (outcome === 'paid')
      setNotice(t`Crypto payments of ${email} confirmed: ${count}. The app hears of it at its next check, within two minutes.`);
    else setNotice(t`Crypto payments of ${email} failed: ${count}. The app hears of it at its next check, within two minutes.`);
  };

  const resetEverything = () => {
    resetDemoData(env.db, env.controls);
    reload();
  };

  const armed =
    next === null
      ? t`Next call: normal`
      : next.kind === 'networkError'
        ? t`Next call: network failure`
        : next.kind === 'lostAnswer'
          ? t`Next call: the server acts, then its answer is lost`
          : t`Next call: code ${next.code}`;
  const target = settings.nextCallTarget;
  const targetPath = target !== null && target in endpoints ? endpoints[target as EndpointName].path : target;
  const status = [
    next !== null && targetPath ? t`${armed}, when ${targetPath} is called` : armed,
    settings.latencyMs > 0 ? t`Latency: ${settings.latencyMs} ms` : null,
    settings.requireBotCheck ? t`Bot check: required` : null,
    settings.unknownCheckoutHost ? t`Next checkout link: unknown host (armed)` : null,
    settings.generationFailureRate > 0 ? t`Generations failing: ${settings.generationFailureRate} %` : null,
    t`IP country: ${settings.ipCountry}`,
  ]
    .filter(Boolean)
    .join(' · ');
  const unknownHostNotice =
    explainUnknownHost && settings.unknownCheckoutHost
      ? t`Armed: the next Creem, NOWPayments, Freekassa or Digiseller order answers a checkout link on checkout.unknown-host.example, which the app must refuse.`
      : null;

  return (
    <aside aria-labelledby={headingId} className={styles.panel}>
      <header className={styles.header}>
        <h2 id={headingId} ref={heading} tabIndex={-1} className={styles.title}>
          <Trans>Demo controls</Trans>
        </h2>
        <button
          type="button"
          className={styles.iconButton}
          aria-expanded={true}
          aria-label={t`Collapse demo controls`}
          onClick={() => setVisibility('collapsed')}
        >
          <span aria-hidden="true">–</span>
        </button>
        <button type="button" className={styles.iconButton} aria-label={t`Close demo controls`} onClick={() => setVisibility('hidden')}>
          <span aria-hidden="true">×</span>
        </button>
      </header>

      <p className={styles.status} aria-live="polite" aria-atomic="true">
        {notice ?? unknownHostNotice ?? status}
      </p>

      <form className={styles.fields} onSubmit={(event) => event.preventDefault()}>
        <label className={styles.field}>
          <span>
            <Trans>Next call</Trans>
          </span>
          <select value={choice} onChange={(event) => chooseNextCall(event.target.value)}>
            <option value="none">{t`None`}</option>
            <option value="networkError">{t`Network failure`}</option>
            {/* The call goes through (an order or a task is created, credits move); the app gets a network failure. */}
            <option value="lostAnswer">{t`Answer lost (the server acts)`}</option>
            {PRESET_CODES.map((code) => (
              <option key={code} value={String(code)}>
                {code}
              </option>
            ))}
            <option value="custom">{t`Custom code…`}</option>
          </select>
        </label>
        <label className={styles.field}>
          <span>
            <Trans>Which call</Trans>
          </span>
          <select
            value={target ?? ''}
            onChange={(event) => env.controls.set({ nextCallTarget: event.target.value === '' ? null : event.target.value })}
          >
            <option value="">{t`Whichever comes next`}</option>
            {ENDPOINT_NAMES.map((name) => (
              <option key={name} value={name}>
                {`${endpoints[name].method} ${endpoints[name].path}`}
              </option>
            ))}
          </select>
        </label>
        {choice === 'custom' ? (
          <label className={styles.field}>
            <span>
              <Trans>Custom code</Trans>
            </span>
            <input type="number" inputMode="numeric" step={1} value={customDraft} onChange={(event) => typeCustomCode(event.target.value)} />
          </label>
        ) : null}
        <label className={styles.field}>
          <span>
            <Trans>Latency (ms)</Trans>
          </span>
          <input
            type="number"
            min={0}
            max={MAX_LATENCY_MS}
            step={100}
            value={latencyDraft ?? String(settings.latencyMs)}
            onChange={(event) => typeLatency(event.target.value)}
            onBlur={() => setLatencyDraft(null)}
          />
        </label>
        <label className={styles.field}>
          <span>
            <Trans>Generation failure rate (%)</Trans>
          </span>
          <input
            type="number"
            min={0}
            max={100}
            step={10}
            value={failureRateDraft ?? String(settings.generationFailureRate)}
            onChange={(event) => typeFailureRate(event.target.value)}
            onBlur={() => setFailureRateDraft(null)}
          />
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={settings.requireBotCheck}
            onChange={(event) => env.controls.set({ requireBotCheck: event.target.checked })}
          />
          <span>
            <Trans>Require bot check</Trans>
          </span>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={settings.unknownCheckoutHost} onChange={(event) => armUnknownCheckoutHost(event.target.checked)} />
          <span>
            <Trans>Next checkout link: unknown host</Trans>
          </span>
        </label>
        <label className={styles.field}>
          <span>
            <Trans>IP country</Trans>
          </span>
          <input
            type="text"
            maxLength={2}
            autoComplete="off"
            spellCheck={false}
            className={styles.country}
            value={countryDraft ?? settings.ipCountry}
            onChange={(event) => typeCountry(event.target.value)}
            onBlur={() => setCountryDraft(null)}
          />
        </label>
      </form>

      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={expireSession}>
          <Trans>Expire session</Trans>
        </button>
        <button type="button" className={styles.button} onClick={fillUsage}>
          <Trans>Fill 90 days of sample usage</Trans>
        </button>
        <button type="button" className={styles.button} onClick={layoutSample}>
          <Trans>Add long names and a PayPal purchase</Trans>
        </button>
        <button type="button" className={styles.button} onClick={planEndsSoon}>
          <Trans>End the plan in {PLAN_ENDS_SOON_DAYS} days</Trans>
        </button>
        <button type="button" className={styles.button} onClick={() => endCryptoPayments('paid')}>
          <Trans>Confirm the crypto payments sent</Trans>
        </button>
        <button type="button" className={styles.button} onClick={() => endCryptoPayments('failed')}>
          <Trans>Fail the crypto payments sent</Trans>
        </button>
        {confirmingReset ? (
          <div role="group" aria-labelledby={confirmId} className={styles.confirm}>
            <p id={confirmId}>
              <Trans>Reset all demo data?</Trans>
            </p>
            <button type="button" className={`${styles.button} ${styles.danger}`} onClick={resetEverything}>
              <Trans>Yes</Trans>
            </button>
            <button type="button" className={styles.button} onClick={() => setConfirmingReset(false)}>
              <Trans>No</Trans>
            </button>
          </div>
        ) : (
          <button type="button" className={styles.button} onClick={() => setConfirmingReset(true)}>
            <Trans>Reset demo database</Trans>
          </button>
        )}
      </div>
      <p className={styles.hint}>
        <Trans>
          Open or collapse with <kbd>Alt</kbd>+<kbd>Shift</kbd>+<kbd>D</kbd>.
        </Trans>
      </p>
    </aside>
  );
}
