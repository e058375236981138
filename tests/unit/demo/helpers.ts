import { i18n } from '@lingui/core';
import * as v from 'valibot';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { EnvelopeSchema, endpoints, type EndpointName, type Envelope } from '../../../src/api/contract';
import { lastCodeFor } from '../../../src/demo/mailbox';
import { createDemoServer, type DemoServer } from '../../../src/demo/node';
import type { KeyValueStorage } from '../../../src/demo/storage';

export const ORIGIN = 'http://localhost:5173';
export const PASSWORD = 'correct-horse-9';

/** A demo server listening for the whole file; its controls are reset after every test. */
export function startDemoServer(options: { storage?: KeyValueStorage } = {}): DemoServer {
  const demo = createDemoServer(options);
  beforeAll(() => {
    i18n.loadAndActivate({ locale: 'en', messages: {} });
    demo.server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => demo.controls.reset());
  afterAll(() => demo.server.close());
  return demo;
}

let counter = 0;
export function uniqueEmail(tag = 'qa'): string {
  counter += 1;
  return `${tag}.${counter}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** Calls one endpoint of the contract the way the client does (body kind, method, authorization header). */
export async function call(name: EndpointName, payload: Record<string, unknown> = {}, token?: string): Promise<Envelope<unknown>> {
  const { method, path, body } = endpoints[name];
  const url = new URL(path, ORIGIN);
  const headers: Record<string, string> = {};
  let requestBody: string | undefined;
  if (body === 'query') {
    for (const [key, value] of Object.entries(payload)) url.searchParams.set(key, String(value));
  } else if (body === 'json') {
    headers['Content-Type'] = 'application/json';
    requestBody = JSON.stringify(payload);
  }
  if (token) headers.authorization = token;
  const response = await fetch(url, { method, headers, body: requestBody });
  if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
  return v.parse(EnvelopeSchema, await response.json()) as Envelope<unknown>;
}

/** Parses a success answer's data with the contract's own response schema. */
export function dataOf<N extends EndpointName>(name: N, envelope: Envelope<unknown>): v.InferOutput<(typeof endpoints)[N]['response']> {
  if (envelope.code !== 200) throw new Error(`Expected code 200, got ${envelope.code}: ${envelope.msg}`);
  return v.parse(endpoints[name].response, envelope.data);
}

export async function sendCode(email: string, type: 'register' | 'resetPassword' = 'register'): Promise<string> {
  const sent = await call('sendCaptcha', { email, type });
  if (sent.code !== 200) throw new Error(`send-captcha answered ${sent.code}: ${sent.msg}`);
  const code = lastCodeFor(email, type);
  if (!code) throw new Error(`No code in the demo mailbox for ${email}`);
  return code;
}

/** Signs a fresh account up through the API and returns its token. */
export async function signUp(email = uniqueEmail(), password = PASSWORD, extra: Record<string, unknown> = {}) {
  const code = await sendCode(email);
  const answer = await call('register', { email, password, code, referDomain: 'direct', utmTerm: '', ...extra });
  return { email, password, ...dataOf('register', answer) };
}
