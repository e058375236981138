/**
 * The visitor's country from a third-party lookup. Not through the API client: it is
 * not our API, takes no auth headers and answers plain text, not an envelope.
 */
import { config } from '../config';
import { backendReady } from './backendReady';
import { afterFirstAction } from './firstAction';
import { hasStoredSession } from './session';

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** How long the lookup may take: a third party that hangs must not keep the country (and payment order) waiting. */
export const IP_LOOKUP_TIMEOUT_MS = 8000;

/** The answer, kept for the tab's session: a third party is asked at most once per session. */
export const IP_COUNTRY_SESSION_KEY = 'nanobanana.ipCountry';

function rememberedCountry(): string | null {
  try {
    const stored = sessionStorage.getItem(IP_COUNTRY_SESSION_KEY);
    return stored !== null && COUNTRY_CODE.test(stored) ? stored : null;
  } catch {
    return null;
  }
}

function rememberCountry(country: string): void {
  try {
    sessionStorage.setItem(IP_COUNTRY_SESSION_KEY, country);
  } catch {
    // Storage blocked: the next page load asks again.
  }
}

/** Forgets the session's answer, so the next lookup asks again (the demo controls' country switch). */
export function forgetIpCountry(): void {
  try {
    sessionStorage.removeItem(IP_COUNTRY_SESSION_KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * Resolves with an upper-case ISO 3166 alpha-2 code; rejects on anything else, and after the time limit. Asks
 * at most once per session: the answer is kept in sessionStorage (a failed lookup is not, so a later page
 * load may try again).
 */
export async function lookupIpCountry(signal?: AbortSignal): Promise<string> {
  const remembered = rememberedCountry();
  if (remembered !== null) return remembered;
  const country = await askIpCountry(signal);
  rememberCountry(country);
  return country;
}

async function askIpCountry(signal?: AbortSignal): Promise<string> {
  // A third party is not asked about a visitor who only reads: an anonymous one is asked once they act.
  if (!hasStoredSession()) await afterFirstAction();
  // Demo mode answers the lookup in the browser, once its API runs.
  await backendReady();
  const giveUp = new AbortController();
  const timer = setTimeout(() => giveUp.abort(new Error(`IP country lookup took longer than ${IP_LOOKUP_TIMEOUT_MS} ms`)), IP_LOOKUP_TIMEOUT_MS);
  const stop = () => giveUp.abort(signal?.reason);
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted) stop();
  try {
    const response = await fetch(config.ipCountryUrl, {
      method: 'GET',
      credentials: 'omit',
      headers: { accept: 'text/plain' },
      signal: giveUp.signal,
    });
    if (!response.ok) throw new Error(`IP country lookup failed with HTTP ${response.status}`);
    const answer = (await response.text()).trim();
    if (!COUNTRY_CODE.test(answer)) throw new Error(`IP country lookup answered something other than a country code: ${answer.slice(0, 40)}`);
    return answer.toUpperCase();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  }
}
