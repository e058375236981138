/**
 * The envelope rules as a pure function: what an answer means, decided by its BODY code (docs/product.md,
 * "Envelope rules").
 * The client turns each outcome into toasts, cleanup and a resolve or reject.
 */
import * as v from 'valibot';
import type { PassThroughCode } from '../common/types';
import { EnvelopeSchema, PASS_THROUGH_CODES, SESSION_EXPIRED_CODE, SUCCESS_CODE, type Envelope } from './contract';

export type { PassThroughCode };

interface SuccessEnvelope<T> extends Envelope<T> {
  code: typeof SUCCESS_CODE;
}
/** Handed to the caller as is: nobody checked `data`, so it is unknown. */
interface PassThroughEnvelope extends Envelope<unknown> {
  code: PassThroughCode;
}
/** What a call resolves with; `code === 200` narrows to the validated data. */
export type ApiResult<T> = SuccessEnvelope<T> | PassThroughEnvelope;

export type Outcome<T> =
  | { type: 'success'; envelope: SuccessEnvelope<T> }
  | { type: 'passThrough'; envelope: PassThroughEnvelope }
  | { type: 'unauthorized'; msg: string }
  | { type: 'serverError'; code: number; msg: string }
  /** Code 200, but `data` does not match the contract. */
  | { type: 'invalidData'; summary: string }
  /** A successful HTTP answer whose body is not an envelope (bad JSON included). */
  | { type: 'notAnEnvelope' }
  /** A failed HTTP answer whose body is not an envelope. */
  | { type: 'httpError'; status: number };

const passThroughCodes: ReadonlySet<number> = new Set(PASS_THROUGH_CODES);

function isPassThroughCode(code: number): code is PassThroughCode {
  return passThroughCodes.has(code);
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isHttpSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}

export function interpretAnswer<TSchema extends v.GenericSchema>(
  status: number,
  text: string | undefined,
  schema: TSchema,
): Outcome<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(EnvelopeSchema, parseJson(text));
  if (!parsed.success) return isHttpSuccess(status) ? { type: 'notAnEnvelope' } : { type: 'httpError', status };

  const { code, msg, data } = parsed.output;
  if (code === SUCCESS_CODE) {
    const checked = v.safeParse(schema, data);
    if (!checked.success) return { type: 'invalidData', summary: v.summarize(checked.issues) };
    return { type: 'success', envelope: { code: SUCCESS_CODE, msg, data: checked.output } };
  }
  if (isPassThroughCode(code)) return { type: 'passThrough', envelope: { code, msg, data } };
  if (code === SESSION_EXPIRED_CODE) return { type: 'unauthorized', msg };
  return { type: 'serverError', code, msg };
}
