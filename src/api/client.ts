/**
 * The one HTTP client of the app: the browser's fetch with a deadline, the headers every call carries, and the
 * envelope rules (src/api/outcome.ts) turned into notices (the app's toasts, src/services/notifier.ts), session
 * cleanup and a resolve or reject.
 * Every failure rejects with ApiError; nothing throws synchronously.
 */
import * as v from 'valibot';
import { notify } from '../services/notifier';
import { config } from '../config';
import { clearStoredLogin, getToken } from '../services/session';
import { getDeviceId } from '../services/deviceId';
import { backendReady } from '../services/backendReady';
import { SESSION_EXPIRED_CODE, endpoints, type ApiHost, type EndpointName, type ResponseOf } from './contract';
import { encodeRequest } from './encode';
import { ApiError } from './errors';
import {
  abortedMessage,
  apiKeyRejectedMessage,
  httpStatusMessage,
  networkMessage,
  serverFallbackMessage,
  sessionExpiredMessage,
  timeoutMessage,
  unsafeUrlMessage,
} from './messages';
import { interpretAnswer, type ApiResult, type Outcome } from './outcome';
import type { RequestOf } from './requests';

export { ApiError } from './errors';
export type { ApiResult } from './outcome';

/** Every call's deadline (docs/product.md, "Fixed constants"). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Fixed toast ids, so a burst of failing calls shows one toast, not a pile. */
export const SESSION_EXPIRED_TOAST_ID = 'api:session-expired';
export const API_KEY_REJECTED_TOAST_ID = 'api:api-key-rejected';

export interface ApiClientHooks {
  /** The stored session token, sent raw as `authorization`. */
  getToken(): string | undefined;
  /** The device identifier, sent as `uniqueId` once known. */
  getDeviceId(): string | undefined;
  /** A 401 on the product API ended the session (the stored login is already cleared). */
  onSessionExpired(): void;
}

export interface ApiClientSettings {
  baseURL: string;
  generationBaseURL: string;
  timeoutMs: number;
  hooks: ApiClientHooks;
}

export interface ApiClientOptions {
  baseURL?: string;
  generationBaseURL?: string;
  /** Only tests shorten this; the product always uses REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
  hooks?: Partial<ApiClientHooks>;
}

export interface CallOptions {
  headers?: Record<string, string>;
  /** The user's API key, for calls to the generation host (sent as a Bearer token). */
  apiKey?: string;
  signal?: AbortSignal;
  /**
   * A call the user did not ask for (a background read): failures are not toasted, only rejected. A 401 of the
   * product API still ends the session, and says so.
   */
  quiet?: boolean;
}

/** Endpoints that send nothing take no payload; the others require theirs. */
export type CallArgs<N extends EndpointName> = [RequestOf<N>] extends [undefined]
  ? [payload?: undefined, options?: CallOptions]
  : [payload: RequestOf<N>, options?: CallOptions];

export interface ApiClient {
  readonly settings: Readonly<ApiClientSettings>;
  callApi<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ApiResult<ResponseOf<N>>>;
  /** GETs a URL the API handed out (the invoice link); only http(s). */
  downloadFile(url: string, options?: Pick<CallOptions, 'signal'>): Promise<Blob>;
}

const defaultHooks: ApiClientHooks = {
  getToken,
  getDeviceId,
  onSessionExpired: () => {},
};

function resolveSettings(options: ApiClientOptions): ApiClientSettings {
  return {
    baseURL: options.baseURL ?? config.apiBaseUrl,
    generationBaseURL: options.generationBaseURL ?? config.generationApiBaseUrl,
    timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    hooks: { ...defaultHooks, ...options.hooks },
  };
}

/**
 * A path on a base URL, joined rather than resolved: a base with a path of its own (`https://host/api`) keeps
 * it. An absolute URL, or no base, is used as it is.
 */
export function withBase(path: string, base: string | undefined): string {
  if (!base || base === '/' || /^[a-z][a-z\d+.-]*:/i.test(path)) return path;
  const trimmed = base.replace(/\/+$/, '');
  if (path.startsWith(trimmed)) return path;
  return `${trimmed}/${path.replace(/^\/+/, '')}`;
}

/** A hook that throws must not break the call (a blocked cookie jar, a crashed listener). */
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch (error) {
    console.error('API client hook failed', error);
    return undefined;
  }
}

function showError(message: string, id?: string): void {
  const text = message.trim() === '' ? serverFallbackMessage() : message;
  // Identical messages share one toast instead of stacking up.
  notify.error(text, { id: id ?? `api:${text}` });
}

// ---------------------------------------------------------------------------------------------------
// Transport: one request with the deadline and the caller's signal; failures become ApiError, untold.
// ---------------------------------------------------------------------------------------------------

interface Deadline {
  signal: AbortSignal;
  timedOut(): boolean;
  dispose(): void;
}

/** The deadline and the caller's signal, merged into the one signal fetch takes. */
function startDeadline(timeoutMs: number, callerSignal: AbortSignal | undefined): Deadline {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The request timed out', 'TimeoutError'));
  }, timeoutMs);
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', forwardAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    },
  };
}

function abortedError(endpoint: EndpointName | undefined, cause?: unknown): ApiError {
  return new ApiError({ kind: 'network', aborted: true, message: abortedMessage(), endpoint, cause });
}

interface RawRequest<R extends 'text' | 'blob'> {
  url: string;
  baseURL?: string;
  method: 'GET' | 'POST';
  headers: Headers;
  body?: BodyInit;
  responseType: R;
  signal?: AbortSignal;
  endpoint?: EndpointName;
}

/** An answer as transport reads it: the status and headers, and the body as the request asked for it. */
interface RawAnswer<T> {
  status: number;
  ok: boolean;
  headers: Headers;
  data: T;
}

type BodyOf<R extends 'text' | 'blob'> = R extends 'text' ? string : Blob;

/**
 * One fetch. Never retried: a POST that creates an order or a task must not be sent twice behind the user's
 * back. An HTTP error status is answered, not thrown, because it may still carry an envelope.
 */
async function transport<R extends 'text' | 'blob'>(request: RawRequest<R>, timeoutMs: number): Promise<RawAnswer<BodyOf<R>>> {
  const { endpoint, signal: callerSignal } = request;
  // Demo mode's API may still be starting: the request waits for it (the deadline starts after).
  await backendReady();
  if (callerSignal?.aborted) throw abortedError(endpoint, callerSignal.reason);
  const deadline = startDeadline(timeoutMs, callerSignal);
  try {
    const response = await fetch(withBase(request.url, request.baseURL), {
      method: request.method,
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      credentials: 'omit',
      signal: deadline.signal,
    });
    // The body is read under the same deadline: an answer that stalls halfway is a timeout too.
    const data = (request.responseType === 'blob' ? await response.blob() : await response.text()) as BodyOf<R>;
    return { status: response.status, ok: response.ok, headers: response.headers, data };
  } catch (error) {
    if (deadline.timedOut()) throw new ApiError({ kind: 'timeout', message: timeoutMessage(), endpoint, cause: error });
    if (callerSignal?.aborted) throw abortedError(endpoint, error);
    // The browser's own text ("Failed to fetch") is untranslated and says nothing about what to do.
    throw new ApiError({ kind: 'network', message: networkMessage(), endpoint, cause: error });
  } finally {
    deadline.dispose();
  }
}

// ---------------------------------------------------------------------------------------------------
// Settling an answer by the envelope rules
// ---------------------------------------------------------------------------------------------------

interface SettleContext {
  endpoint?: EndpointName;
  /** 'external': a link the API handed out that points elsewhere; its 401 says nothing about our session. */
  host: ApiHost | 'external';
  hooks: ApiClientHooks;
  quiet?: boolean;
}

function expireSession({ hooks, endpoint }: SettleContext, msg: string): ApiError {
  showError(sessionExpiredMessage(), SESSION_EXPIRED_TOAST_ID);
  clearStoredLogin();
  safely(() => hooks.onSessionExpired());
  return new ApiError({ kind: 'sessionExpired', code: SESSION_EXPIRED_CODE, message: msg || sessionExpiredMessage(), endpoint });
}

/** Every outcome that is not a resolve, told to the user and turned into the error to reject with. */
function failure<T>(outcome: Exclude<Outcome<T>, { type: 'success' | 'passThrough' }>, context: SettleContext): ApiError {
  const { endpoint } = context;
  const tell = (message: string, id?: string) => {
    if (!context.quiet) showError(message, id);
  };
  switch (outcome.type) {
    case 'unauthorized':
      if (context.host === 'generation') {
        // The task API refused the API key; the session itself is fine.
        tell(apiKeyRejectedMessage(), API_KEY_REJECTED_TOAST_ID);
        return new ApiError({ kind: 'server', code: SESSION_EXPIRED_CODE, message: outcome.msg || apiKeyRejectedMessage(), endpoint });
      }
      if (context.host === 'external') return failure({ type: 'serverError', code: SESSION_EXPIRED_CODE, msg: outcome.msg }, context);
      return expireSession(context, outcome.msg);
    case 'serverError': {
      const message = outcome.msg || serverFallbackMessage();
      tell(message);
      return new ApiError({ kind: 'server', code: outcome.code, message, endpoint });
    }
    case 'invalidData':
      console.error(`API answer of ${endpoint ?? 'a download'} does not match the contract: ${outcome.summary}`);
      tell(serverFallbackMessage());
      return new ApiError({ kind: 'invalidResponse', message: serverFallbackMessage(), endpoint });
    case 'notAnEnvelope':
      console.error(`API answer of ${endpoint ?? 'a download'} is not an envelope`);
      tell(serverFallbackMessage());
      return new ApiError({ kind: 'invalidResponse', message: serverFallbackMessage(), endpoint });
    case 'httpError': {
      const message = httpStatusMessage(outcome.status);
      tell(message);
      return new ApiError({ kind: 'network', status: outcome.status, message, endpoint });
    }
  }
}

/** Transport failures are told to the user, except a cancellation the user asked for. */
function reportTransportFailure(error: unknown, endpoint: EndpointName | undefined, quiet = false): ApiError {
  const apiError = error instanceof ApiError ? error : new ApiError({ kind: 'network', message: serverFallbackMessage(), endpoint, cause: error });
  if (!apiError.aborted && !quiet) showError(apiError.message);
  return apiError;
}

// ---------------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------------

function platformHeaders(hooks: ApiClientHooks): Headers {
  const headers = new Headers();
  const token = safely(() => hooks.getToken());
  if (token) headers.set('authorization', token);
  const deviceId = safely(() => hooks.getDeviceId());
  if (deviceId) headers.set('uniqueId', deviceId);
  return headers;
}

function callHeaders(host: ApiHost, hooks: ApiClientHooks, options: CallOptions): Headers {
  const headers = platformHeaders(hooks);
  if (host === 'generation') {
    // The public task API knows API keys, not sessions.
    headers.delete('authorization');
    if (options.apiKey) headers.set('authorization', `Bearer ${options.apiKey}`);
  }
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}

function isJson(response: Pick<Response, 'headers'>): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

function parseHttpUrl(url: string, base: string): URL | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : null;
  } catch {
    return null;
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const settings = resolveSettings(options);
  const { hooks, timeoutMs } = settings;

  async function callApi<N extends EndpointName>(name: N, ...[payload, callOptions = {}]: CallArgs<N>): Promise<ApiResult<ResponseOf<N>>> {
    const endpoint = endpoints[name];
    const host: ApiHost = endpoint.host ?? 'platform';
    let response: RawAnswer<string>;
    try {
      const { path, body } = encodeRequest(endpoint.path, endpoint.body, payload);
      const headers = callHeaders(host, hooks, callOptions);
      if (endpoint.body === 'json' && body !== undefined) headers.set('content-type', 'application/json');
      response = await transport(
        {
          url: path,
          baseURL: host === 'generation' ? settings.generationBaseURL : settings.baseURL,
          method: endpoint.method,
          headers,
          ...(body === undefined ? {} : { body }),
          responseType: 'text',
          ...(callOptions.signal ? { signal: callOptions.signal } : {}),
          endpoint: name,
        },
        timeoutMs,
      );
    } catch (error) {
      throw reportTransportFailure(error, name, callOptions.quiet);
    }
    const outcome = interpretAnswer(response.status, response.data, endpoint.response);
    if (outcome.type === 'success' || outcome.type === 'passThrough') return outcome.envelope;
    throw failure(outcome, { endpoint: name, host, hooks, ...(callOptions.quiet ? { quiet: true } : {}) });
  }

  async function downloadFile(url: string, downloadOptions: Pick<CallOptions, 'signal'> = {}): Promise<Blob> {
    const target = parseHttpUrl(url, settings.baseURL);
    if (!target) {
      showError(unsafeUrlMessage());
      throw new ApiError({ kind: 'invalidResponse', message: unsafeUrlMessage() });
    }
    // The session token goes to the API's own host only, never to wherever a link points.
    const ownHost = target.origin === parseHttpUrl(settings.baseURL, target.href)?.origin;
    let response: RawAnswer<Blob>;
    try {
      response = await transport(
        {
          url: target.href,
          method: 'GET',
          headers: ownHost ? platformHeaders(hooks) : new Headers(),
          responseType: 'blob',
          ...(downloadOptions.signal ? { signal: downloadOptions.signal } : {}),
        },
        timeoutMs,
      );
    } catch (error) {
      throw reportTransportFailure(error, undefined);
    }
    const blob = response.data;
    if (response.ok && !isJson(response)) return blob;
    // An envelope instead of a file: the API refused (or the link expired); same rules as any call.
    const outcome = interpretAnswer(response.status, await blob.text(), v.unknown());
    if (outcome.type === 'success') return blob;
    if (outcome.type === 'passThrough') {
      // The caller wanted a file; an envelope it cannot act on is a failure worth telling.
      const message = outcome.envelope.msg || serverFallbackMessage();
      showError(message);
      throw new ApiError({ kind: 'server', code: outcome.envelope.code, message });
    }
    throw failure(outcome, { host: ownHost ? 'platform' : 'external', hooks });
  }

  return { settings, callApi, downloadFile };
}

// ---------------------------------------------------------------------------------------------------
// The app's client, configured once at boot
// ---------------------------------------------------------------------------------------------------

let client: ApiClient = createApiClient();

/** Boot calls this once; each call starts again from the defaults (config, session, device id). */
export function configureApiClient(options: ApiClientOptions = {}): void {
  client = createApiClient(options);
}

export function apiClientSettings(): Readonly<ApiClientSettings> {
  return client.settings;
}

export function callApi<N extends EndpointName>(name: N, ...args: CallArgs<N>): Promise<ApiResult<ResponseOf<N>>> {
  return client.callApi(name, ...args);
}

/** A named call of the contract, for the per-area modules: `export const userInfo = bindCall('userInfo')`. */
export function bindCall<N extends EndpointName>(name: N): (...args: CallArgs<N>) => Promise<ApiResult<ResponseOf<N>>> {
  return (...args) => callApi(name, ...args);
}

export function downloadFile(url: string, options?: Pick<CallOptions, 'signal'>): Promise<Blob> {
  return client.downloadFile(url, options);
}
