import type { DemoIdentity } from '../socialCredential';
import styles from './AccountIdentity.module.css';

/** An account as the providers show it: an initial in a circle, the name, and the address under it. */
export function AccountIdentity({ account, emailId }: { account: DemoIdentity; emailId?: string }) {
  return (
    <>
      <span className={styles.avatar} aria-hidden="true">
        {account.name.trim().charAt(0).toUpperCase()}
      </span>
      <span className={styles.identity}>
        <span className={styles.name}>{account.name}</span>
        <span id={emailId} className={styles.email}>
          {account.email}
        </span>
      </span>
    </>
  );
}

/** The same circle, holding a symbol instead of an initial (e.g. "+" for another account). */
export function AccountSymbol({ symbol }: { symbol: string }) {
  return (
    <span className={styles.avatar} aria-hidden="true">
      {symbol}
    </span>
  );
}
