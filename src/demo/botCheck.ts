/** The demo bot check: which sign-ins must pass it, and which tokens the demo challenge hands out. */

export const DEMO_PASS_PREFIX = 'demo-pass-';
/** E-mails with this marker always get the check, so QA can reach it without touching the controls. */
const BOT_CHECK_MARKER = '+botcheck';

export function isDemoPassToken(token: string | undefined | null): boolean {
  return typeof token === 'string' && token.startsWith(DEMO_PASS_PREFIX) && token.length > DEMO_PASS_PREFIX.length;
}

/** A sign-in needs a token when its e-mail carries the marker or the controls demand it for everyone. */
export function needsBotCheck(email: string, token: string | undefined, requireForEveryone: boolean): boolean {
  const asked = requireForEveryone || email.toLowerCase().includes(BOT_CHECK_MARKER);
  return asked && !isDemoPassToken(token);
}
