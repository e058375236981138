import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import type { CaptchaPurpose } from '../../api/contract';
import type { EmailCodeActor } from '../../actors/emailCode';
import { Button } from '../../ui/Button';
import styles from './AuthForm.module.css';

interface Props {
  actor: EmailCodeActor;
  purpose: CaptchaPurpose;
  /** Validates the e-mail first; returns it when it is fine to send. */
  getEmail(): string | null;
}

/** "Send code" with the 60-second cooldown the e-mail code machine keeps. */
export function EmailCodeButton({ actor, purpose, getEmail }: Props) {
  const sending = useSelector(actor, (s) => s.hasTag('busy'));
  const coolingDown = useSelector(actor, (s) => s.hasTag('coolingDown'));
  const secondsLeft = useSelector(actor, (s) => s.context.secondsLeft);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  return (
    <Button
      className={styles.codeButton}
      busy={sending}
      disabled={coolingDown}
      onClick={() => {
        const email = getEmail();
        if (email) actor.send({ type: 'SEND', email, purpose });
      }}
    >
      {coolingDown ? <Trans>Resend in {secondsLeft} s</Trans> : failed ? <Trans>Send again</Trans> : <Trans>Send code</Trans>}
    </Button>
  );
}
