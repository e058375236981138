/**
 * The shared wrapper of every demo API handler: it applies the QA controls (latency, an armed failure),
 * reads and validates the input, and always answers the envelope with HTTP 200, as the real API does.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import {
  BOT_CHECK_REQUIRED_CODE,
  SESSION_EXPIRED_CODE,
  SUCCESS_CODE,
  endpoints,
  type BodyKind,
  type EndpointName,
  type ResponseInputOf,
} from '../../api/contract';
import type { DemoEnvironment } from '../environment';
import { linguiReady } from './linguiReady';

export const BAD_REQUEST_CODE = 400001;
/** Not a pass-through code: the client shows the message, which is what a crash in the demo deserves. */
const DEMO_SERVER_FAILURE_CODE = 500;

export interface Reply<T> {
  code: number;
  msg: string;
  data: T;
}
export type Answer<N extends EndpointName> = Reply<ResponseInputOf<N>> | Reply<null>;

export function ok<T>(data: T): Reply<T> {
  return { code: SUCCESS_CODE, msg: 'success', data };
}

export function fail(code: number, msg: string): Reply<null> {
  return { code, msg, data: null };
}

function envelope<T>(reply: Reply<T>): Response {
  return new HttpResponse(JSON.stringify(reply), { status: 200, headers: { 'Content-Type': 'application/json' } });
}

export interface RouteContext<I> {
  input: I;
  request: Request;
  env: DemoEnvironment;
  /** The session token of the `authorization` header, if any. */
  token: string | null;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sessionToken(request: Request): string | null {
  const header = request.headers.get('authorization')?.trim() ?? '';
  const token = header.replace(/^Bearer\s+/i, '');
  return token === '' ? null : token;
}

function injectedMessage(code: number): string {
  if (code === SESSION_EXPIRED_CODE) return t`Login has expired`;
  if (code === BOT_CHECK_REQUIRED_CODE) return t`Bot check required`;
  return t`Demo controls: this call was answered with code ${code}.`;
}

/** What the armed control does to this call: nothing, answer instead of the handler, or lose the handler's answer. */
type Control = { type: 'none' } | { type: 'answer'; response: Response } | { type: 'loseAnswer' };

/** Latency first, then the armed failure (consumed here, so only one call gets it). */
async function applyControls(env: DemoEnvironment, name: EndpointName): Promise<Control> {
  const { latencyMs } = env.controls.get();
  if (latencyMs > 0) await sleep(latencyMs);
  const armed = env.controls.consumeNextCall(name);
  if (!armed) return { type: 'none' };
  if (armed.kind === 'networkError') return { type: 'answer', response: HttpResponse.error() };
  if (armed.kind === 'lostAnswer') return { type: 'loseAnswer' };
  return { type: 'answer', response: envelope(fail(armed.code, injectedMessage(armed.code))) };
}

async function readPayload(request: Request, kind: BodyKind): Promise<unknown> {
  switch (kind) {
    case 'json': {
      const text = await request.text();
      return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
    }
    case 'query':
      return Object.fromEntries(new URL(request.url).searchParams);
    case 'urlencoded':
      return Object.fromEntries(new URLSearchParams(await request.text()));
    case 'form': {
      const form = await request.formData();
      return Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    }
    case 'none':
      return undefined;
  }
}

function describeIssue(issue: v.BaseIssue<unknown>): string {
  // Type mismatches carry valibot's English wording; rule failures carry our own translated messages.
  if (issue.kind === 'schema') {
    const field = v.getDotPath(issue) ?? t`request body`;
    return t`The field "${field}" is missing or has the wrong type.`;
  }
  return issue.message;
}

type Validated<I> = { ok: true; input: I } | { ok: false; message: string };

async function validate<I>(request: Request, kind: BodyKind, schema: v.GenericSchema<unknown, I>): Promise<Validated<I>> {
  let payload: unknown;
  try {
    payload = await readPayload(request, kind);
  } catch {
    return { ok: false, message: t`The request body could not be read.` };
  }
  const result = v.safeParse(schema, payload, { abortEarly: true });
  if (result.success) return { ok: true, input: result.output };
  const [issue] = result.issues;
  return { ok: false, message: issue ? describeIssue(issue) : t`The request is not valid.` };
}

/** The handler's answer to a call the controls let through: the input checked, then `resolve`. */
async function answerCall<N extends EndpointName, I>(
  env: DemoEnvironment,
  name: N,
  request: Request,
  body: BodyKind,
  schema: v.GenericSchema<unknown, I>,
  resolve: (context: RouteContext<I>) => Promise<Answer<N>> | Answer<N>,
): Promise<Response> {
  const checked = await validate(request, body, schema);
  if (!checked.ok) return envelope(fail(BAD_REQUEST_CODE, checked.message));
  try {
    return envelope(await resolve({ input: checked.input, request, env, token: sessionToken(request) }));
  } catch (error) {
    console.error(`Demo server: ${name} failed`, error);
    const reason = error instanceof Error ? error.message : String(error);
    return envelope(fail(DEMO_SERVER_FAILURE_CODE, t`The demo server failed: ${reason}`));
  }
}

/** One endpoint of the contract, answered by `resolve` once the controls and the input check let it through. */
export function route<N extends EndpointName, I>(
  env: DemoEnvironment,
  name: N,
  schema: v.GenericSchema<unknown, I>,
  resolve: (context: RouteContext<I>) => Promise<Answer<N>> | Answer<N>,
): HttpHandler {
  const { method, path, body } = endpoints[name];
  const on = method === 'GET' ? http.get : http.post;
  return on(`*${path}`, async ({ request }) => {
    // The demo server answers in the visitor's language, so it waits for the first catalogue.
    await linguiReady();
    const control = await applyControls(env, name);
    if (control.type === 'answer') return control.response;
    const answer = await answerCall(env, name, request, body, schema, resolve);
    // The call did its work (an order, a task, a charge); the client sees only a network failure.
    return control.type === 'loseAnswer' ? HttpResponse.error() : answer;
  });
}
