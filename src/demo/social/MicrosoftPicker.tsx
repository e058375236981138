import { Trans, useLingui } from '@lingui/react/macro';
import type { DemoIdentity } from '../socialCredential';
import { AccountPicker } from './AccountPicker';
import { MicrosoftLogo } from './logos';
import { demoMsalError, type DemoMsalErrorCode } from './msalError';

export type MicrosoftOutcome = { kind: 'account'; account: DemoIdentity; isNew: boolean } | { kind: 'noIdToken' } | { kind: 'error'; error: Error };

interface MicrosoftPickerProps {
  accounts: DemoIdentity[];
  onFinish(outcome: MicrosoftOutcome): void;
}

/** Demo mode's Microsoft popup: pick an account, cancel, or (QA) end the way each MSAL failure does. */
export function MicrosoftPicker({ accounts, onFinish }: MicrosoftPickerProps) {
  const { t } = useLingui();
  const fail = (code: DemoMsalErrorCode) => () => onFinish({ kind: 'error', error: demoMsalError(code) });
  return (
    <AccountPicker
      logo={<MicrosoftLogo />}
      title={<Trans>Pick an account</Trans>}
      accounts={accounts}
      onChoose={(account, isNew) => onFinish({ kind: 'account', account, isNew })}
      onCancel={fail('user_cancelled')}
      simulations={[
        { label: t`Popup blocked`, run: fail('popup_window_error') },
        { label: t`Interaction in progress`, run: fail('interaction_in_progress') },
        { label: t`Service not ready`, run: fail('uninitialized_public_client_application') },
        { label: t`No ID token`, run: () => onFinish({ kind: 'noIdToken' }) },
        { label: t`Other error`, run: fail('server_error') },
      ]}
    />
  );
}
