/**
 * The API host of the live-build browser test: a real HTTP server on 127.0.0.1 that answers the product API and
 * the public image-task API with demo mode's own handlers (src/demo/handlers) over an in-memory database, as
 * src/demo/node.ts does for the unit tests. A Node bridge turns each incoming request into a Fetch Request, asks
 * MSW's getResponse for the handlers' answer and writes it back, adding CORS for the preview's origin.
 *
 * On top of the handlers:
 * - the task API's requests are checked against its documented fields (./taskApi.ts) and recorded;
 * - result images (`/demo-results/<taskId>/<n>`), which the browser demo draws on a canvas, are small PNGs;
 * - `/callback` takes the task API's result notifications (a live build names it in VITE_TASK_CALLBACK_URL);
 * - sign-ins are checked as a real backend checks them (./providerChecks.ts): Google ID tokens against the keys
 *   Google's stand-in publishes and against the attempt's nonce, Turnstile tokens with its Siteverify;
 * - Google's token issuer (../standins/googleIssuer.ts) runs here, so every test worker signs with the one key
 *   this server trusts: its keys at `/__test/google/certs`, its tokens from `/__test/google/token`;
 * - `/__test/*` lets the test read what the browser cannot see: the task-API log, e-mailed codes, the outcome
 *   of each Google and Turnstile check;
 * - Microsoft ID tokens are verified against the keys of Microsoft's stand-in, a local OpenID Connect provider
 *   (./microsoftSignIn.ts);
 * - the payment providers and Discord answer with their real addresses, and `/__test/providers/*` takes their
 *   server-to-server calls (./payments.ts).
 *
 * Built by `npm run test:live` with Vite in SSR mode (the handlers are TypeScript with Lingui macros), then run
 * with `node dist-live-server/main.js`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { deflateSync } from 'node:zlib';
import { i18n } from '@lingui/core';
import { getResponse } from 'msw';
import { createAccount, findAccountByEmail } from '../../../src/demo/db';
import { randomHex } from '../../../src/demo/crypto';
import { createDemoEnvironment } from '../../../src/demo/environment';
import { createHandlers } from '../../../src/demo/handlers';
import { lastCodeFor } from '../../../src/demo/mailbox';
import { memoryStorage } from '../../../src/demo/storage';
import settings from '../settings.json';
import { createGoogleIssuer, type IdTokenRequest } from '../standins/googleIssuer';
import { MICROSOFT_LOGIN_PATH, withVerifiedMicrosoftCredential } from './microsoftSignIn';
import { createProviderChecks } from './providerChecks';
import { TASK_API_REFUSED_CODE, isTaskApiPath, taskRequestProblem, type TaskApiEntry } from './taskApi';
import { createProviderBridge } from './payments';

const HOST = '127.0.0.1';
const PORT = settings.apiPort;
const ORIGIN = `http://${HOST}:${PORT}`;
/** The preview server's origin, by address and by name: the only pages allowed to call this API. */
const ALLOWED_ORIGINS = new Set([`http://127.0.0.1:${settings.previewPort}`, `http://localhost:${settings.previewPort}`]);
/** The request headers the front end sends (src/api/client.ts): the session or API key, the device id, JSON, the bot-check token. */
const ALLOWED_HEADERS = ['authorization', 'uniqueId', 'content-type', 'verify'];
const RESULTS_PATH = /^\/demo-results\/([^/]+)\/(\d+)$/;

const taskApiLog: TaskApiEntry[] = [];
const callbacks: unknown[] = [];

const env = createDemoEnvironment(memoryStorage());
const googleIssuer = await createGoogleIssuer();
const GOOGLE_CERTS_PATH = '/__test/google/certs';
const providerChecks = createProviderChecks(new URL(GOOGLE_CERTS_PATH, ORIGIN));
const handlers = createHandlers(env);
const providers = createProviderBridge(env, `http://${HOST}:${settings.previewPort}`, ALLOWED_ORIGINS);

// The handlers answer in the caller's language once Lingui has one; English, with the messages in the source.
i18n.loadAndActivate({ locale: 'en', messages: {} });

/** The test accounts (tests/e2e-live/settings.json), each with its password, a primary API key and its credits. */
async function seed(): Promise<void> {
  const data = env.db.read();
  for (const { email, password, credits } of Object.values(settings.accounts)) {
    if (findAccountByEmail(data, email)) continue;
    const account = await createAccount(data, { email, password, referDomain: '', utmTerm: '' });
    const extra = credits - account.credits;
    account.credits = credits;
    data.ledger.push({
      id: randomHex(16),
      accountId: account.id,
      createTime: new Date().toISOString(),
      kind: 'grant',
      credits: extra,
      note: 'Live test account',
    });
  }
  env.db.save();
}

// ---------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------

function corsHeaders(request: IncomingMessage): Record<string, string> {
  const origin = request.headers.origin;
  if (!origin || !ALLOWED_ORIGINS.has(origin)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, Vary: 'Origin' };
}

function send(request: IncomingMessage, response: ServerResponse, status: number, headers: Record<string, string>, body?: Uint8Array | string): void {
  response.writeHead(status, { ...headers, ...corsHeaders(request) });
  response.end(body);
}

function sendJson(request: IncomingMessage, response: ServerResponse, value: unknown, status = 200): void {
  send(request, response, status, { 'Content-Type': 'application/json' }, JSON.stringify(value));
}

function preflight(request: IncomingMessage, response: ServerResponse): void {
  const allowed = request.headers.origin !== undefined && ALLOWED_ORIGINS.has(request.headers.origin);
  send(
    request,
    response,
    204,
    allowed
      ? {
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          'Access-Control-Allow-Headers': ALLOWED_HEADERS.join(', '),
          'Access-Control-Max-Age': '600',
        }
      : {},
  );
}

// ---------------------------------------------------------------------------------------------------
// Result images: a solid PNG in the task's aspect ratio (the browser demo draws artwork on a canvas)
// ---------------------------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Width and height (long side 512) for an aspect ratio such as "16:9"; square for anything else ("auto"). */
function imageSize(ratio: unknown): [number, number] {
  const match = typeof ratio === 'string' ? /^(\d+):(\d+)$/.exec(ratio) : null;
  const w = Number(match?.[1] ?? 1);
  const h = Number(match?.[2] ?? 1);
  if (!(w > 0 && h > 0)) return [512, 512];
  return w >= h ? [512, Math.max(1, Math.round((512 * h) / w))] : [Math.max(1, Math.round((512 * w) / h)), 512];
}

function resultImage(request: IncomingMessage, response: ServerResponse, taskId: string, index: number): void {
  const task = env.db.read().tasks.find((candidate) => candidate.taskId === taskId);
  let params: Record<string, unknown> = {};
  try {
    params = JSON.parse(task?.paramJson ?? '{}') as Record<string, unknown>;
  } catch {
    // An unreadable request still has a (square) image.
  }
  const count = typeof params.numImages === 'number' ? params.numImages : 1;
  if (!task || task.successFlag !== 1 || index < 1 || index > count) {
    send(request, response, 404, { 'Content-Type': 'text/plain' }, 'No such image');
    return;
  }
  const seed = parseInt(taskId.slice(0, 6), 16) || 0;
  const png = solidPng(...imageSize(params.aspectRatio ?? params.image_size), [seed & 0xff, (seed >> 8) & 0xff, (seed >> 16) & 0xff]);
  send(request, response, 200, { 'Content-Type': 'image/png', 'Cache-Control': 'public, max-age=31536000, immutable' }, png);
}

// ---------------------------------------------------------------------------------------------------
// The bridge to the handlers
// ---------------------------------------------------------------------------------------------------

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const part of request) chunks.push(part as Buffer);
  return Buffer.concat(chunks);
}

function fetchRequest(request: IncomingMessage, url: URL, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    // The body's own length is set by the Request (a verified sign-in's body is rewritten).
    if (value === undefined || name === 'content-length') continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = request.method ?? 'GET';
  return new Request(url, { method, headers, ...(method === 'GET' || method === 'HEAD' ? {} : { body: new Uint8Array(body) }) });
}

/** The task API's fields, as the documentation defines them: refused here before the handlers see the request. */
function checkTaskRequest(method: string, url: URL, body: Buffer): string | null {
  const query = Object.fromEntries(url.searchParams);
  let payload: unknown = query;
  let readable = true;
  if (method === 'POST') {
    try {
      payload = body.length === 0 ? {} : (JSON.parse(body.toString('utf8')) as unknown);
    } catch {
      payload = body.toString('utf8');
      readable = false;
    }
  }
  const refused = readable ? taskRequestProblem(url.pathname, method, payload) : 'the request body is not JSON';
  taskApiLog.push({ method, path: url.pathname, query, body: method === 'POST' ? payload : null, refused, at: new Date().toISOString() });
  return refused;
}

async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  const url = new URL(request.url ?? '/', ORIGIN);
  if (method === 'OPTIONS') return preflight(request, response);
  const received = await readBody(request);
  const body =
    url.pathname === MICROSOFT_LOGIN_PATH && method === 'POST'
      ? await withVerifiedMicrosoftCredential(received, request.headers['content-type'])
      : received;

  // Test-only routes: what the browser test cannot read from the page.
  if (url.pathname === '/__test/health') return sendJson(request, response, { ok: true });
  if (url.pathname === '/__test/task-requests') return sendJson(request, response, taskApiLog);
  if (url.pathname === '/__test/callbacks') return sendJson(request, response, callbacks);
  if (url.pathname === '/__test/google-verifications') return sendJson(request, response, providerChecks.googleLog);
  if (url.pathname === '/__test/turnstile-verifications') return sendJson(request, response, providerChecks.turnstileLog);
  if (url.pathname === GOOGLE_CERTS_PATH) return sendJson(request, response, googleIssuer.jwks);
  if (url.pathname === '/__test/google/token' && method === 'POST') {
    const wanted = JSON.parse(body.toString('utf8')) as IdTokenRequest;
    return sendJson(request, response, { credential: await googleIssuer.issue(wanted) });
  }
  if (url.pathname === '/__test/email-code') {
    const type = url.searchParams.get('type');
    return sendJson(request, response, {
      code: lastCodeFor(url.searchParams.get('email') ?? '', type === 'register' || type === 'resetPassword' ? type : undefined) ?? null,
    });
  }

  const provided = providers.answer(method, url, body.toString('utf8'), request.headers);
  if (provided) return send(request, response, provided.status, { 'Content-Type': provided.contentType }, provided.body);

  if (url.pathname === '/callback' && method === 'POST') {
    callbacks.push(body.toString('utf8'));
    return sendJson(request, response, { code: 200, msg: 'success', data: null });
  }

  const image = RESULTS_PATH.exec(url.pathname);
  if (image && method === 'GET') return resultImage(request, response, decodeURIComponent(image[1] ?? ''), Number(image[2]));

  if (isTaskApiPath(url.pathname)) {
    const refused = checkTaskRequest(method, url, body);
    if (refused) return sendJson(request, response, { code: TASK_API_REFUSED_CODE, msg: refused, data: null });
  }

  const checked = await providerChecks.check(fetchRequest(request, providers.siteUrl(url, request.headers.origin), body));
  const mocked = await getResponse(handlers, checked.request);
  if (!mocked || mocked.type === 'error') checked.settle(null);
  if (!mocked) return sendJson(request, response, { code: 404, msg: `No endpoint ${method} ${url.pathname}`, data: null }, 404);
  if (mocked.type === 'error') {
    // A network error the handlers asked for (demo controls): the connection drops.
    request.socket.destroy();
    return;
  }
  const headers: Record<string, string> = {};
  mocked.headers.forEach((value, name) => (headers[name] = value));
  if (USER_ANSWERS.test(url.pathname)) {
    delete headers['content-length'];
    const text = await mocked.text();
    checked.settle(envelopeCode(text));
    return send(request, response, mocked.status, headers, withoutCredits(text));
  }
  checked.settle(null);
  if (providers.rewrites(url.pathname)) {
    delete headers['content-length'];
    return send(request, response, mocked.status, headers, providers.rewrite(url.pathname, await mocked.text()));
  }
  send(request, response, mocked.status, headers, new Uint8Array(await mocked.arrayBuffer()));
}

/** The platform's answers that carry the user: sign-ins and user-info. */
const USER_ANSWERS = /^\/client\/v1\/user\/(user-info|login|userRegistration|google-login|outlook-login)$/;

/** The code of an envelope the handlers answered, or null when the answer is not one. */
function envelopeCode(text: string): number | null {
  try {
    const envelope = JSON.parse(text) as { code?: unknown };
    return typeof envelope.code === 'number' ? envelope.code : null;
  } catch {
    return null;
  }
}

/**
 * The user as the real user-info shows it: id, email, apiKey and no credit field. The balance must then come
 * from the task API's own call, as it does against the real host.
 */
function withoutCredits(text: string): string {
  const envelope = JSON.parse(text) as { data?: { credits?: unknown; userInfo?: { credits?: unknown } } | null };
  if (envelope.data) {
    delete envelope.data.credits;
    if (envelope.data.userInfo) delete envelope.data.userInfo.credits;
  }
  return JSON.stringify(envelope);
}

await seed();
const server = createServer((request, response) => {
  answer(request, response).catch((error: unknown) => {
    console.error('Live test API failed:', error);
    if (!response.headersSent) sendJson(request, response, { code: 500, msg: String(error), data: null }, 500);
    else response.end();
  });
});
// Node closes a connection idle for 5 s by default, and a Node client (the tests' own requests) that sends on it as
// it closes gets ECONNRESET ("socket hang up"), more often on a busy machine. Idle connections stay open as long as
// the clients keep them; the headers' own limit has to stay above this one.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(PORT, HOST, () => console.log(`Live test API on ${ORIGIN}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
