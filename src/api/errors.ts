import type { ApiErrorKind } from '../common/types';
import type { EndpointName } from './contract';

/** Machines branch on `kind`; the kinds are defined with the machines' types. */
export type { ApiErrorKind };

export interface ApiErrorDetails {
  kind: ApiErrorKind;
  message: string;
  /** The envelope's body code ('server', 'sessionExpired'). */
  code?: number;
  /** The HTTP status, when an answer arrived. */
  status?: number;
  /** The caller cancelled the call (its signal); nobody was told, on purpose. */
  aborted?: boolean;
  endpoint?: EndpointName;
  cause?: unknown;
}

/** The only error the API layer rejects with. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly code?: number;
  readonly status?: number;
  readonly aborted: boolean;
  readonly endpoint?: EndpointName;

  constructor(details: ApiErrorDetails) {
    super(details.message, details.cause === undefined ? undefined : { cause: details.cause });
    this.kind = details.kind;
    this.aborted = details.aborted ?? false;
    if (details.code !== undefined) this.code = details.code;
    if (details.status !== undefined) this.status = details.status;
    if (details.endpoint !== undefined) this.endpoint = details.endpoint;
  }
}
