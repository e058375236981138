/**
 * Fuzzing the API client: every endpoint of the contract answered with arbitrary envelopes, wrong types, broken
 * JSON, HTML, huge and deeply nested bodies, network errors and silence. Whatever comes back, a call settles
 * the way the envelope rules (docs/product.md, "Envelope rules") say, tells the user in plain text, and leaks nothing.
 *
 * Failures print fast-check's seed and path: pass them back as `{ seed, path }` to replay one.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { setupServer } from 'msw/node';
import { http } from 'msw';
import toast from 'react-hot-toast';
import * as fc from 'fast-check';
import * as v from 'valibot';
import { i18n } from '@lingui/core';
import { ApiError, SESSION_EXPIRED_TOAST_ID, createApiClient, type ApiClient, type ApiResult } from '../../../src/api/client';
import { PASS_THROUGH_CODES, SESSION_EXPIRED_CODE, SUCCESS_CODE, endpoints, type EndpointName } from '../../../src/api/contract';
import type { RequestOf } from '../../../src/api/requests';
import { API_ERROR_KINDS, answerResponse, answerText, damagedDataFor, serverAnswerFor, validDataFor, type ServerAnswer } from './arbitraries';

const ORIGIN = 'http://localhost:5173';
const GENERATION_ORIGIN = 'https://tasks.fuzz.test';
/** Short, so a silent server costs little; only the `hang` answers are given it. */
const HANG_TIMEOUT_MS = 25;
/** Long enough for a few megabytes through MSW on a slow CI machine. */
const ANSWER_TIMEOUT_MS = 20_000;
/** A call that has not settled by then never will. */
const SETTLE_LIMIT_MS = 10_000;
const RUNS_PER_ENDPOINT = 30;

const names = Object.keys(endpoints) as EndpointName[];

/** A request each call can be sent with (what it sends is not under test here; what comes back is). */
const samplePayloads: { [N in EndpointName]: RequestOf<N> } = {
  googleLogin: { credential: 'cred', nonce: 'raw-nonce', referDomain: 'direct', utmTerm: '' },
  outlookLogin: { credential: 'id-token', referDomain: 'direct', utmTerm: '' },
  login: { email: 'ada@example.com', password: 'correct-horse-9' },
  register: { email: 'ada@example.com', password: 'correct-horse-9', code: '123456', referDomain: 'direct', utmTerm: '' },
  resetPassword: { email: 'ada@example.com', password: 'correct-horse-9', code: '123456' },
  sendCaptcha: { email: 'ada@example.com', type: 'register' },
  logout: undefined,
  freekassaCreate: { packageId: 'pkg-1' },
  digisellerCreate: { packageId: 'pkg-1' },
  paypalCreate: { packageId: 'pkg-1', vaultId: 'vault-1' },
  paypalCapture: { orderNo: 'o-1', paypalOrderId: 'PP-1' },
  paypalCheckOrderStatus: { orderNo: 'o-1' },
  paypalUserIdToken: undefined,
  paypalVaults: undefined,
  creemCheckout: { packageId: 'pkg-1', returnUrl: `${ORIGIN}/back`, cancelUrl: `${ORIGIN}/cancel` },
  wechatCreate: { packageId: 'pkg-1' },
  nowpaymentsInvoice: { packageId: 'pkg-1' },
  zipcodeInfo: { countryCode: 'US', zipcode: '94103' },
  userInfo: undefined,
  resetApiKey: undefined,
  addApiKey: { name: 'ci' },
  deleteApiKey: { id: 'k-1' },
  apiKeyList: undefined,
  updateApiKeyName: { id: 'k-1', name: 'renamed' },
  userDiscount: undefined,
  setAutomaticDeduction: { enabled: true, threshold: 100, packageId: 'pkg-1', paymentMethod: null },
  saveAlertsEmail: { alertEmail: 'ops@example.com', alertThreshold: 50 },
  saveIpWhitelist: { ips: ['10.0.0.1'] },
  updateEmailSubscription: { emailSubscriptionFlag: 0 },
  discordAuthorizeUrl: undefined,
  discordAuthorize: { oauthCode: 'code-1' },
  payOrderList: { pageNum: 1, pageSize: 10, orderNo: 'o-1' },
  applyInvoice: { orderNos: ['o-1'], customerType: 'business', companyName: 'Acme', taxId: 'T-1', email: 'ops@example.com', address: '1 Main St' },
  timeRecord: { startTime: '2026-01-01T00:00:00.000Z', endTime: '2026-01-08T00:00:00.000Z', granularity: 'day', splitByApiKey: false },
  usageRecordPage: { pageNum: 1, pageSize: 10, status: 1, model: 'nano-banana' },
  generate: { prompt: 'a cat', type: 'TEXTTOIAMGE', callBackUrl: 'https://hooks.example.com/cb', numImages: 1, image_size: '1:1' },
  generate2: { prompt: 'a cat', imageUrls: [], aspectRatio: 'auto', resolution: '1K', outputFormat: 'jpg' },
  generatePro: { prompt: 'a cat', resolution: '2K', aspectRatio: '16:9' },
  taskRecord: { taskId: 't-1' },
  credit: undefined,
};

/** Any endpoint called by name; the typed signature needs a literal name, which a loop over the contract lacks. */
type LooseCall = (name: EndpointName, payload: unknown, options: { apiKey?: string }) => Promise<ApiResult<unknown>>;

function send(client: ApiClient, name: EndpointName): Promise<ApiResult<unknown>> {
  const call = client.callApi as LooseCall;
  return call(name, samplePayloads[name], endpoints[name].body === 'none' ? {} : { apiKey: 'sk-fuzz' });
}

// ---------------------------------------------------------------------------------------------------
// The envelope rules (docs/product.md, "Envelope rules"), restated as what each answer must come to
// ---------------------------------------------------------------------------------------------------

type Expected = { settles: 'resolve'; code: number } | { settles: 'reject'; kind: (typeof API_ERROR_KINDS)[number]; code?: number; status?: number };

function parsedBody(text: string): unknown {
  try {
    // Reading a body as UTF-8 text drops a leading byte-order mark, as fetch does.
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return undefined;
  }
}

/** An envelope is an object whose `code` is an integer; msg and data may be anything. */
function envelopeCode(body: unknown): number | undefined {
  if (body === null || typeof body !== 'object' || Array.isArray(body) || !('code' in body)) return undefined;
  const { code } = body;
  return typeof code === 'number' && Number.isInteger(code) ? code : undefined;
}

function expectedOutcome(name: EndpointName, answer: ServerAnswer): Expected {
  if (answer.kind === 'networkError') return { settles: 'reject', kind: 'network' };
  if (answer.kind === 'hang') return { settles: 'reject', kind: 'timeout' };
  const body = parsedBody(answerText(answer) ?? '');
  const code = envelopeCode(body);
  const httpOk = answer.status >= 200 && answer.status < 300;
  if (code === undefined)
    return httpOk ? { settles: 'reject', kind: 'invalidResponse' } : { settles: 'reject', kind: 'network', status: answer.status };
  if (code === SUCCESS_CODE) {
    const data = body !== null && typeof body === 'object' && 'data' in body ? body.data : undefined;
    return v.is(endpoints[name].response, data) ? { settles: 'resolve', code } : { settles: 'reject', kind: 'invalidResponse' };
  }
  if ((PASS_THROUGH_CODES as readonly number[]).includes(code)) return { settles: 'resolve', code };
  if (code === SESSION_EXPIRED_CODE) {
    // The task API's 401 refuses the API key; it says nothing about the session.
    return endpoints[name].host === 'generation' ? { settles: 'reject', kind: 'server', code } : { settles: 'reject', kind: 'sessionExpired', code };
  }
  return { settles: 'reject', kind: 'server', code };
}

/** The server's msg as the client reads it: text, or nothing. */
function serverMsg(answer: ServerAnswer): string {
  const body = parsedBody(answerText(answer) ?? '');
  const msg = body !== null && typeof body === 'object' && 'msg' in body ? body.msg : undefined;
  return typeof msg === 'string' ? msg : '';
}

// ---------------------------------------------------------------------------------------------------
// The fake server and what the test watches
// ---------------------------------------------------------------------------------------------------

let currentAnswer: ServerAnswer = { kind: 'networkError' };
const server = setupServer(
  http.all(`${ORIGIN}/*`, () => answerResponse(currentAnswer)),
  http.all(`${GENERATION_ORIGIN}/*`, () => answerResponse(currentAnswer)),
);

const unhandledRejections: unknown[] = [];
const trackUnhandled = (reason: unknown) => unhandledRejections.push(reason);

let toastError: MockInstance<typeof toast.error>;
let onSessionExpired: ReturnType<typeof vi.fn<() => void>>;

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  server.listen({ onUnhandledRequest: 'error' });
  process.on('unhandledRejection', trackUnhandled);
});
afterAll(() => {
  process.off('unhandledRejection', trackUnhandled);
  server.close();
});
beforeEach(() => {
  toastError = vi.spyOn(toast, 'error').mockReturnValue('toast');
  // Contract mismatches are logged on purpose; the log is not under test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  onSessionExpired = vi.fn<() => void>();
});
afterEach(() => {
  localStorage.clear();
  expect(unhandledRejections).toEqual([]);
});

type Settled = { status: 'resolved'; value: ApiResult<unknown> } | { status: 'rejected'; reason: unknown } | { status: 'pending' };

async function settle(call: Promise<ApiResult<unknown>>): Promise<Settled> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<Settled>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'pending' }), SETTLE_LIMIT_MS);
  });
  const outcome = call.then(
    (value): Settled => ({ status: 'resolved', value }),
    (reason: unknown): Settled => ({ status: 'rejected', reason }),
  );
  try {
    return await Promise.race([outcome, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/** One call against one answer, checked against the rules. */
async function callAgainst(name: EndpointName, answer: ServerAnswer): Promise<void> {
  currentAnswer = answer;
  toastError.mockClear();
  onSessionExpired.mockClear();
  const client = createApiClient({
    baseURL: ORIGIN,
    generationBaseURL: GENERATION_ORIGIN,
    timeoutMs: answer.kind === 'hang' ? HANG_TIMEOUT_MS : ANSWER_TIMEOUT_MS,
    hooks: { getToken: () => 'tok-fuzz', getDeviceId: () => 'device-fuzz', onSessionExpired },
  });

  let call: Promise<ApiResult<unknown>> | undefined;
  expect(() => {
    call = send(client, name);
  }, 'the call threw synchronously').not.toThrow();
  const settled = await settle(call ?? Promise.reject(new Error('no call')));
  expect(settled.status, 'the call never settled').not.toBe('pending');

  const expected = expectedOutcome(name, answer);
  const shown = toastError.mock.calls.map(([message]) => message);
  // Every toast is plain text: never an element, never a function that renders one.
  for (const message of shown) expect(typeof message).toBe('string');
  const toasts = shown.filter((message): message is string => typeof message === 'string');

  if (settled.status === 'resolved') {
    const result = settled.value;
    expect(expected).toEqual({ settles: 'resolve', code: result.code });
    if (result.code === SUCCESS_CODE) expect(v.is(endpoints[name].response, result.data), 'resolved data passes the schema').toBe(true);
    else expect(PASS_THROUGH_CODES).toContain(result.code);
    expect(typeof result.msg).toBe('string');
    expect(toasts, 'a resolved call shows nothing').toEqual([]);
    expect(onSessionExpired).not.toHaveBeenCalled();
    return;
  }
  if (settled.status !== 'rejected') return;
  const error = settled.reason;
  expect(error).toBeInstanceOf(ApiError);
  if (!(error instanceof ApiError)) return;
  expect(API_ERROR_KINDS).toContain(error.kind);
  expect(expected).toMatchObject({ settles: 'reject', kind: error.kind });
  if (expected.settles === 'reject' && expected.code !== undefined) expect(error.code).toBe(expected.code);
  if (expected.settles === 'reject' && expected.status !== undefined) expect(error.status).toBe(expected.status);
  expect(typeof error.message).toBe('string');
  expect(error.aborted).toBe(false);
  // Told once, in words.
  expect(toasts, `toasts: ${JSON.stringify(toasts).slice(0, 300)}`).toHaveLength(1);
  expect((toasts[0] ?? '').trim()).not.toBe('');
  expect(onSessionExpired).toHaveBeenCalledTimes(error.kind === 'sessionExpired' ? 1 : 0);
  if (error.kind === 'sessionExpired') expect(toastError.mock.calls[0]?.[1]).toEqual({ id: SESSION_EXPIRED_TOAST_ID });
  if (error.kind === 'server' && error.code !== SESSION_EXPIRED_CODE) {
    // The server's own words, as text, unless it gave none.
    const msg = serverMsg(answer);
    if (msg.trim() !== '') expect(toasts[0]).toBe(msg);
  }
}

describe('the valid-data arbitraries agree with the contract', () => {
  it.each(names)('%s: generated data passes the schema after a JSON round trip', (name) => {
    fc.assert(
      fc.property(validDataFor(name), (data) => v.is(endpoints[name].response, data)),
      { numRuns: 40 },
    );
  });

  it('damaged data is often rejected by the schema (the wrong-type arbitrary really damages)', () => {
    // A fixed sample: the share rejected varies from sample to sample (54 to 80 of 200 in sixty random ones, and 47
    // once in CI), so a random one put the check at the mercy of chance.
    const samples = fc.sample(damagedDataFor('userInfo'), { numRuns: 200, seed: 20261127 });
    const rejected = samples.filter((data) => !v.is(endpoints.userInfo.response, data)).length;
    // Many user fields fall back or may be null, so some damage is still valid; over a quarter is not.
    expect(rejected).toBeGreaterThan(50);
  });
});

describe('found by fuzzing', () => {
  // Servers that leave out null fields send no `data`; the envelope rules must still apply.
  it.each([
    [{ kind: 'json', status: 200, contentType: 'application/json', body: { code: 100002, msg: 'Verify first' } }],
    [{ kind: 'json', status: 200, contentType: 'application/json', body: { code: 10086, msg: 'Too many keys' } }],
    [{ kind: 'json', status: 400, contentType: 'application/json', body: { code: 401, msg: 'expired' } }],
    [{ kind: 'json', status: 200, contentType: 'application/json', body: { code: 200 } }],
  ] satisfies Array<[ServerAnswer]>)('an envelope without data is still an envelope: %j', async (answer) => {
    await callAgainst('logout', answer);
  });
});

describe('every endpoint, any answer: the call settles by the envelope rules and tells the user in plain text', () => {
  it.each(names)(
    '%s never throws, always settles, resolves only valid data or a pass-through code, else rejects with a known ApiError',
    async (name) => {
      await fc.assert(
        fc.asyncProperty(serverAnswerFor(name), async (answer) => {
          await callAgainst(name, answer);
          // Rejections nobody handled surface on the next turn of the event loop.
          await new Promise((resolve) => setImmediate(resolve));
          expect(unhandledRejections).toEqual([]);
        }),
        { numRuns: RUNS_PER_ENDPOINT },
      );
    },
  );

  it('huge, deeply nested and silent answers settle too (each kind at least once per endpoint family)', async () => {
    const extremes: ServerAnswer[] = [
      { kind: 'huge', status: 200, code: SUCCESS_CODE, field: 'padding', megabytes: 3 },
      { kind: 'huge', status: 500, code: 10086, field: 'msg', megabytes: 3 },
      { kind: 'huge', status: 200, code: 100001, field: 'data', megabytes: 3 },
      { kind: 'deep', status: 200, code: SUCCESS_CODE, depth: 50_000 },
      { kind: 'deep', status: 200, code: 500001, depth: 50_000 },
      { kind: 'hang' },
      { kind: 'networkError' },
    ];
    for (const name of ['userInfo', 'logout', 'taskRecord'] as const) {
      for (const answer of extremes) await callAgainst(name, answer);
    }
  });
});
