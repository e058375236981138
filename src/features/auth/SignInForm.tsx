import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { loginSelectors } from '../../actors/login';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { EmailField } from './EmailField';
import { emailError, hasErrors, passwordError, type FieldErrors } from './validation';
import styles from './AuthForm.module.css';

export function SignInForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useLingui();
  const login = useGlobalActor('login');
  const modal = useGlobalActor('loginModal');
  const busy = useGlobalSelector('login', (s) => loginSelectors.isBusy(s) && loginSelectors.requestKind(s) === 'email');
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: emailError(email), password: passwordError(password, { isNew: false }) };
    setErrors(found);
    if (hasErrors(found)) return;
    login.send({ type: 'SUBMIT', request: { kind: 'email', email: email.trim(), password } });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t`Sign in with e-mail`}>
      <EmailField
        value={email}
        error={errors.email}
        onChange={(value) => {
          setEmail(value);
          setErrors((prev) => ({ ...prev, email: undefined }));
        }}
      />
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="current-password"
        value={password}
        error={errors.password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors((prev) => ({ ...prev, password: undefined }));
        }}
      />
      <div className={styles.row}>
        <span />
        <button type="button" className={styles.linkButton} onClick={() => modal.send({ type: 'SWITCH_VIEW', view: 'resetPassword', email })}>
          <Trans>Forgot password?</Trans>
        </button>
      </div>
      <Button type="submit" variant="primary" size="lg" block busy={busy}>
        <Trans>Sign in</Trans>
      </Button>
      <p className={styles.switch}>
        <Trans>New here?</Trans>{' '}
        <button type="button" className={styles.linkButton} onClick={() => modal.send({ type: 'SWITCH_VIEW', view: 'signUp', email })}>
          <Trans>Create an account</Trans>
        </button>
      </p>
    </form>
  );
}
