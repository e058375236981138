/**
 * The shape of the OpenAPI 3.1 document that src/api/openapi.ts builds from the contract (and that
 * openapi.json holds), as far as the generator writes it and the API reference page reads it. Types and
 * names only: the page imports this without pulling in the generator.
 */

/** A JSON Schema (draft 2020-12, OpenAPI 3.1's dialect), loosely typed: the generator writes what valibot gives. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: readonly (string | number)[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  examples?: unknown[];
  [keyword: string]: unknown;
}

export interface ExampleObject {
  summary?: string;
  description?: string;
  value: unknown;
}

interface MediaTypeObject {
  schema: JsonSchema;
  examples?: Record<string, ExampleObject>;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path';
  required?: boolean;
  description?: string;
  style?: string;
  explode?: boolean;
  schema: JsonSchema;
  examples?: Record<string, ExampleObject>;
}

export interface RequestBodyObject {
  description?: string;
  required?: boolean;
  content: Record<string, MediaTypeObject>;
}

interface ResponseObject {
  description: string;
  content?: Record<string, MediaTypeObject>;
}

/** One answer code of the task API (in the envelope's `code`, not the HTTP status). */
export interface ResultCode {
  code: number;
  description: string;
}

type SecurityRequirement = Record<string, string[]>;

export interface OperationObject {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security?: SecurityRequirement[];
  parameters?: ParameterObject[];
  requestBody?: RequestBodyObject;
  responses: Record<string, ResponseObject>;
  callbacks?: Record<string, Record<string, PathItemObject | { $ref: string }>>;
  /** The envelope codes this call answers, each with what it means. */
  'x-codes'?: ResultCode[];
  /** Why the call exists, when it is not in the platform's original call list. */
  'x-addition'?: string;
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; description?: string }>;
}

export interface PathItemObject {
  servers?: ServerObject[];
  get?: OperationObject;
  post?: OperationObject;
}

export interface TagObject {
  name: string;
  description?: string;
}

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect?: string;
  info: { title: string; version: string; description?: string };
  servers: ServerObject[];
  tags: TagObject[];
  security: SecurityRequirement[];
  paths: Record<string, PathItemObject>;
  webhooks: Record<string, PathItemObject | { $ref: string }>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, Record<string, unknown>>;
    pathItems?: Record<string, PathItemObject>;
  };
}

/** The tag of the public image-task API (API key as Bearer token); every other tag is the product's own API. */
export const TASK_API_TAG = 'Task API';
/** The security schemes: the signed-in session's token, and an API key. */
export const SESSION_SCHEME = 'session';
export const API_KEY_SCHEME = 'apiKey';
/** The webhook (and callback) the task API POSTs to `callBackUrl` when a task ends. */
export const TASK_CALLBACK_NAME = 'taskFinished';
