/**
 * fast-check arbitraries for whatever a server (or the network) may answer an API call with, and for what the
 * API client can hand a machine in turn. Answers are plain descriptions (a huge body is described by its size,
 * not carried), so a failing run prints a readable counterexample; `answerText`/`answerResponse` build the real
 * thing when the request arrives.
 */
import * as fc from 'fast-check';
import * as v from 'valibot';
import { HttpResponse } from 'msw';
import { ApiError, type ApiErrorKind } from '../../../src/api/errors';
import { PASS_THROUGH_CODES, SESSION_EXPIRED_CODE, SUCCESS_CODE, endpoints, type EndpointName, type ResponseOf } from '../../../src/api/contract';
import type { PassThroughCode } from '../../../src/api/outcome';

export const API_ERROR_KINDS: readonly ApiErrorKind[] = ['sessionExpired', 'network', 'server', 'invalidResponse', 'timeout'];

// ---------------------------------------------------------------------------------------------------
// Server text meant to be rendered as markup, if anything ever let it
// ---------------------------------------------------------------------------------------------------

/** Every generated tag carries this attribute, so a view test can tell an injected element from its own. */
export const INJECTED_MARKER = 'data-fuzz-injected';

const KNOWN_PAYLOADS = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)></iframe>",
  '<a href="javascript:alert(1)">open</a>',
  '<b onmouseover=alert(1)>bold</b>',
  '&lt;img src=x onerror=alert(1)&gt; &amp; &#60;script&#62;',
  '<style>body{display:none}</style>',
  '<details open ontoggle=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '</textarea><script>alert(document.cookie)</script>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
] as const;

const generatedTag = fc
  .record({
    tag: fc.constantFrom('img', 'svg', 'iframe', 'video', 'body', 'div', 'input', 'script', 'object'),
    handler: fc.constantFrom('onerror', 'onload', 'onfocus', 'onmouseover', 'ontoggle', 'onanimationstart'),
    code: fc.string({ maxLength: 12 }),
    closing: fc.boolean(),
  })
  .map(
    ({ tag, handler, code, closing }) => `<${tag} src=x ${handler}="${code.replaceAll('"', '')}" ${INJECTED_MARKER}>${closing ? `</${tag}>` : ''}`,
  );

/** Markup a server might put in `msg` (or an error message): known XSS probes, alone or inside ordinary text. */
export const htmlPayload: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(...KNOWN_PAYLOADS),
    generatedTag,
    fc
      .tuple(fc.string({ maxLength: 16 }), fc.oneof(fc.constantFrom(...KNOWN_PAYLOADS), generatedTag), fc.string({ maxLength: 16 }))
      .map((parts) => parts.join('')),
  )
  // A blank message is replaced by the client's own fallback, so it would test nothing here.
  .filter((text) => text.trim() !== '');

// ---------------------------------------------------------------------------------------------------
// Valid data, read off the endpoint's valibot schema
// ---------------------------------------------------------------------------------------------------

/** The parts of a valibot schema this walk reads (valibot keeps them public on every schema object). */
interface SchemaNode {
  type: string;
  pipe?: ReadonlyArray<{ kind: string; type: string; requirement?: unknown }>;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  options?: readonly unknown[];
  wrapped?: SchemaNode;
}

function nodeOf(schema: v.GenericSchema | SchemaNode): SchemaNode {
  return schema as SchemaNode;
}

function requirementOf(node: SchemaNode, type: string): number | undefined {
  const action = node.pipe?.find((item) => item.kind === 'validation' && item.type === type);
  return typeof action?.requirement === 'number' ? action.requirement : undefined;
}

/** Any text is a valid string field; markup is drawn often, since it is what views must not render. */
const anyText = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: htmlPayload },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }) },
);

function stringFor(node: SchemaNode): fc.Arbitrary<string> {
  const minLength = requirementOf(node, 'min_length') ?? 0;
  return minLength === 0 ? anyText : anyText.filter((text) => text.length >= minLength);
}

function numberFor(node: SchemaNode): fc.Arbitrary<number> {
  const min = requirementOf(node, 'min_value');
  const integer = node.pipe?.some((item) => item.type === 'integer') ?? false;
  if (integer)
    return fc.oneof(
      fc.integer({ min: min ?? -1000, max: 10_000 }),
      fc.integer({ min: min ?? Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    );
  // JSON has no NaN or Infinity: a finite double is what a server can send.
  return fc.double({ noNaN: true, noDefaultInfinity: true, ...(min === undefined ? {} : { min }) });
}

/** Keys a schema does not know: valibot drops them, and a server may well send them. */
const extraFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).map((key) => `x_${key}`),
  fc.jsonValue({ maxDepth: 2 }),
  { maxKeys: 2 },
);

function arbitraryFor(node: SchemaNode): fc.Arbitrary<unknown> {
  switch (node.type) {
    case 'string':
      return stringFor(node);
    case 'number':
      return numberFor(node);
    case 'boolean':
      return fc.boolean();
    case 'unknown':
      return fc.jsonValue({ maxDepth: 3 });
    case 'picklist':
      return fc.constantFrom(...(node.options ?? []));
    case 'union':
      return fc.oneof(...(node.options ?? []).map((option) => arbitraryFor(nodeOf(option as SchemaNode))));
    case 'nullish':
    case 'optional':
    case 'nullable': {
      if (!node.wrapped) throw new Error(`a ${node.type} schema without its wrapped schema`);
      const absent =
        node.type === 'nullish' ? fc.constantFrom(null, undefined) : node.type === 'optional' ? fc.constant(undefined) : fc.constant(null);
      return fc.oneof({ weight: 3, arbitrary: arbitraryFor(node.wrapped) }, { weight: 1, arbitrary: absent });
    }
    case 'array':
      if (!node.item) throw new Error('an array schema without its item schema');
      return fc.array(arbitraryFor(node.item), { maxLength: 4 });
    case 'object': {
      const entries = Object.entries(node.entries ?? {});
      const fields = Object.fromEntries(entries.map(([key, entry]) => [key, arbitraryFor(entry)]));
      // Fields a schema lets be absent are sometimes left out of the object altogether.
      const requiredKeys = entries.filter(([, entry]) => entry.type !== 'optional' && entry.type !== 'nullish').map(([key]) => key);
      return fc.tuple(fc.record(fields, { requiredKeys }), extraFields).map(([record, extra]) => ({ ...extra, ...record }));
    }
    default:
      // A new kind of schema in the contract: teach this walk about it rather than guess.
      throw new Error(`arbitraries.ts cannot generate valibot "${node.type}" schemas yet`);
  }
}

/** What a server may send as `data` for this endpoint and the contract accepts, as JSON would carry it. */
export function validDataFor(name: EndpointName): fc.Arbitrary<unknown> {
  // Through JSON, as on the wire: undefined fields vanish, -0 becomes 0.
  return arbitraryFor(nodeOf(endpoints[name].response)).map((data) =>
    data === undefined ? undefined : (JSON.parse(JSON.stringify(data)) as unknown),
  );
}

/** What the client resolves a code-200 call of this endpoint with: the schema's output. */
export function parsedDataFor<N extends EndpointName>(name: N): fc.Arbitrary<ResponseOf<N>> {
  const schema: v.GenericSchema<unknown, ResponseOf<N>> = endpoints[name].response;
  return validDataFor(name).map((data) => v.parse(schema, data));
}

// ---------------------------------------------------------------------------------------------------
// Wrong data: one field of valid data changed to another type, or taken away
// ---------------------------------------------------------------------------------------------------

type Path = Array<string | number>;

const REMOVE = Symbol('remove the field');

function containerPaths(value: unknown, path: Path = [], depth = 0): Path[] {
  if (value === null || typeof value !== 'object' || depth > 6) return [];
  const children = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return [path, ...children.flatMap(([key, child]) => containerPaths(child, [...path, key], depth + 1))];
}

function childKeys(container: unknown): Array<string | number> {
  if (Array.isArray(container)) return container.map((_item, index) => index);
  return container !== null && typeof container === 'object' ? Object.keys(container) : [];
}

function childAt(root: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (node, key) => (node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined),
    root,
  );
}

/** A copy of `root` with the field at `path` replaced, or removed when `replacement` is REMOVE. */
function withField(root: unknown, path: Path, replacement: unknown): unknown {
  const key = path[path.length - 1];
  // The root itself: data of another type, or no data at all.
  if (key === undefined) return replacement === REMOVE ? undefined : replacement;
  const copy: unknown = structuredClone(root);
  const parent = childAt(copy, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object') return copy;
  const record = parent as Record<string | number, unknown>;
  if (replacement === REMOVE) {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
    else delete record[key];
  } else {
    record[key] = replacement;
  }
  return copy;
}

/** Values of every JSON kind, for a field that should hold another one. */
const wrongTypedValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 8 }),
  fc.constantFrom('200', 'true', '', '[]', '{}'),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

/** Valid data for the endpoint with one field changed to another type or removed: usually no longer valid. */
export function damagedDataFor(name: EndpointName): fc.Arbitrary<unknown> {
  return validDataFor(name).chain((data) => {
    const containers = containerPaths(data);
    const targets: Path[] = [[], ...containers.flatMap((container) => childKeys(childAt(data, container)).map((key) => [...container, key]))];
    return fc
      .tuple(fc.constantFrom(...targets), fc.oneof({ weight: 3, arbitrary: wrongTypedValue }, { weight: 1, arbitrary: fc.constant<unknown>(REMOVE) }))
      .map(([path, replacement]) => withField(data, path, replacement));
  });
}

// ---------------------------------------------------------------------------------------------------
// Envelopes and answers
// ---------------------------------------------------------------------------------------------------

/** The codes worth trying: success, the pass-through ones, session expiry, the task API's own, and any int. */
export const envelopeCode: fc.Arbitrary<number> = fc.oneof(
  { weight: 4, arbitrary: fc.constant(SUCCESS_CODE) },
  { weight: 3, arbitrary: fc.constantFrom(...PASS_THROUGH_CODES) },
  { weight: 2, arbitrary: fc.constant(SESSION_EXPIRED_CODE) },
  { weight: 1, arbitrary: fc.constantFrom(0, -1, 400, 402, 403, 404, 422, 500, 10086, 100000, 100003) },
  { weight: 2, arbitrary: fc.integer() },
);

/** `code` as a broken server might send it. */
const brokenCode: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('200', '401', 200.5, -0.5, true, null, [], {}, 1e21),
  fc.string({ maxLength: 6 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((value) => !Number.isInteger(value)),
);

/** `msg` as a server might send it: text, markup, nothing, or another type altogether. */
const envelopeMsg: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: htmlPayload },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', null) },
  { weight: 1, arbitrary: wrongTypedValue },
);

const FIELD_ABSENT = Symbol('field absent');

/** An envelope, with any of its fields missing or wrong, and data that fits the endpoint or not. */
function envelopeFor(name: EndpointName): fc.Arbitrary<Record<string, unknown>> {
  const data = fc.oneof(
    { weight: 5, arbitrary: validDataFor(name) },
    { weight: 3, arbitrary: damagedDataFor(name) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );
  const field = <T>(value: fc.Arbitrary<T>, absentWeight: number) =>
    fc.oneof({ weight: 20, arbitrary: value }, { weight: absentWeight, arbitrary: fc.constant<typeof FIELD_ABSENT>(FIELD_ABSENT) });
  return fc
    .record({
      code: field(fc.oneof({ weight: 9, arbitrary: envelopeCode }, { weight: 1, arbitrary: brokenCode }), 1),
      msg: field(envelopeMsg, 2),
      data: field(data, 2),
    })
    .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== FIELD_ABSENT)));
}

/** Statuses that may carry a body (a 1xx, 204 or 304 cannot, and the Response constructor refuses them). */
const statusWithBody = fc.oneof(
  { weight: 6, arbitrary: fc.constant(200) },
  { weight: 2, arbitrary: fc.constantFrom(201, 202, 203, 206) },
  { weight: 3, arbitrary: fc.constantFrom(400, 401, 403, 404, 409, 418, 422, 429, 500, 502, 503, 504) },
);

const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  'text/html',
  'application/problem+json',
  'application/octet-stream',
);

export type ServerAnswer =
  /** A JSON body (JSON.stringify of `body`), whatever its shape. */
  | { kind: 'json'; status: number; contentType: string; body: unknown }
  /** A body that is text as it is: broken JSON, an HTML error page, plain words, or nothing. */
  | { kind: 'text'; status: number; contentType: string | null; text: string }
  /** A few megabytes, in the msg, in data, or in a field nobody reads. */
  | { kind: 'huge'; status: number; code: number; field: 'msg' | 'data' | 'padding'; megabytes: number }
  /** `data` nested `depth` arrays deep. */
  | { kind: 'deep'; status: number; code: number; depth: number }
  /** The connection fails (DNS, reset, CORS: fetch rejects). */
  | { kind: 'networkError' }
  /** No answer at all: only the client's time limit ends the call. */
  | { kind: 'hang' };

/** JSON that is not quite: cut short, with a trailing comma, single quotes, a BOM, comments. */
function brokenJson(envelope: Record<string, unknown>): fc.Arbitrary<string> {
  const json = JSON.stringify(envelope);
  return fc.oneof(
    fc.nat({ max: Math.max(0, json.length - 1) }).map((cut) => json.slice(0, cut)),
    fc.constant(json.replace(/}$/, ',}')),
    fc.constant(json.replaceAll('"', "'")),
    fc.constant(`\uFEFF${json}`),
    fc.constant(`// answer\n${json}`),
    fc.constant(`${json}${json}`),
    fc.constant(`)]}',\n${json}`),
  );
}

const htmlPage = fc.constantFrom(
  '<!doctype html><html><body><h1>502 Bad Gateway</h1></body></html>',
  '<html><head><title>Maintenance</title></head><body><img src=x onerror=alert(1)></body></html>',
  '<?xml version="1.0"?><error><code>500</code></error>',
);

/** Every kind of answer, for the endpoint `name`. */
export function serverAnswerFor(name: EndpointName): fc.Arbitrary<ServerAnswer> {
  const envelope = envelopeFor(name);
  return fc.oneof(
    { weight: 40, arbitrary: fc.record({ kind: fc.constant('json' as const), status: statusWithBody, contentType, body: envelope }) },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        status: statusWithBody,
        contentType,
        body: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom<unknown>(null, [], {}, 0, '', 'ok', [{ code: 200 }])),
      }),
    },
    {
      weight: 8,
      arbitrary: fc.record({
        kind: fc.constant('text' as const),
        status: statusWithBody,
        contentType: fc.option(contentType, { nil: null }),
        text: fc.oneof(envelope.chain(brokenJson), htmlPage, fc.constantFrom('', ' ', '\n', 'null', 'OK', 'undefined'), fc.string({ maxLength: 40 })),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        status: fc.constantFrom(200, 500),
        code: envelopeCode,
        field: fc.constantFrom('msg' as const, 'data' as const, 'padding' as const),
        megabytes: fc.integer({ min: 1, max: 3 }),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('deep' as const),
        status: fc.constantFrom(200, 500),
        code: envelopeCode,
        depth: fc.constantFrom(100, 5_000, 50_000),
      }),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'networkError' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'hang' as const }) },
  );
}

/** The body text of an answer that has one (built on demand: a huge one is not kept in the description). */
export function answerText(answer: ServerAnswer): string | null {
  switch (answer.kind) {
    case 'json':
      return answer.body === undefined ? '' : JSON.stringify(answer.body);
    case 'text':
      return answer.text;
    case 'huge': {
      const blob = 'x'.repeat(answer.megabytes * 1024 * 1024);
      if (answer.field === 'msg') return JSON.stringify({ code: answer.code, msg: blob, data: null });
      if (answer.field === 'data') return JSON.stringify({ code: answer.code, msg: 'huge', data: blob });
      return JSON.stringify({ code: answer.code, msg: 'padded', data: null, padding: blob });
    }
    case 'deep':
      // Built as text: JSON.stringify would overflow the stack on the way.
      return `{"code":${answer.code},"msg":"deep","data":${'['.repeat(answer.depth)}${']'.repeat(answer.depth)}}`;
    case 'networkError':
    case 'hang':
      return null;
  }
}

/** What MSW answers with. */
export function answerResponse(answer: ServerAnswer): Response | Promise<Response> {
  switch (answer.kind) {
    case 'networkError':
      return HttpResponse.error();
    case 'hang':
      return new Promise<Response>(() => undefined);
    case 'json':
    case 'huge':
    case 'deep':
      return new HttpResponse(answerText(answer), {
        status: answer.status,
        headers: { 'content-type': answer.kind === 'json' ? answer.contentType : 'application/json' },
      });
    case 'text':
      return new HttpResponse(answer.text, {
        status: answer.status,
        ...(answer.contentType === null ? {} : { headers: { 'content-type': answer.contentType } }),
      });
  }
}

// ---------------------------------------------------------------------------------------------------
// What the client hands a machine: resolved envelopes and rejections
// ---------------------------------------------------------------------------------------------------

export type ClientResult<T> = { code: typeof SUCCESS_CODE; msg: string; data: T } | { code: PassThroughCode; msg: string; data: unknown };

const resolvedMsg = fc.oneof(fc.string({ maxLength: 30 }), htmlPayload, fc.constant(''));

/** A pass-through envelope, handed on with whatever data the server sent. */
export const passThroughResult: fc.Arbitrary<ClientResult<never>> = fc.record({
  code: fc.constantFrom(...PASS_THROUGH_CODES),
  msg: resolvedMsg,
  data: fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined)),
});

/** Something the client could resolve with, carrying `data` on code 200. */
export function resultWith<T>(data: fc.Arbitrary<T>): fc.Arbitrary<ClientResult<T>> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ code: fc.constant(SUCCESS_CODE), msg: resolvedMsg, data }) },
    { weight: 2, arbitrary: passThroughResult },
  );
}

/** What `callApi(name)` may resolve with. */
export function clientResultFor<N extends EndpointName>(name: N): fc.Arbitrary<ClientResult<ResponseOf<N>>> {
  return resultWith(parsedDataFor(name));
}

/** What any call, or any third-party code behind an actor, may reject with. */
export function thrownValue(extraKinds: readonly string[] = []): fc.Arbitrary<unknown> {
  const message = fc.oneof(fc.string({ maxLength: 30 }), htmlPayload);
  const kind = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom<string>(...API_ERROR_KINDS, ...extraKinds) },
    { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
  );
  return fc.oneof(
    // What the API client really rejects with.
    fc
      .record({
        kind: fc.constantFrom(...API_ERROR_KINDS),
        message,
        code: fc.option(fc.integer(), { nil: undefined }),
        status: fc.option(fc.integer({ min: 400, max: 599 }), { nil: undefined }),
      })
      .map((details) => new ApiError(details)),
    // Structural look-alikes, with fields of any type.
    fc.record(
      {
        kind: fc.oneof(kind, wrongTypedValue),
        message: fc.oneof(message, wrongTypedValue),
        code: fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), wrongTypedValue),
      },
      { requiredKeys: [] },
    ),
    message.map((text) => new Error(text)),
    message.map((text) => new TypeError(text)),
    message.map((text) => new DOMException(text, 'AbortError')),
    // Anything at all, objects without a prototype included.
    fc.anything({ maxDepth: 2, withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true, withBigInt: true, withDate: true }),
  );
}
