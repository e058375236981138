import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocalActor } from '../../actors/useLocalActor';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { loginSelectors } from '../../actors/login';
import { emailCodeLogic } from '../../actors/emailCode';
import { Button } from '../../ui/Button';
import { LegalLink } from '../../ui/LegalLink';
import { TextField } from '../../ui/TextField';
import { EmailField } from './EmailField';
import { EmailCodeButton } from './EmailCodeButton';
import { codeError, emailError, hasErrors, passwordError, type FieldErrors } from './validation';
import styles from './AuthForm.module.css';

type Purpose = 'register' | 'resetPassword';

/**
 * Registration and password reset share one shape: e-mail, a code sent to it, and a (new) password.
 * The e-mail code machine owns the "Send code" cooldown; the login machine owns the submission.
 */
export function CodeProtectedForm({ purpose, initialEmail }: { purpose: Purpose; initialEmail: string }) {
  const { t } = useLingui();
  const login = useGlobalActor('login');
  const modal = useGlobalActor('loginModal');
  const codeActor = useLocalActor(emailCodeLogic);
  const busy = useGlobalSelector('login', (s) => loginSelectors.isBusy(s) && loginSelectors.requestKind(s) === purpose);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'code' | 'password'>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const codeField = useRef<HTMLInputElement>(null);
  const codeSent = useSelector(codeActor, (s) => s.hasTag('coolingDown'));
  // Why the last "Send code" failed, in the API's words (a code asked for again too soon), until the next try.
  const sendFailed = useSelector(codeActor, (s) => s.matches('failed'));
  const sendError = useSelector(codeActor, (s) => s.context.error);

  useEffect(() => {
    // "Send code" is disabled while it cools down, which drops focus; the code field is where the user goes next.
    // Only when focus was on that button (or already lost): someone typing in another field keeps their place.
    const focused = document.activeElement;
    const onButtonOrLost =
      focused === null || focused === document.body || (focused instanceof HTMLButtonElement && formRef.current?.contains(focused));
    if (codeSent && onButtonOrLost) codeField.current?.focus();
  }, [codeSent]);

  function emailForCode(): string | null {
    const error = emailError(email);
    setErrors((prev) => ({ ...prev, email: error }));
    return error ? null : email.trim();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = { email: emailError(email), code: codeError(code), password: passwordError(password, { isNew: true }) };
    setErrors(found);
    if (hasErrors(found)) return;
    login.send({ type: 'SUBMIT', request: { kind: purpose, email: email.trim(), password, code: code.trim() } });
  }

  const clear = (field: 'email' | 'code' | 'password') => setErrors((prev) => ({ ...prev, [field]: undefined }));

  return (
    <form
      ref={formRef}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={purpose === 'register' ? t`Create an account` : t`Reset your password`}
    >
      <EmailField
        value={email}
        error={errors.email}
        onChange={(value) => {
          setEmail(value);
          clear('email');
        }}
      />
      <TextField
        ref={codeField}
        label={t`Verification code`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={errors.code ?? (sendFailed ? sendError || t`Something went wrong. Try again.` : undefined)}
        hint={t`We e-mail you a 6-digit code. It is valid for 10 minutes.`}
        onChange={(e) => {
          setCode(e.target.value.replace(/\D/g, ''));
          clear('code');
        }}
        trailing={<EmailCodeButton actor={codeActor} purpose={purpose} getEmail={emailForCode} />}
      />
      <TextField
        label={purpose === 'register' ? t`Password` : t`New password`}
        type="password"
        autoComplete="new-password"
        value={password}
        error={errors.password}
        hint={t`At least 8 characters.`}
        onChange={(e) => {
          setPassword(e.target.value);
          clear('password');
        }}
      />
      <Button type="submit" variant="primary" size="lg" block busy={busy}>
        {purpose === 'register' ? <Trans>Create account</Trans> : <Trans>Change password</Trans>}
      </Button>
      {purpose === 'register' ? (
        <p className={styles.agreement}>
          <Trans>
            By creating an account you agree to the <LegalLink page="terms">Terms of service</LegalLink> and the{' '}
            <LegalLink page="privacy">Privacy policy</LegalLink>.
          </Trans>
        </p>
      ) : null}
      <p className={styles.switch}>
        {purpose === 'register' ? <Trans>Already have an account?</Trans> : <Trans>Remembered it?</Trans>}{' '}
        <button type="button" className={styles.linkButton} onClick={() => modal.send({ type: 'SWITCH_VIEW', view: 'signIn', email })}>
          <Trans>Sign in</Trans>
        </button>
      </p>
    </form>
  );
}
