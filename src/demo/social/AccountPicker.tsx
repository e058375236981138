import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { returnFocusAfterUnmount } from '../../ui/returnFocus';
import type { DemoIdentity } from '../socialCredential';
import qa from '../qa.module.css';
import { TextField } from '../../ui/TextField';
import { parseAccountDraft, type AccountDraftProblem } from './accounts';
import { AccountIdentity, AccountSymbol } from './AccountIdentity';
import styles from './AccountPicker.module.css';

interface Simulation {
  label: string;
  run(): void;
}

export interface AccountPickerProps {
  logo: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  accounts: DemoIdentity[];
  /** A listed account, or a new one that passed the "Use another account" form. */
  onChoose(account: DemoIdentity, isNew: boolean): void;
  /** Cancel or Escape. */
  onCancel(): void;
  /** QA-only buttons that end the picker the way a failing popup would. */
  simulations: Simulation[];
}

/**
 * The demo's stand-in for a provider's account popup: a native modal <dialog> (it stacks over the login
 * modal in the top layer), shown for as long as it is mounted.
 */
export function AccountPicker({ logo, title, subtitle, accounts, onChoose, onCancel, simulations }: AccountPickerProps) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const firstAccount = useRef<HTMLButtonElement>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<DemoIdentity>({ name: '', email: '' });
  const [problems, setProblems] = useState<AccountDraftProblem[]>([]);
  const onCancelRef = useRef(onCancel);
  useEffect(() => {
    onCancelRef.current = onCancel;
  }, [onCancel]);
  const titleId = useId();
  const subtitleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    // What opened the picker ("Continue with Google", say): focus goes back there when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!element.open) element.showModal();
    // Escape fires `cancel`; it means Cancel, and the owner unmounts the picker.
    const onEscape = (event: Event) => {
      event.preventDefault();
      onCancelRef.current();
    };
    element.addEventListener('cancel', onEscape);
    return () => {
      element.removeEventListener('cancel', onEscape);
      // The owner unmounts the picker to close it, and focus went down with it.
      if (element.open) element.close();
      returnFocusAfterUnmount(opener);
    };
  }, []);

  useEffect(() => {
    if (adding) nameInput.current?.focus();
    else firstAccount.current?.focus();
  }, [adding]);

  const submitDraft = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The picker may sit inside the login form's React tree: its submit must not reach that form.
    event.stopPropagation();
    const result = parseAccountDraft(draft);
    if ('account' in result) onChoose(result.account, true);
    else {
      setProblems(result.problems);
      if (result.problems[0] === 'name') nameInput.current?.focus();
      else emailInput.current?.focus();
    }
  };

  const nameWrong = problems.includes('name');
  const emailWrong = problems.includes('email');

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} aria-describedby={subtitle ? subtitleId : undefined}>
      <div className={styles.header}>
        <span className={styles.logo} aria-hidden="true">
          {logo}
        </span>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {subtitle ? (
          <p id={subtitleId} className={styles.subtitle}>
            {subtitle}
          </p>
        ) : null}
      </div>

      {adding ? (
        <form className={styles.form} noValidate onSubmit={submitDraft}>
          <TextField
            ref={nameInput}
            label={t`Name`}
            autoComplete="name"
            value={draft.name}
            error={nameWrong ? t`Enter a name.` : undefined}
            onChange={(event) => setDraft({ ...draft, name: event.target.value })}
          />
          <TextField
            ref={emailInput}
            label={t`E-mail`}
            type="email"
            autoComplete="email"
            value={draft.email}
            error={emailWrong ? t`Enter a valid e-mail address.` : undefined}
            onChange={(event) => setDraft({ ...draft, email: event.target.value })}
          />
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => setAdding(false)}>
              <Trans>Back</Trans>
            </button>
            <button type="submit" className={styles.primary}>
              <Trans>Next</Trans>
            </button>
          </div>
        </form>
      ) : (
        <>
          <ul className={styles.accounts}>
            {accounts.map((account, index) => (
              <li key={account.email}>
                <button
                  type="button"
                  ref={index === 0 ? firstAccount : undefined}
                  className={styles.account}
                  onClick={() => onChoose(account, false)}
                >
                  <AccountIdentity account={account} />
                </button>
              </li>
            ))}
            <li>
              <button type="button" className={styles.account} onClick={() => setAdding(true)}>
                <AccountSymbol symbol="+" />
                <span className={styles.anotherAccount}>
                  <Trans>Use another account</Trans>
                </span>
              </button>
            </li>
          </ul>
          <div className={styles.actions}>
            <button type="button" className={styles.secondary} onClick={() => onCancelRef.current()}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </>
      )}

      <section className={styles.qa} aria-label={t`Simulate`}>
        <h3 className={styles.qaTitle}>
          <Trans>Simulate</Trans>
        </h3>
        <div className={qa.buttons}>
          {simulations.map((simulation) => (
            <button key={simulation.label} type="button" className={qa.button} onClick={simulation.run}>
              {simulation.label}
            </button>
          ))}
        </div>
      </section>
    </dialog>
  );
}
