/**
 * Where the visitor came from, captured once on load and sent with sign-ups as referDomain / utmTerm
 * (docs/product.md, "Referral capture"). The first capture wins until a sign-up clears it.
 */
import type { ReferralFields } from '../api/contract';

export const REFERRAL_KEY = 'nanobanana.referral';
const DIRECT_REFERRAL = 'direct';

export type ReferralStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface CaptureReferralOptions {
  /** The landing URL (default: the current page). */
  url?: string;
  /** The document referrer (default: document.referrer). */
  referrer?: string;
  storage?: ReferralStorage;
}

function defaultStorage(): ReferralStorage {
  return localStorage;
}

function hostnameOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** The fixed priority: utm_source (+ '&' + utm_medium), utm_referrer, utm, the referrer's host, 'direct'. */
function referralFrom(url: string, referrer: string): ReferralFields {
  let params: URLSearchParams;
  try {
    params = new URL(url).searchParams;
  } catch {
    params = new URLSearchParams();
  }
  const source = params.get('utm_source');
  const medium = params.get('utm_medium');
  const referDomain =
    (source ? (medium ? `${source}&${medium}` : source) : '') ||
    params.get('utm_referrer') ||
    params.get('utm') ||
    hostnameOf(referrer) ||
    DIRECT_REFERRAL;
  return { referDomain, utmTerm: params.get('utm_term') ?? '' };
}

function parseStored(raw: string | null): ReferralFields | null {
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { referDomain, utmTerm } = value as Record<string, unknown>;
    if (typeof referDomain !== 'string' || referDomain === '') return null;
    return { referDomain, utmTerm: typeof utmTerm === 'string' ? utmTerm : '' };
  } catch {
    return null;
  }
}

/** Runs on app load; stores the referral only if none is stored. Storage failures are not fatal. */
export function captureReferral({ url, referrer, storage }: CaptureReferralOptions = {}): void {
  try {
    const store = storage ?? defaultStorage();
    if (parseStored(store.getItem(REFERRAL_KEY))) return;
    const fields = referralFrom(url ?? location.href, referrer ?? document.referrer);
    store.setItem(REFERRAL_KEY, JSON.stringify(fields));
  } catch (error) {
    console.error('Could not store the referral', error);
  }
}

export function readReferral(storage?: ReferralStorage): ReferralFields {
  try {
    const stored = parseStored((storage ?? defaultStorage()).getItem(REFERRAL_KEY));
    if (stored) return stored;
  } catch {
    // Blocked storage reads as "no referral".
  }
  return { referDomain: DIRECT_REFERRAL, utmTerm: '' };
}

/** After a sign-up the referral has done its job (docs/product.md, "Sign-in success"). */
export function clearReferral(storage?: ReferralStorage): void {
  try {
    (storage ?? defaultStorage()).removeItem(REFERRAL_KEY);
  } catch {
    // Nothing stored that could be read either.
  }
}
