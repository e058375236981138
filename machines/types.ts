/**
 * Helpers the machines share for reading what an invoked call rejected with. The types they share with the API
 * client and the i18n code are in src/common/types.ts.
 */
import { API_ERROR_KINDS, type ApiErrorKind } from '../src/common/types';

/** Errors thrown by the API client carry a `kind`; machines branch on it structurally. */
const API_ERROR_KIND_SET: ReadonlySet<string> = new Set(API_ERROR_KINDS);

function isApiErrorKind(value: unknown): value is ApiErrorKind {
  return typeof value === 'string' && API_ERROR_KIND_SET.has(value);
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
