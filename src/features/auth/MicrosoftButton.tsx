import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { useLocalActor } from '../../actors/useLocalActor';
import { createMicrosoftButtonLogic } from '../../actors/microsoftButton';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import { loginSelectors } from '../../actors/login';
import type { MicrosoftSignIn } from '../../services/socialSignIn';
import { Button } from '../../ui/Button';
import styles from './SocialSignIn.module.css';

function MicrosoftLogo() {
  return (
    <svg width="16" height="16" viewBox="0 0 21 21" aria-hidden="true">
      <rect x="1" y="1" width="9" height="9" fill="#f25022" />
      <rect x="11" y="1" width="9" height="9" fill="#7fba00" />
      <rect x="1" y="11" width="9" height="9" fill="#00a4ef" />
      <rect x="11" y="11" width="9" height="9" fill="#ffb900" />
    </svg>
  );
}

/** initializing (disabled) → ready → loading (disabled, spinner) → ready; initFailed offers a retry. */
export function MicrosoftButton({ microsoft }: { microsoft: MicrosoftSignIn }) {
  const login = useGlobalActor('login');
  const logic = useMemo(() => createMicrosoftButtonLogic(microsoft, login), [microsoft, login]);
  const button = useLocalActor(logic);
  const disabled = useSelector(button, (s) => s.hasTag('disabled'));
  const popupOpen = useSelector(button, (s) => s.hasTag('busy'));
  const initFailed = useSelector(button, (s) => s.matches('initFailed'));
  // After the popup, the login flow sends the token; the button stays busy until it has an answer.
  const signingIn = useGlobalSelector('login', (s) => loginSelectors.isBusy(s) && loginSelectors.requestKind(s) === 'microsoft');

  return (
    <div className={styles.provider}>
      {/* While busy the button keeps focus (aria-disabled): a natively disabled button drops it, and the
          keyboard user with it, as the popup opens. */}
      <Button
        block
        size="lg"
        icon={<MicrosoftLogo />}
        busy={popupOpen || signingIn}
        disabled={disabled && !(popupOpen || signingIn)}
        onClick={() => button.send({ type: 'CLICK' })}
      >
        <Trans>Continue with Microsoft</Trans>
      </Button>
      {initFailed ? (
        <p className={styles.note} role="alert">
          <Trans>Microsoft sign-in could not start.</Trans>{' '}
          <button type="button" className={styles.retry} onClick={() => button.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      ) : null}
    </div>
  );
}
