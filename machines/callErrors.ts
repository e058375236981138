import type { ApiErrorKind, ResultEnvelope } from '../src/common/types';
import { errorCode, errorKind, errorMessage } from './types';

/**
 * Why a call failed, as the machines keep it for the view to word: the message, the API's code (an envelope code or
 * an HTTP status) and the API client's kind of failure. A machine keeps the fields it shows; its one error-setting
 * action takes them as params, from `refusal` in onDone or `rejection` in onError.
 */
export interface CallFailure {
  error: string;
  errorCode: number | string | null;
  errorKind: ApiErrorKind | null;
}

/** An answer the API gave with a code other than 200: its message and code. */
export function refusal(answer: { code: number | string; msg: string }): CallFailure {
  return { error: answer.msg, errorCode: answer.code, errorKind: null };
}

/** A call the API client rejected (no answer, an HTTP error, an answer it could not read). */
export function rejection(error: unknown): CallFailure {
  return { error: errorMessage(error), errorCode: errorCode(error), errorKind: errorKind(error) ?? null };
}

/** The data of an answer with code 200: read only where a guard (isOk) let the answer through. */
export function okData<T>(answer: ResultEnvelope<T>): T {
  if (answer.code !== 200) throw new Error(`an answer with code ${answer.code} has no data to read`);
  return answer.data;
}
