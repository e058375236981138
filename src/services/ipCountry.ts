/**
 * The visitor's country from a third-party lookup. Not through the API client: it is
 * not our API, takes no auth headers and answers plain text, not an envelope.
 */
import { config } from '../config';
import { backendReady } from './backendReady';

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** How long the lookup may take: a third party that hangs must not keep the country (and payment order) waiting. */
export const IP_LOOKUP_TIMEOUT_MS = 8000;

/** Resolves with an upper-case ISO 3166 alpha-2 code; rejects on anything else, and after the time limit. */
export async function lookupIpCountry(signal?: AbortSignal): Promise<string> {
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
