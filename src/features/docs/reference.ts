/**
 * Reading the OpenAPI document for the reference page: the operations by tag, and a schema flattened into
 * rows (one per field, nested fields with dotted names) with a compact type. Pure: no React, no i18n; the
 * page words what these return.
 */
import {
  TASK_API_TAG,
  TASK_CALLBACK_NAME,
  type ExampleObject,
  type JsonSchema,
  type OpenApiDocument,
  type OperationObject,
  type PathItemObject,
} from '../../api/openapiModel';

export interface Operation {
  method: 'GET' | 'POST';
  path: string;
  operation: OperationObject;
}

/** Follows a local reference (`#/components/...`), or gives the value itself. */
function deref<T>(document: OpenApiDocument, value: T | { $ref: string }): T | undefined {
  // The document is the one buildOpenApiDocument() typed (openapi.test.ts holds openapi.json to it): what is not a
  // reference is the T it was typed as, and what a reference points at is too, which no check here could prove.
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- see above
  if (typeof value !== 'object' || value === null || !('$ref' in value) || typeof value.$ref !== 'string') return value as T;
  let node: unknown = document;
  for (const part of value.$ref.replace(/^#\//, '').split('/')) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null) return undefined;
    node = Reflect.get(node, key);
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- where a reference of the document points
  return node as T | undefined;
}

function operations(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => {
      const operation = item[method];
      return operation ? [{ method: method === 'get' ? ('GET' as const) : ('POST' as const), path, operation }] : [];
    }),
  );
}

export function taskOperations(document: OpenApiDocument): Operation[] {
  return operations(document).filter(({ operation }) => operation.tags.includes(TASK_API_TAG));
}

/** The product API's calls, grouped by tag in the document's order of tags. */
export function platformGroups(document: OpenApiDocument): Array<{ name: string; description: string; operations: Operation[] }> {
  const all = operations(document);
  return document.tags
    .filter((tag) => tag.name !== TASK_API_TAG)
    .map((tag) => ({
      name: tag.name,
      description: tag.description ?? '',
      operations: all.filter(({ operation }) => operation.tags.includes(tag.name)),
    }))
    .filter((group) => group.operations.length > 0);
}

export function callbackOperation(document: OpenApiDocument): OperationObject | undefined {
  const item = document.webhooks[TASK_CALLBACK_NAME];
  return item ? deref<PathItemObject>(document, item)?.post : undefined;
}

/** One field of a schema, as a row of a table. */
export interface FieldRow {
  /** Dotted from the top: `response.resultImageUrl`, `records[].id`. */
  name: string;
  depth: number;
  /** Compact, code-like: `string`, `integer`, `string[]`, `string | null`. */
  type: string;
  required: boolean;
  description: string;
  enumValues: ReadonlyArray<string | number>;
  defaultValue?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  format?: string;
}

/** The schema without its `null` option, and whether it had one. */
function withoutNull(schema: JsonSchema): { schema: JsonSchema; nullable: boolean } {
  const options = schema.anyOf;
  if (!options) return { schema, nullable: false };
  const rest = options.filter((option) => option.type !== 'null');
  const nullable = rest.length < options.length;
  if (rest.length === 1 && rest[0]) return { schema: { ...rest[0], description: schema.description ?? rest[0].description }, nullable };
  return { schema: { ...schema, anyOf: rest }, nullable };
}

function resolveSchema(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const target = deref<JsonSchema>(document, { $ref: schema.$ref }) ?? {};
  // A description next to a reference speaks for this use of it.
  return schema.description ? { ...target, description: schema.description } : target;
}

/** A compact type: what a developer would write in TypeScript. */
function typeText(document: OpenApiDocument, input: JsonSchema): string {
  const { schema: bare, nullable } = withoutNull(input);
  const schema = resolveSchema(document, bare);
  let text: string;
  if (schema.anyOf?.length) text = schema.anyOf.map((option) => typeText(document, option)).join(' | ');
  else if (schema.type === 'array') {
    const item = schema.items ? typeText(document, schema.items) : 'unknown';
    text = item.includes(' ') ? `(${item})[]` : `${item}[]`;
  } else if (Array.isArray(schema.type)) text = schema.type.join(' | ');
  else if (schema.type) text = schema.type;
  else text = 'any';
  return nullable ? `${text} | null` : text;
}

/** The object to list the fields of, looking through references, `null` options and arrays. */
function fieldsOf(document: OpenApiDocument, schema: JsonSchema): { object: JsonSchema; suffix: string } | undefined {
  const resolved = resolveSchema(document, withoutNull(schema).schema);
  if (resolved.type === 'object' && resolved.properties) return { object: resolved, suffix: '' };
  if (resolved.type === 'array' && resolved.items) {
    const inner = fieldsOf(document, resolved.items);
    return inner ? { object: inner.object, suffix: `[]${inner.suffix}` } : undefined;
  }
  return undefined;
}

/** Every field of an object schema, nested ones after their parent. Empty for a schema that is not an object. */
export function fieldRows(document: OpenApiDocument, schema: JsonSchema, prefix = '', depth = 0, seen: ReadonlySet<string> = new Set()): FieldRow[] {
  const fields = fieldsOf(document, schema);
  if (!fields) return [];
  const required = new Set(fields.object.required ?? []);
  return Object.entries(fields.object.properties ?? {}).flatMap(([key, property]) => {
    const name = prefix ? `${prefix}${fields.suffix}.${key}` : key;
    const { schema: bare } = withoutNull(property);
    const resolved = resolveSchema(document, bare);
    const row: FieldRow = {
      name,
      depth,
      type: typeText(document, property),
      required: required.has(key),
      description: property.description ?? resolved.description ?? '',
      enumValues: resolved.enum ?? (resolved.type === 'array' && resolved.items ? (resolveSchema(document, resolved.items).enum ?? []) : []),
    };
    if (property.default !== undefined) row.defaultValue = property.default;
    if (resolved.minimum !== undefined) row.minimum = resolved.minimum;
    if (resolved.maximum !== undefined) row.maximum = resolved.maximum;
    if (resolved.minLength !== undefined) row.minLength = resolved.minLength;
    if (resolved.maxLength !== undefined) row.maxLength = resolved.maxLength;
    if (resolved.maxItems !== undefined) row.maxItems = resolved.maxItems;
    const format = resolved.format ?? (resolved.items ? resolveSchema(document, resolved.items).format : undefined);
    if (format) row.format = format;
    // A schema that contains itself is listed once.
    const ref = bare.$ref ?? bare.items?.$ref;
    if (ref && seen.has(ref)) return [row];
    const nextSeen = ref ? new Set([...seen, ref]) : seen;
    return [row, ...fieldRows(document, property, name, depth + 1, nextSeen)];
  });
}

/** The JSON body schema of a request or an answer (first media type). */
export function bodySchema(content: Record<string, { schema: JsonSchema }> | undefined): JsonSchema | undefined {
  return content ? Object.values(content)[0]?.schema : undefined;
}

/** The example values of a request: the body's first example, or the query parameters' first examples. */
export function requestExample(operation: OperationObject): { body?: unknown; query: Record<string, unknown> } {
  const media = operation.requestBody ? Object.values(operation.requestBody.content)[0] : undefined;
  const body = media?.examples ? Object.values(media.examples)[0]?.value : undefined;
  const query: Record<string, unknown> = {};
  for (const parameter of operation.parameters ?? []) {
    const example = parameter.in === 'query' && parameter.examples ? Object.values(parameter.examples)[0] : undefined;
    if (example) query[parameter.name] = example.value;
  }
  return body === undefined ? { query } : { body, query };
}

export function responseExamples(operation: OperationObject): ExampleObject[] {
  const media = operation.responses['200']?.content?.['application/json'];
  return Object.values(media?.examples ?? {});
}

/** The id of a section for an operation: stable, usable in the address (`#generate`). */
export function anchorOf(operation: OperationObject): string {
  return operation.operationId;
}
