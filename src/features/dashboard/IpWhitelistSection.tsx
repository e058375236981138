import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { t as translate } from '@lingui/core/macro';
import type { AppUser } from '../../actors/user';
import { saveIpWhitelist } from '../../api/user';
import { MAX_WHITELIST_ENTRIES } from '../../services/ipAddress';
import { FormFooter } from '../../ui/saveForm/SaveStatus';
import { useSaveForm } from '../../ui/saveForm/useSaveForm';
import styles from '../../ui/SettingsForm.module.css';
import { validateWhitelist, whitelistEntries, type WhitelistValues } from './settingsValidation';

/** Which addresses may call the API with this account's keys; none listed means any address. */
export function IpWhitelistSection({ user }: { user: AppUser }) {
  const { t } = useLingui();
  const form = useSaveForm<WhitelistValues>({
    initial: { text: user.ipWhitelist.join('\n') },
    validate: validateWhitelist,
    save: (values) => saveIpWhitelist({ ips: whitelistEntries(values.text) }),
    savedMessage: () => translate`IP whitelist saved.`,
  });
  const saved = whitelistEntries(form.savedValues.text);
  const lineErrors = Object.entries(form.errors);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <section className={`${styles.panel} ${styles.separate}`} aria-labelledby="whitelist-title">
      <h2 id="whitelist-title" className={styles.panelTitle}>
        <Trans>IP whitelist</Trans>
      </h2>
      <p className={styles.lead}>
        <Trans>Only calls from these addresses are accepted with your keys. Use it when your keys run on servers with fixed addresses.</Trans>
      </p>
      <div className={styles.current} data-testid="whitelist-current">
        {saved.length === 0 ? (
          <Trans>No whitelist: calls from any IP address are accepted.</Trans>
        ) : (
          <>
            <p>
              <Trans>Calls are accepted only from:</Trans>
            </p>
            <ul className={styles.chips} aria-label={t`Allowed addresses`}>
              {saved.map((entry) => (
                <li key={entry} className={styles.chip}>
                  {entry}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div>
          <label htmlFor="whitelist-text" className={styles.fieldLabel}>
            <Trans>Addresses and ranges, one a line</Trans>
          </label>
          <textarea
            id="whitelist-text"
            ref={form.fieldRef('whitelist')}
            className={styles.textarea}
            value={form.draft.text}
            spellCheck={false}
            autoCapitalize="off"
            placeholder={'203.0.113.7\n198.51.100.0/24\n2001:db8::/32'}
            aria-invalid={lineErrors.length > 0 || undefined}
            aria-describedby="whitelist-hint whitelist-errors"
            onChange={(event) => form.change({ text: event.target.value })}
          />
          <p id="whitelist-hint" className={styles.hint}>
            <Trans>
              IPv4 or IPv6 addresses, or CIDR ranges such as 198.51.100.0/24; up to {MAX_WHITELIST_ENTRIES}. Leave it empty to accept any address.
            </Trans>
          </p>
          <ul id="whitelist-errors" className={styles.lineErrors} role={lineErrors.length ? 'alert' : undefined}>
            {lineErrors.map(([key, message]) => (
              <li key={key}>{message}</li>
            ))}
          </ul>
        </div>
        <FormFooter form={form} submitLabel={<Trans>Save whitelist</Trans>} />
      </form>
    </section>
  );
}
