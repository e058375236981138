import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type Mock, type MockInstance } from 'vitest';
import { setupServer } from 'msw/node';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import toast from 'react-hot-toast';
import * as fc from 'fast-check';
import { i18n } from '@lingui/core';
import {
  API_KEY_REJECTED_TOAST_ID,
  ApiError,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_TOAST_ID,
  apiClientSettings,
  callApi,
  configureApiClient,
  withBase,
  type ApiClientHooks,
} from '../../../src/api/client';
import { PASS_THROUGH_CODES, endpoints, type EndpointName, type SocialLoginRequest } from '../../../src/api/contract';
import { googleLogin, outlookLogin } from '../../../src/api/auth';
import { creditBalance, generate, taskRecord } from '../../../src/api/generation';
import { fetchInvoiceDownload } from '../../../src/api/orders';
import { CACHED_USER_KEY, getToken, persistLogin, readCachedUser } from '../../../src/services/session';
import { testUser } from '../fixtures/user';
import { untilOutcome } from '../waits';

const ORIGIN = 'http://localhost:5173';
const GENERATION_ORIGIN = 'https://tasks.example.test';
const FALLBACK = 'Server exception, please contact customer service or try again later!';
const SESSION_EXPIRED = 'Login has expired. Please login again';
const KEY_REJECTED = 'Your API key was rejected. Check it on the API keys page.';

const server = setupServer();

const user = testUser({ apiKey: 'sk-primary', credits: 25 });

function urlOf(name: EndpointName): string {
  const { path, host } = endpoints[name] as { path: string; host?: string };
  return `${host === 'generation' ? GENERATION_ORIGIN : ORIGIN}${path}`;
}

/** Answers one endpoint and records the requests it saw. */
function answer(name: EndpointName, reply: () => Response | Promise<Response>): Request[] {
  const seen: Request[] = [];
  const on = endpoints[name].method === 'GET' ? http.get : http.post;
  server.use(
    on(urlOf(name), ({ request }) => {
      seen.push(request.clone());
      return reply();
    }),
  );
  return seen;
}

function envelope(code: number, data: JsonBodyType = null, msg: string | null = 'msg', status = 200): () => Response {
  return () => HttpResponse.json({ code, msg, data }, { status });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to reject');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

let toastError: MockInstance<typeof toast.error>;
let consoleError: MockInstance<typeof console.error>;
let onSessionExpired: Mock<ApiClientHooks['onSessionExpired']>;

function configure(hooks: Partial<ApiClientHooks> = {}, timeoutMs?: number) {
  configureApiClient({ generationBaseURL: GENERATION_ORIGIN, hooks: { onSessionExpired, ...hooks }, ...(timeoutMs ? { timeoutMs } : {}) });
}

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());
beforeEach(() => {
  document.cookie = 'authorization=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  localStorage.clear();
  toastError = vi.spyOn(toast, 'error').mockReturnValue('toast');
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
  onSessionExpired = vi.fn<ApiClientHooks['onSessionExpired']>();
  configure();
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});

describe('code 200', () => {
  it('resolves the envelope with the parsed data, extra fields stripped', async () => {
    answer('userInfo', envelope(200, { ...user, id: 42, secretField: 'x', nickname: 'Ada' }, 'success'));
    const result = await callApi('userInfo');
    expect(result).toEqual({ code: 200, msg: 'success', data: { ...user, id: '42', nickname: 'Ada' } });
    expect(result.data).not.toHaveProperty('secretField');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('rejects a wrongly typed answer as invalidResponse, with the fallback toast and a logged summary', async () => {
    answer('userInfo', envelope(200, { ...user, email: 42 }));
    const error = await rejection(callApi('userInfo'));
    expect(error.kind).toBe('invalidResponse');
    expect(error.endpoint).toBe('userInfo');
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError.mock.calls[0]?.[0]).toBe(FALLBACK);
    expect(String(consoleError.mock.calls[0]?.[0])).toMatch(/userInfo.*email/s);
  });

  it('treats an empty msg as an empty string', async () => {
    answer('logout', envelope(200, null, null));
    await expect(callApi('logout')).resolves.toEqual({ code: 200, msg: '', data: null });
  });
});

describe('pass-through codes', () => {
  it.each(PASS_THROUGH_CODES)('hands code %i to the caller as is, without a popup', async (code) => {
    const data = { anything: ['goes', 1] };
    answer('login', envelope(code, data, 'special'));
    const result = await callApi('login', { email: 'a@b.c', password: 'pw' });
    expect(result).toEqual({ code, msg: 'special', data });
    expect(toastError).not.toHaveBeenCalled();
  });
});

describe('code 401 on the product API', () => {
  it('toasts the fixed text, clears the stored login, tells the session once and rejects sessionExpired', async () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    expect(getToken()).toBe('tok-1');
    answer('userInfo', envelope(401, null, 'expired'));

    const error = await rejection(callApi('userInfo'));

    expect(error.kind).toBe('sessionExpired');
    expect(error.code).toBe(401);
    expect(toastError).toHaveBeenCalledWith(SESSION_EXPIRED, { id: SESSION_EXPIRED_TOAST_ID });
    expect(getToken()).toBeUndefined();
    expect(localStorage.getItem(CACHED_USER_KEY)).toBeNull();
    expect(readCachedUser()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('shows one toast, by its fixed id, for a burst of expired calls', async () => {
    answer('userInfo', envelope(401));
    await Promise.allSettled([callApi('userInfo'), callApi('userInfo')]);
    const ids = toastError.mock.calls.map((call) => call[1]?.id);
    expect(ids).toEqual([SESSION_EXPIRED_TOAST_ID, SESSION_EXPIRED_TOAST_ID]);
  });

  it('still rejects when the session listener throws', async () => {
    configure({
      onSessionExpired: () => {
        throw new Error('listener crashed');
      },
    });
    answer('userInfo', envelope(401));
    expect((await rejection(callApi('userInfo'))).kind).toBe('sessionExpired');
  });
});

describe('any other code', () => {
  it('toasts the server msg and rejects server with the code', async () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    answer('addApiKey', envelope(10086, null, 'Too many keys'));
    const error = await rejection(callApi('addApiKey', { name: 'ci' }));
    expect(error).toMatchObject({ kind: 'server', code: 10086, message: 'Too many keys' });
    expect(toastError).toHaveBeenCalledTimes(1);
    expect(toastError.mock.calls[0]?.[0]).toBe('Too many keys');
    expect(getToken()).toBe('tok-1');
  });

  it.each([[''], [null]])('toasts the exact fallback when msg is %j', async (msg) => {
    answer('addApiKey', envelope(500, null, msg));
    const error = await rejection(callApi('addApiKey', { name: 'ci' }));
    expect(error).toMatchObject({ kind: 'server', code: 500, message: FALLBACK });
    expect(toastError.mock.calls[0]?.[0]).toBe(FALLBACK);
  });
});

describe('HTTP errors', () => {
  it('follows the body code when an HTTP 500 carries an envelope', async () => {
    answer('userInfo', envelope(777, null, 'Maintenance', 500));
    const error = await rejection(callApi('userInfo'));
    expect(error).toMatchObject({ kind: 'server', code: 777 });
    expect(toastError.mock.calls[0]?.[0]).toBe('Maintenance');
  });

  it('passes a pass-through envelope of an HTTP 500 to the caller', async () => {
    answer('userInfo', envelope(500001, null, 'later', 500));
    await expect(callApi('userInfo')).resolves.toEqual({ code: 500001, msg: 'later', data: null });
  });

  it('rejects an HTTP 500 without an envelope as network, once (no retry)', async () => {
    const seen = answer('userInfo', () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    const error = await rejection(callApi('userInfo'));
    expect(error).toMatchObject({ kind: 'network', status: 502 });
    expect(toastError.mock.calls[0]?.[0]).toBe('Request failed with status code 502');
    expect(seen).toHaveLength(1);
  });
});

describe('transport failures', () => {
  it('rejects a network error as network, toasts a message that says what to do, and does not retry', async () => {
    const seen = answer('userInfo', () => HttpResponse.error());
    const error = await rejection(callApi('userInfo'));
    expect(error.kind).toBe('network');
    expect(error.aborted).toBe(false);
    expect(toastError.mock.calls[0]?.[0]).toBe('Could not reach the server. Check your connection and try again.');
    expect(seen).toHaveLength(1);
  });

  it('rejects bad JSON as invalidResponse with the fallback toast', async () => {
    answer('userInfo', () => new HttpResponse('{"code": 200, "data": ', { headers: { 'content-type': 'application/json' } }));
    expect((await rejection(callApi('userInfo'))).kind).toBe('invalidResponse');
    expect(toastError.mock.calls[0]?.[0]).toBe(FALLBACK);
  });

  it.each([
    ['an object without a code', () => HttpResponse.json({ hello: 'world' })],
    ['an array', () => HttpResponse.json([1, 2])],
    ['a string code', () => HttpResponse.json({ code: '200', msg: '', data: null })],
    ['an empty body', () => new HttpResponse(null, { status: 200 })],
    ['plain text', () => HttpResponse.text('ok')],
  ])('rejects %s as invalidResponse with the fallback toast', async (_label, reply) => {
    answer('userInfo', reply);
    expect((await rejection(callApi('userInfo'))).kind).toBe('invalidResponse');
    expect(toastError.mock.calls[0]?.[0]).toBe(FALLBACK);
  });

  it('rejects a call that outlives the timeout as timeout', async () => {
    configure({}, 30);
    answer('userInfo', () => new Promise<Response>(() => {}));
    const error = await rejection(callApi('userInfo'));
    expect(error.kind).toBe('timeout');
    expect(toastError.mock.calls[0]?.[0]).toBe('The request timed out. Please try again.');
  });

  it('waits 60000 ms before timing out in production', async () => {
    expect(REQUEST_TIMEOUT_MS).toBe(60_000);
    expect(apiClientSettings().timeoutMs).toBe(60_000);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const seen = answer('userInfo', () => new Promise<Response>(() => {}));
    let settled: unknown = null;
    const call = callApi('userInfo').catch((error: unknown) => (settled = error));
    // Polled with setImmediate, which is not faked, so waiting for the request moves no clock.
    while (seen.length === 0) await new Promise((resolve) => setImmediate(resolve));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(settled).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toMatchObject({ kind: 'timeout' });
  });

  it('rejects an aborted call as network with aborted set, and no toast', async () => {
    const seen = answer('userInfo', () => new Promise<Response>(() => {}));
    const controller = new AbortController();
    const call = callApi('userInfo', undefined, { signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1), { ...untilOutcome, interval: 1 });
    controller.abort();
    const error = await rejection(call);
    expect(error).toMatchObject({ kind: 'network', aborted: true });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('does not even send a call whose signal is already aborted', async () => {
    const seen = answer('userInfo', envelope(200, user));
    const error = await rejection(callApi('userInfo', undefined, { signal: AbortSignal.abort() }));
    expect(error.aborted).toBe(true);
    expect(seen).toHaveLength(0);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('never throws synchronously, even with a broken base URL', async () => {
    configureApiClient({ baseURL: 'http://[not a host' });
    let call: Promise<unknown> | undefined;
    expect(() => {
      call = callApi('userInfo');
    }).not.toThrow();
    expect((await rejection(call ?? Promise.resolve())).kind).toBe('network');
  });

  it('lets nothing but an envelope or an ApiError out, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.jsonValue(), fc.string()), fc.constantFrom(200, 400, 500), async (body, status) => {
        server.use(http.get(urlOf('userInfo'), () => new HttpResponse(typeof body === 'string' ? body : JSON.stringify(body), { status })));
        const outcome = await callApi('userInfo').then(
          (result) => ({ ok: true as const, result }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        if (outcome.ok) expect([200, ...PASS_THROUGH_CODES]).toContain(outcome.result.code);
        else expect(outcome.error).toBeInstanceOf(ApiError);
      }),
      { numRuns: 60 },
    );
  });
});

describe('headers', () => {
  it('sends the raw stored token and the device id, with no credentials', async () => {
    persistLogin({ token: 'tok-raw', userInfo: user });
    configure({ getDeviceId: () => 'device-9' });
    const seen = answer('userInfo', envelope(200, user));
    await callApi('userInfo');
    const sent = seen[0];
    expect(sent?.headers.get('authorization')).toBe('tok-raw');
    expect(sent?.headers.get('uniqueId')).toBe('device-9');
    expect(sent?.credentials).toBe('omit');
  });

  it('leaves both out when there is no token and no device id yet', async () => {
    const seen = answer('userInfo', envelope(200, user));
    await callApi('userInfo');
    expect(seen[0]?.headers.has('authorization')).toBe(false);
    expect(seen[0]?.headers.has('uniqueId')).toBe(false);
  });

  it('still sends the call when a header hook throws', async () => {
    configure({
      getToken: () => {
        throw new Error('cookies blocked');
      },
    });
    const seen = answer('userInfo', envelope(200, user));
    await expect(callApi('userInfo')).resolves.toMatchObject({ code: 200 });
    expect(seen[0]?.headers.has('authorization')).toBe(false);
  });

  it.each([
    ['googleLogin', (request: SocialLoginRequest) => googleLogin({ ...request, nonce: 'raw-nonce' })],
    ['outlookLogin', outlookLogin],
  ] as const)('%s sends the verify header: the challenge token, or empty', async (name, call) => {
    const seen = answer(name, envelope(100002));
    await call({ credential: 'cred', referDomain: 'direct', utmTerm: '' });
    await call({ credential: 'cred', referDomain: 'direct', utmTerm: '', turnstileToken: 'ts-1' });
    expect(seen.map((request) => request.headers.get('verify'))).toEqual(['', 'ts-1']);
  });
});

describe('body encodings', () => {
  it("form: google-login sends multipart fields, the attempt's raw nonce among them", async () => {
    const seen = answer('googleLogin', envelope(100002));
    await googleLogin({ credential: 'cred', nonce: 'raw-nonce', referDomain: 'news.example', utmTerm: 'ai', turnstileToken: 'ts' });
    const request = seen[0];
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request?.formData();
    expect(Object.fromEntries(form?.entries() ?? [])).toEqual({
      credential: 'cred',
      nonce: 'raw-nonce',
      referDomain: 'news.example',
      utmTerm: 'ai',
      turnstileToken: 'ts',
    });
  });

  it('urlencoded: outlook-login sends a URL-encoded body', async () => {
    const seen = answer('outlookLogin', envelope(100002));
    await outlookLogin({ credential: 'id token', referDomain: 'a&b', utmTerm: '' });
    const request = seen[0];
    expect(request?.headers.get('content-type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(new URLSearchParams(await request?.text()))).toEqual({ credential: 'id token', referDomain: 'a&b', utmTerm: '' });
  });

  it('query: send-captcha puts the payload in the query string and sends no body', async () => {
    const seen = answer('sendCaptcha', envelope(200));
    await callApi('sendCaptcha', { email: 'a+b@example.com', type: 'register' });
    const request = seen[0];
    expect(request?.method).toBe('GET');
    expect(Object.fromEntries(new URL(request?.url ?? '').searchParams)).toEqual({ email: 'a+b@example.com', type: 'register' });
    expect(await request?.text()).toBe('');
  });

  it('json: login sends a JSON body', async () => {
    const seen = answer('login', envelope(100002));
    await callApi('login', { email: 'a@b.c', password: 'secret' });
    const request = seen[0];
    expect(request?.headers.get('content-type')).toBe('application/json');
    expect(await request?.json()).toEqual({ email: 'a@b.c', password: 'secret' });
  });

  it('none: logout sends nothing', async () => {
    const seen = answer('logout', envelope(200));
    await callApi('logout');
    expect(seen[0]?.method).toBe('GET');
    expect(new URL(seen[0]?.url ?? '').search).toBe('');
  });
});

describe('the generation host', () => {
  const request = {
    endpoint: 'generate',
    request: { prompt: 'a cat', type: 'TEXTTOIAMGE', callBackUrl: 'https://hooks.example.com/cb', numImages: 1, image_size: '1:1' },
  } as const;

  it('goes to its own host with the API key as a Bearer token, never the session token', async () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    const seen = answer('generate', envelope(200, { taskId: 't-1' }));
    await expect(generate(request, 'sk-live')).resolves.toEqual({ code: 200, msg: 'msg', data: { taskId: 't-1' } });
    expect(new URL(seen[0]?.url ?? '').origin).toBe(GENERATION_ORIGIN);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer sk-live');
  });

  it('sends each model to its own endpoint with exactly its request', async () => {
    const seen = answer('generate2', envelope(200, { taskId: 't-2' }));
    const body = { prompt: 'a cat', imageUrls: [] as string[], aspectRatio: '8:1', resolution: '4K' as const, outputFormat: 'png' as const };
    await expect(generate({ endpoint: 'generate2', request: body }, 'sk-live')).resolves.toMatchObject({ code: 200, data: { taskId: 't-2' } });
    expect(new URL(seen[0]?.url ?? '').pathname).toBe('/api/v1/nanobanana/generate-2');
    expect(await seen[0]?.json()).toEqual(body);
  });

  it('reads the balance from the task API with the key', async () => {
    const seen = answer('credit', envelope(200, 100));
    await expect(creditBalance('sk-live')).resolves.toEqual({ code: 200, msg: 'msg', data: 100 });
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer sk-live');
    answer('credit', envelope(200, 'lots'));
    await expect(rejection(creditBalance('sk-live'))).resolves.toMatchObject({ kind: 'invalidResponse' });
  });

  it('polls a task with its id in the query', async () => {
    const seen = answer(
      'taskRecord',
      envelope(200, { taskId: 't-1', successFlag: 0, createTime: '2026-01-01T00:00:00Z', response: null, paramJson: '{}' }),
    );
    const result = await taskRecord('t-1', 'sk-live');
    expect(result.code === 200 && result.data.successFlag).toBe(0);
    expect(new URL(seen[0]?.url ?? '').searchParams.get('taskId')).toBe('t-1');
  });

  it('treats a 401 as a rejected API key and keeps the login', async () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    answer('generate', envelope(401, null, 'invalid key'));
    const error = await rejection(generate(request, 'sk-bad'));
    expect(error).toMatchObject({ kind: 'server', code: 401 });
    expect(toastError).toHaveBeenCalledWith(KEY_REJECTED, { id: API_KEY_REJECTED_TOAST_ID });
    expect(getToken()).toBe('tok-1');
    expect(readCachedUser()).toEqual({ ...user, apiKey: '' });
    expect(onSessionExpired).not.toHaveBeenCalled();
  });
});

describe('the invoice download (GET of an API-provided URL)', () => {
  it('fetches a file from the API host with the session headers', async () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    let seen: Request | undefined;
    server.use(
      http.get(`${ORIGIN}/files/invoice-1.pdf`, ({ request }) => {
        seen = request;
        return new HttpResponse('%PDF-1.7', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    const blob = await fetchInvoiceDownload(`${ORIGIN}/files/invoice-1.pdf`);
    expect(await blob.text()).toBe('%PDF-1.7');
    expect(seen?.headers.get('authorization')).toBe('tok-1');
  });

  it('never sends the session token to another host', async () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    let seen: Request | undefined;
    server.use(
      http.get('https://cdn.example.test/invoice.pdf', ({ request }) => {
        seen = request;
        return new HttpResponse('pdf', { headers: { 'content-type': 'application/pdf' } });
      }),
    );
    await fetchInvoiceDownload('https://cdn.example.test/invoice.pdf');
    expect(seen?.headers.has('authorization')).toBe(false);
  });

  it.each(['javascript:alert(1)', 'data:text/plain,hi', 'ftp://example.test/x'])('refuses %s without a request', async (url) => {
    const error = await rejection(fetchInvoiceDownload(url));
    expect(error.kind).toBe('invalidResponse');
    expect(toastError).toHaveBeenCalledTimes(1);
  });

  it('applies the envelope rules when the API answers an envelope instead of a file', async () => {
    persistLogin({ token: 'tok-1', userInfo: user });
    server.use(http.get(`${ORIGIN}/files/expired.pdf`, envelope(401)));
    expect((await rejection(fetchInvoiceDownload(`${ORIGIN}/files/expired.pdf`))).kind).toBe('sessionExpired');
    expect(getToken()).toBeUndefined();
  });
});

describe('joining a path to a base URL', () => {
  it.each([
    ['/client/v1/user/user-info', 'https://api.example.com', 'https://api.example.com/client/v1/user/user-info'],
    ['/client/v1/user/user-info', 'https://api.example.com/', 'https://api.example.com/client/v1/user/user-info'],
    // A base with a path keeps it: joined, not resolved as a URL would be.
    ['/client/v1/user/user-info', 'https://example.com/api', 'https://example.com/api/client/v1/user/user-info'],
    ['client/v1/x', 'https://example.com/api/', 'https://example.com/api/client/v1/x'],
    // No base: same origin. An absolute URL (an invoice link) is used as it is.
    ['/client/v1/x', '', '/client/v1/x'],
    ['/client/v1/x', undefined, '/client/v1/x'],
    ['https://files.example.com/a.pdf', 'https://api.example.com', 'https://files.example.com/a.pdf'],
  ])('%s on %s is %s', (path, base, joined) => {
    expect(withBase(path, base)).toBe(joined);
  });
});
