/**
 * The pages that show an account's own data (the dashboard and everything under it, the history): an anonymous
 * visitor there sees only a sign-in. Signing out on one of them goes home instead.
 */
const ACCOUNT_PAGE_PREFIXES = ['/dashboard', '/recent-history'] as const;

export function needsAccount(path: string): boolean {
  return ACCOUNT_PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Where a new account lands: the dashboard's overview, opened with its welcome. */
export const WELCOME_PATH = '/dashboard?welcome';
