/** Structural types the machines need. Machines never import src/, so the API client's shapes are mirrored here. */

/** Codes the API client hands back as they are, without checking `data` (docs/product.md, "Envelope rules"). */
export type PassThroughCode = 100001 | 100002 | 400001 | 500001 | 500002;

/**
 * What an invoked API call resolves with: code 200 carries validated data; a pass-through code carries
 * whatever the server sent, so its data is unknown. Checking `code === 200` narrows to the data.
 */
export type ResultEnvelope<T = unknown> = { code: 200; msg: string; data: T } | { code: PassThroughCode; msg: string; data: unknown };

export interface SessionUser {
  id: string;
  email: string;
  apiKey: string;
  /** Null while the balance is not known (a server may not send it; it is then read from the task API). */
  credits: number | null;
  nickname?: string;
  [k: string]: unknown;
}

/** Errors thrown by the API client carry a `kind`; machines branch on it structurally. */
export type ApiErrorKind = 'sessionExpired' | 'network' | 'server' | 'invalidResponse' | 'timeout';

const API_ERROR_KINDS: ReadonlySet<string> = new Set<ApiErrorKind>(['sessionExpired', 'network', 'server', 'invalidResponse', 'timeout']);

function isApiErrorKind(value: unknown): value is ApiErrorKind {
  return typeof value === 'string' && API_ERROR_KINDS.has(value);
}

/** The `kind` of an API client error, or undefined for anything else. */
export function errorKind(error: unknown): ApiErrorKind | undefined {
  if (typeof error !== 'object' || error === null || !('kind' in error)) return undefined;
  const { kind } = error;
  return isApiErrorKind(kind) ? kind : undefined;
}

/** The code a rejected call carries (the API's envelope code or an HTTP status), or null. */
export function errorCode(error: unknown): number | string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  return typeof code === 'number' || typeof code === 'string' ? code : null;
}

/** HTTP 429 or the envelope code 429: the API asks to slow down. */
export function isRateLimitedError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  return code === 429 || status === 429;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  try {
    return String(error);
  } catch {
    // An object without a prototype (or with a throwing toString) has no text; this must not crash the flow.
    return Object.prototype.toString.call(error);
  }
}

export type ThemeChoice = 'light' | 'dark' | 'system';

export const LOCALES = ['en', 'es', 'fr', 'de', 'ru', 'zh-CN'] as const;
export type Locale = (typeof LOCALES)[number];

export type LoginRequest =
  | { kind: 'email'; email: string; password: string }
  | { kind: 'register'; email: string; password: string; code: string }
  | { kind: 'resetPassword'; email: string; password: string; code: string }
  | { kind: 'google'; credential: string }
  | { kind: 'microsoft'; idToken: string };

export interface LoginSuccess {
  token: string;
  userInfo: SessionUser;
  isNewUser: boolean;
}
