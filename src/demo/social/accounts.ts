/** The demo accounts each provider's picker remembers, like the accounts a browser is signed in with. */
import * as v from 'valibot';
import type { DemoIdentity, SocialProvider } from '../socialCredential';
import { writeSafely, type KeyValueStorage } from '../storage';

const ACCOUNTS_KEYS: Record<SocialProvider, string> = {
  google: 'nanobanana.demo.googleAccounts',
  microsoft: 'nanobanana.demo.microsoftAccounts',
};

const DEFAULT_ACCOUNTS: Record<SocialProvider, DemoIdentity> = {
  google: { name: 'Demo User', email: 'demo.user@gmail.com' },
  microsoft: { name: 'Demo User', email: 'demo.user@outlook.com' },
};

const NameSchema = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(80));
const EmailSchema = v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254));
const AccountSchema = v.object({ name: NameSchema, email: EmailSchema });
const AccountListSchema = v.pipe(v.array(AccountSchema), v.minLength(1));

/** The remembered accounts; anything unreadable (first visit, hand-edited storage) falls back to the default one. */
export function loadAccounts(provider: SocialProvider, storage: KeyValueStorage): DemoIdentity[] {
  try {
    const raw = storage.getItem(ACCOUNTS_KEYS[provider]);
    if (raw !== null) {
      const result = v.safeParse(AccountListSchema, JSON.parse(raw));
      if (result.success) return result.output;
    }
  } catch {
    // Unparsable JSON or blocked storage: start over from the default account.
  }
  return [DEFAULT_ACCOUNTS[provider]];
}

const sameAddress = (a: DemoIdentity, b: DemoIdentity) => a.email.toLowerCase() === b.email.toLowerCase();

/** Adds (or renames) an account, most recent first, as the real pickers list them. */
export function rememberAccount(provider: SocialProvider, account: DemoIdentity, storage: KeyValueStorage): DemoIdentity[] {
  const accounts = [account, ...loadAccounts(provider, storage).filter((known) => !sameAddress(known, account))];
  writeSafely(storage, ACCOUNTS_KEYS[provider], JSON.stringify(accounts));
  return accounts;
}

export type AccountDraftProblem = 'name' | 'email';

/** Checks the "Use another account" form: the account, or which fields are wrong. */
export function parseAccountDraft(draft: DemoIdentity): { account: DemoIdentity } | { problems: AccountDraftProblem[] } {
  const name = v.safeParse(NameSchema, draft.name);
  const email = v.safeParse(EmailSchema, draft.email);
  if (name.success && email.success) return { account: { name: name.output, email: email.output } };
  const problems: AccountDraftProblem[] = [];
  if (!name.success) problems.push('name');
  if (!email.success) problems.push('email');
  return { problems };
}
