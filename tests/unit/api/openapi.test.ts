// @vitest-environment node
/**
 * The OpenAPI document: its shape, its examples against the contract's own schemas, and the drift check: the
 * checked-in openapi.json must equal what the contract generates now (`npm run openapi` writes it), so CI fails on
 * a contract change that was not followed by `npm run openapi`.
 */
import { existsSync, readFileSync } from 'node:fs';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { endpoints, type EndpointName } from '../../../src/api/contract';
import { TaskCallbackSchema, requestSchemas } from '../../../src/api/taskRequests';
import { buildOpenApiDocument } from '../../../src/api/openapi';
import { API_KEY_SCHEME, TASK_API_TAG, type JsonSchema, type OperationObject, type PathItemObject } from '../../../src/api/openapiModel';
import { openApiFiles } from '../../../scripts/generated-files';

const document = buildOpenApiDocument();
const text = JSON.stringify(document, null, 2);

function operations(): Array<{ path: string; method: string; op: OperationObject }> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (['get', 'post'] as const).flatMap((method) => (item[method] ? [{ path, method, op: item[method] }] : [])),
  );
}

function operationOf(name: EndpointName): OperationObject {
  const found = operations().find(({ op }) => op.operationId === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found.op;
}

/** Follows a local JSON pointer (`#/a/b~1c`) through the document. */
function pointer(ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`not a local reference: ${ref}`);
  let node: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !(key in node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function allRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => allRefs(item, found));
  else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else allRefs(value, found);
    }
  }
  return found;
}

function schemaOf(schema: JsonSchema): JsonSchema {
  return schema.$ref ? (pointer(schema.$ref) as JsonSchema) : schema;
}

describe('the OpenAPI document', () => {
  it('is the checked-in openapi.json (run npm run openapi after changing the contract)', () => {
    const [file, ...others] = openApiFiles().files;
    expect(file?.path).toBe('openapi.json');
    expect(others).toEqual([]);
    const committed = file && existsSync(file.path) ? readFileSync(file.path, 'utf8') : '';
    if (committed !== file?.content) throw new Error('openapi.json is out of date: run npm run openapi');
    // What the generator writes is this document, as the reference page reads it.
    expect(JSON.parse(committed)).toEqual(document);
  });

  it('is OpenAPI 3.1 with responses on every operation and every $ref resolving', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBeTruthy();
    expect(operations().length).toBeGreaterThan(0);
    for (const { op, path, method } of operations()) {
      expect(Object.keys(op.responses), `${method} ${path}`).not.toHaveLength(0);
      expect(op.operationId).toBeTruthy();
    }
    const refs = allRefs(document);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(pointer(ref), ref).toBeDefined();
  });

  it('has every call of the contract, at its path and method, task API calls with the API key', () => {
    for (const [name, def] of Object.entries(endpoints) as Array<[EndpointName, (typeof endpoints)[EndpointName]]>) {
      const item: PathItemObject | undefined = document.paths[def.path];
      const op = item?.[def.method === 'GET' ? 'get' : 'post'];
      expect(op?.operationId, name).toBe(name);
      const isTask = 'host' in def && def.host === 'generation';
      expect(op?.tags.includes(TASK_API_TAG), name).toBe(isTask);
      if (isTask) {
        expect(op?.security).toEqual([{ [API_KEY_SCHEME]: [] }]);
        expect(op?.['x-codes']?.length, name).toBeGreaterThan(0);
        expect(item?.servers?.length).toBe(1);
      }
    }
  });

  it("takes generate's request from the strict schema: exactly its fields, nothing else", () => {
    const body = operationOf('generate').requestBody?.content['application/json']?.schema;
    if (!body) throw new Error('generate has no JSON body');
    const schema = schemaOf(body);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(
      ['callBackUrl', 'image_size', 'imageUrls', 'numImages', 'prompt', 'type', 'watermark'].sort(),
    );
    expect(schema.required?.sort()).toEqual(['callBackUrl', 'prompt', 'type']);
    expect(schema.properties?.type?.enum).toEqual(['TEXTTOIAMGE', 'IMAGETOIAMGE']);
  });

  it('has examples the contract accepts, the public docs’ own among them', () => {
    const names = ['generate', 'generate2', 'generatePro', 'taskRecord', 'credit'] as const;
    for (const name of names) {
      const op = operationOf(name);
      const def = endpoints[name];
      const requestExamples = Object.values(op.requestBody?.content['application/json']?.examples ?? {});
      const request = requestSchemas[name];
      if (requestExamples.length) expect(request, name).toBeDefined();
      for (const example of requestExamples) if (request) expect(v.safeParse(request, example.value).issues, name).toBeUndefined();
      const responses = Object.values(op.responses['200']?.content?.['application/json']?.examples ?? {});
      expect(responses.length, name).toBeGreaterThan(0);
      for (const example of responses) {
        const value = example.value as { code: number; data: unknown };
        if (value.code === 200) expect(v.safeParse(def.response, value.data).issues, name).toBeUndefined();
      }
    }
    const taskQuery = operationOf('taskRecord').parameters?.find((parameter) => parameter.name === 'taskId');
    expect(taskQuery?.required).toBe(true);
    expect(taskQuery?.in).toBe('query');
    const query = requestSchemas.taskRecord;
    if (!query) throw new Error('record-info has no request schema');
    for (const example of Object.values(taskQuery?.examples ?? {})) expect(v.safeParse(query, { taskId: example.value }).issues).toBeUndefined();
    expect(text).toContain('"resultImageUrl": "https://ourserver.com/image/result.jpg"');
    expect(text).toContain('"type": "TEXTTOIAMGE"');
  });

  it('documents the callback the task API POSTs, with examples the callback schema accepts', () => {
    const item = schemaOfPathItem(document.webhooks.taskFinished);
    const media = item.post?.requestBody?.content['application/json'];
    expect(media?.schema.$ref).toBe('#/components/schemas/TaskCallback');
    for (const example of Object.values(media?.examples ?? {})) expect(v.safeParse(TaskCallbackSchema, example.value).issues).toBeUndefined();
    expect(operationOf('generate').callbacks?.taskFinished).toBeDefined();
  });

  it('documents the task codes and successFlag', () => {
    const codes = operationOf('taskRecord')['x-codes']?.map((entry) => entry.code);
    expect(codes).toEqual(expect.arrayContaining([200, 400, 401, 404, 429, 500, 501]));
    expect(operationOf('generate')['x-codes']?.map((entry) => entry.code)).toContain(402);
    const record = document.components.schemas.TaskRecord;
    expect(record?.properties?.successFlag?.description).toMatch(/0 generating, 1 success, 2 task creation failed, 3 generation failed/);
    expect(record?.properties?.createTime?.description).toContain('YYYY-MM-DD HH:mm:ss');
  });
});

function schemaOfPathItem(item: PathItemObject | { $ref: string } | undefined): PathItemObject {
  if (!item) throw new Error('no path item');
  return '$ref' in item ? (pointer(item.$ref) as PathItemObject) : item;
}
