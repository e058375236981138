/**
 * The contract as a document: an OpenAPI 3.1 description of every call in `endpoints`, built from the same
 * valibot schemas the client checks answers with, so the document cannot say something the code does not.
 * Pure (no Node, no DOM): `npm run openapi` writes it to openapi.json (scripts/generated-files.ts), a unit test
 * fails when the checked-in file differs; the API reference page (/docs) renders that file.
 *
 * Schemas describe what travels on the wire (valibot's input side): a field the client coerces or falls back
 * on is documented as the server may send it. Prose the schemas cannot carry (what a field means, examples,
 * the task API's codes) is written here, next to the schemas it describes.
 */
import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { MODELS, RESOLUTIONS, creditsPerImage, type GenerationModel } from '../domain/generationOptions';
import {
  ApiKeySchema,
  AutoTopUpSchema,
  DiscountSchema,
  LoginDataSchema,
  OrderSchema,
  OrderStatusSchema,
  PaymentProviderSchema,
  SUCCESS_CODE,
  TASK_CODES,
  TaskRecordSchema,
  TaskStatusSchema,
  UsagePointSchema,
  UsageRecordSchema,
  UserSchema,
  endpoints,
  type BodyKind,
  type EndpointName,
} from './contract';
import { CreateOrderRequestSchema, MAX_IDEMPOTENCY_KEY_LENGTH, PaypalCreateRequestSchema, orderRequestSchemas } from './orderRequests';
import { NanoBanana2RequestSchema, NanoBananaProRequestSchema, NanoBananaRequestSchema, TaskCallbackSchema, requestSchemas } from './taskRequests';
import {
  API_KEY_SCHEME,
  SESSION_SCHEME,
  TASK_API_TAG,
  TASK_CALLBACK_NAME,
  type ExampleObject,
  type JsonSchema,
  type OpenApiDocument,
  type OperationObject,
  type ParameterObject,
  type PathItemObject,
  type RequestBodyObject,
  type ResultCode,
  type ServerObject,
  type TagObject,
} from './openapiModel';

// ---------------------------------------------------------------------------------------------------
// Schemas
// ---------------------------------------------------------------------------------------------------

/** Named schemas: each is written once under components.schemas and referenced wherever it occurs. */
const COMPONENTS = {
  User: UserSchema,
  LoginData: LoginDataSchema,
  ApiKey: ApiKeySchema,
  AutoTopUp: AutoTopUpSchema,
  Discount: DiscountSchema,
  PaymentProvider: PaymentProviderSchema,
  OrderStatus: OrderStatusSchema,
  Order: OrderSchema,
  UsageRecord: UsageRecordSchema,
  UsagePoint: UsagePointSchema,
  TaskStatus: TaskStatusSchema,
  TaskRecord: TaskRecordSchema,
  TaskCallback: TaskCallbackSchema,
  NanoBananaRequest: NanoBananaRequestSchema,
  NanoBanana2Request: NanoBanana2RequestSchema,
  NanoBananaProRequest: NanoBananaProRequestSchema,
  CreateOrderRequest: CreateOrderRequestSchema,
  PaypalCreateRequest: PaypalCreateRequestSchema,
} satisfies Record<string, v.GenericSchema>;
type ComponentName = keyof typeof COMPONENTS;

const COMPONENT_REF = '#/components/schemas/';

const CONVERSION: ConversionConfig = {
  target: 'draft-2020-12',
  // What the wire carries: a pipe stops before its first transform (an id sent as a number, a code as digits).
  typeMode: 'input',
  // Transforms, fallbacks and checks JSON Schema cannot express are left out rather than failing the build.
  errorMode: 'ignore',
  definitions: COMPONENTS,
  overrideRef: ({ referenceId }) => `${COMPONENT_REF}${referenceId}`,
};

/** A schema of the contract as JSON Schema, named components referenced (never inlined, never under $defs). */
function jsonSchemaOf(schema: v.GenericSchema): JsonSchema {
  const { $schema: _dialect, $defs: _defs, ...rest } = toJsonSchema(schema, CONVERSION) as JsonSchema;
  return rest;
}

function componentSchemas(): Record<string, JsonSchema> {
  const { definitions: _own, ...config } = CONVERSION;
  return toJsonSchemaDefs(COMPONENTS, config) as unknown as Record<string, JsonSchema>;
}

/** The object schema inside a nullable wrapper (`anyOf: [object, null]`), or the schema itself. */
function objectPart(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((option) => option.type === 'object') ?? schema;
}

/** A reference to a component replaced by the component's schema (one level). */
function resolved(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const name = schema.$ref?.startsWith(COMPONENT_REF) ? schema.$ref.slice(COMPONENT_REF.length) : undefined;
  return (name !== undefined ? components[name] : undefined) ?? schema;
}

/** Writes a description on a property, given as a dotted path through nested objects. */
function describe(schema: JsonSchema, path: string, description: string): void {
  const [head, ...tail] = path.split('.');
  const property = head === undefined ? undefined : objectPart(schema).properties?.[head];
  if (!property) throw new Error(`openapi: no property ${path} to describe`);
  if (tail.length === 0) property.description = description;
  else describe(property, tail.join('.'), description);
}

const TASK_TIME = 'Empty ("") until known, otherwise local time written "YYYY-MM-DD HH:mm:ss" (no time zone).';
const SUCCESS_FLAGS = '0 generating, 1 success, 2 task creation failed, 3 generation failed.';
const HTTP_URL = 'An http or https URL.';

function aspectRatioText(model: GenerationModel): string {
  const spec = MODELS[model];
  return spec.defaultAspectRatio === 'auto'
    ? 'Aspect ratio of the image. "auto" (the default) follows the first reference image, or is square without one.'
    : `Aspect ratio of the image. Default "${spec.defaultAspectRatio}".`;
}

function resolutionText(model: GenerationModel): string {
  const prices = RESOLUTIONS.map((resolution) => `${resolution}: ${creditsPerImage(model, resolution)} credits`).join(', ');
  return `Long side of the image: 1K about 1024 px, 2K about 2048 px, 4K about 4096 px. Default "1K". Price per image: ${prices}.`;
}

const ORDER_REQUEST_FIELDS: Record<string, string> = {
  packageId: 'The credit package to buy.',
  returnUrl: 'Where the provider sends the buyer back after paying (redirect providers); a page of this site.',
  cancelUrl: 'Where the provider sends the buyer back after cancelling (redirect providers); a page of this site.',
  idempotencyKey: `Addition: a random key (1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters) chosen once per purchase and sent again when the same purchase is retried after an answer that never arrived. A repeat with the same key and body answers the order the key already created: no second order, no second charge. The same key with a different body is refused with code 422. Keys are kept for 24 hours.`,
};

/** What each field means: the API's own documentation, kept in English. */
const COMPONENT_DOCS: Partial<Record<ComponentName, { description: string; properties?: Record<string, string> }>> = {
  NanoBananaRequest: {
    description: 'A Nano Banana task. Only these fields are accepted: any other field is refused with code 400.',
    properties: {
      prompt: `What to draw, or how to change the reference images. At most ${MODELS['nano-banana'].maxPromptLength} characters.`,
      type: 'TEXTTOIAMGE draws from the prompt alone; IMAGETOIAMGE edits the images in imageUrls (at least one). The values are spelled exactly this way.',
      callBackUrl: `Required by this endpoint: where the API POSTs the result when the task ends (see the ${TASK_CALLBACK_NAME} webhook). You can poll record-info as well. ${HTTP_URL}`,
      numImages: `How many images to make. Default 1. Each costs ${creditsPerImage('nano-banana', '')} credits.`,
      imageUrls: 'Reference images for IMAGETOIAMGE (http or https URLs).',
      watermark: 'Text stamped on the images.',
      image_size: aspectRatioText('nano-banana'),
    },
  },
  NanoBanana2Request: {
    description: 'A Nano Banana 2 task: one image, from text alone or with reference images. Only these fields are accepted.',
    properties: {
      prompt: 'What to draw, or how to change the reference images.',
      imageUrls: 'Reference images (http or https URLs). Left out or empty: an image from text alone.',
      aspectRatio: aspectRatioText('nano-banana-2'),
      resolution: resolutionText('nano-banana-2'),
      outputFormat: 'File type of the image. Default "jpg".',
      googleSearch: 'Ground the image in a web search (recent events, real places and products).',
      callBackUrl: `Optional: where the API POSTs the result when the task ends. ${HTTP_URL}`,
    },
  },
  NanoBananaProRequest: {
    description: 'A Nano Banana Pro task: one image, from text alone or with reference images. Only these fields are accepted.',
    properties: {
      prompt: `What to draw, or how to change the reference images. At most ${MODELS['nano-banana-pro'].maxPromptLength} characters.`,
      imageUrls: 'Reference images (http or https URLs). Left out or empty: an image from text alone.',
      resolution: resolutionText('nano-banana-pro'),
      aspectRatio: aspectRatioText('nano-banana-pro'),
      callBackUrl: `Optional: where the API POSTs the result when the task ends. ${HTTP_URL}`,
    },
  },
  TaskStatus: { description: `successFlag: ${SUCCESS_FLAGS}` },
  TaskRecord: {
    description: 'A task and, once it succeeded, its result.',
    properties: {
      taskId: 'The id the generate call answered.',
      paramJson: 'The request as the server stored it: JSON text, may be empty.',
      successFlag: SUCCESS_FLAGS,
      response: 'The result, once successFlag is 1 (null or empty before).',
      'response.resultImageUrl': "The platform's copy of the image, kept longer: use this one.",
      'response.originImageUrl': "The model vendor's copy, valid for about 10 minutes.",
      'response.resultImageUrls': 'Not documented by the host: several images of one task, should a host send them this way.',
      errorCode: 'Why the task failed (0 when it did not): a number, possibly sent as digits.',
      errorMessage: 'Why the task failed, in words (empty when it did not).',
      createTime: `When the task was created. ${TASK_TIME}`,
      completeTime: `When the task ended. ${TASK_TIME}`,
    },
  },
  TaskCallback: {
    description:
      'What the task API POSTs to callBackUrl when a task ends. Two shapes occur: data.info.resultImageUrl, and (newer endpoints) the task record in data.',
    properties: {
      code: `${SUCCESS_CODE} when the task succeeded; otherwise the failure's code.`,
      msg: 'What happened, in words.',
      'data.taskId': 'The task this is about.',
      'data.info': 'The result, in the older shape.',
      'data.info.resultImageUrl': 'The image.',
      'data.successFlag': SUCCESS_FLAGS,
      'data.response': 'The result, in the task record shape.',
      'data.errorCode': 'Why the task failed (0 when it did not).',
      'data.errorMessage': 'Why the task failed, in words.',
    },
  },
  CreateOrderRequest: { description: 'Buying a credit package: the order to create.', properties: ORDER_REQUEST_FIELDS },
  PaypalCreateRequest: {
    description: 'Buying a credit package with PayPal: the order to create.',
    properties: {
      ...ORDER_REQUEST_FIELDS,
      vaultId: 'A saved PayPal payment method (an id from get-all-available-vaults): paid without a new approval.',
    },
  },
  User: { description: 'The signed-in account.' },
  ApiKey: { description: 'One of the account’s API keys.' },
  Order: { description: 'A credit purchase.' },
  UsageRecord: { description: 'One task as the usage history lists it.' },
  UsagePoint: { description: 'Credits and requests in one time bucket (a day or an hour), optionally per API key.' },
};

function documentedComponents(): Record<string, JsonSchema> {
  const schemas = componentSchemas();
  for (const [name, docs] of Object.entries(COMPONENT_DOCS)) {
    const schema = schemas[name];
    if (!schema || !docs) continue;
    schema.description = docs.description;
    for (const [path, text] of Object.entries(docs.properties ?? {})) describe(schema, path, text);
  }
  return schemas;
}

// ---------------------------------------------------------------------------------------------------
// Areas, security, servers
// ---------------------------------------------------------------------------------------------------

type Area = 'task' | 'auth' | 'account' | 'payments' | 'orders';

const TAGS: Record<Area, TagObject> = {
  task: {
    name: TASK_API_TAG,
    description:
      'The public image-task API: create a task with your API key, then read its result with record-info or receive it at callBackUrl. Called from your own code, with the key as a Bearer token.',
  },
  auth: { name: 'Sign-in', description: 'Signing up and in (Google, Microsoft, e-mail), e-mailed codes, passwords, signing out.' },
  account: { name: 'Account', description: 'The signed-in account: profile, API keys, alerts, IP allow-list, e-mail preferences, Discord.' },
  payments: { name: 'Payments', description: 'Buying credits through each payment provider, and the ZIP code lookup for invoices.' },
  orders: { name: 'Orders and usage', description: 'Orders, invoices, usage over time and the list of tasks.' },
};
const AREA_ORDER: readonly Area[] = ['task', 'auth', 'account', 'payments', 'orders'];

/** Calls made before there is a session (logout is not one of them). */
const PUBLIC_CALLS: ReadonlySet<EndpointName> = new Set<EndpointName>([
  'googleLogin',
  'outlookLogin',
  'login',
  'register',
  'resetPassword',
  'sendCaptcha',
]);
const SIGN_IN_CALLS: ReadonlySet<EndpointName> = new Set<EndpointName>([...PUBLIC_CALLS, 'logout']);

function areaOf(name: EndpointName): Area {
  const def: EndpointDefinition = definitionOf(name);
  if (def.host === 'generation') return 'task';
  if (SIGN_IN_CALLS.has(name)) return 'auth';
  if (def.path.startsWith('/client/trade/')) return 'payments';
  if (/\/(payOrder|dashboard|userRecord)\//.test(def.path)) return 'orders';
  return 'account';
}

interface EndpointDefinition {
  method: 'GET' | 'POST';
  path: string;
  body: BodyKind;
  response: v.GenericSchema;
  host?: 'platform' | 'generation';
  request?: v.GenericSchema;
  addition?: string;
}

/** A call of the contract with its request schema, where the contract fixes one. */
function definitionOf(name: EndpointName): EndpointDefinition {
  const request = requestSchemas[name] ?? orderRequestSchemas[name];
  return { ...endpoints[name], ...(request ? { request } : {}) };
}

const PLACEHOLDER_HOST = 'https://api.example.com';

const PLATFORM_SERVER: ServerObject = {
  url: '{apiBaseUrl}',
  description: 'The product API (VITE_API_BASE_URL of the web app).',
  variables: { apiBaseUrl: { default: PLACEHOLDER_HOST, description: 'The product API host.' } },
};
const TASK_SERVER: ServerObject = {
  url: '{generationApiBaseUrl}',
  description: 'The image-task API (VITE_GENERATION_API_BASE_URL of the web app; the product API host when unset).',
  variables: { generationApiBaseUrl: { default: PLACEHOLDER_HOST, description: 'The image-task API host.' } },
};

// ---------------------------------------------------------------------------------------------------
// The task API's prose: summaries, codes, examples
// ---------------------------------------------------------------------------------------------------

const CODE_TEXT: Record<number, string> = {
  [SUCCESS_CODE]: 'Success.',
  [TASK_CODES.parameterError]:
    'Parameter error: a field is missing, has a value the endpoint does not take, or is not a field of the endpoint; or the prompt was refused by the content policy (the message says so).',
  [TASK_CODES.unauthorized]: 'The API key is missing or not valid.',
  [TASK_CODES.insufficientCredits]: 'Insufficient credits: the balance does not cover the task.',
  [TASK_CODES.taskNotFound]: "Task not found: no task with this id belongs to the key's account.",
  [TASK_CODES.rateLimited]: 'Rate limited: too many requests. Wait, then try again, more slowly.',
  [TASK_CODES.serverError]: 'Server error. Try again later.',
  [TASK_CODES.generationFailed]: 'Generation failed.',
};

function codes(...list: number[]): ResultCode[] {
  return list.map((code) => ({ code, description: CODE_TEXT[code] ?? '' }));
}

const ENVELOPE_NOTE =
  'Every answer is HTTP 200 with the envelope {code, msg, data}: `code` says how the call went (200 success, see the codes below), `msg` says it in words, `data` is the result (null or absent when code is not 200).';

function generateDescription(model: GenerationModel): string {
  const spec = MODELS[model];
  const price = spec.resolutions.length
    ? `Price per image by resolution: ${spec.resolutions.map((resolution) => `${resolution}: ${creditsPerImage(model, resolution)} credits`).join('; ')}`
    : `${creditsPerImage(model, '')} credits per image`;
  return [
    `Creates a ${spec.name} task and answers its id at once; the image is made in the background. Poll record-info with the id until successFlag is no longer 0, or wait for the POST to callBackUrl.`,
    `${price}, charged only when the task succeeds (a failed task is refunded).`,
  ].join('\n\n');
}

interface TaskDocs {
  summary: string;
  description: string;
  codes: ResultCode[];
  /** Descriptions of fields the contract writes inline: query parameters by name, answer fields as `data.x`. */
  fields?: Record<string, string>;
  request?: Record<string, ExampleObject>;
  responses: Record<string, ExampleObject>;
}

const TASK_ID_TEXT = 'The task’s id: ask record-info with it, and find it in the callback.';

const GENERATE_CODES = codes(
  SUCCESS_CODE,
  TASK_CODES.parameterError,
  TASK_CODES.unauthorized,
  TASK_CODES.insufficientCredits,
  TASK_CODES.rateLimited,
  TASK_CODES.serverError,
);

const CREATED: ExampleObject = { summary: 'Task created', value: { code: 200, msg: 'success', data: { taskId: 'task12345' } } };
const NO_CREDITS: ExampleObject = {
  summary: 'Insufficient credits',
  value: { code: TASK_CODES.insufficientCredits, msg: 'Insufficient credits', data: null },
};

const TASK_DOCS: Partial<Record<EndpointName, TaskDocs>> = {
  generate: {
    summary: 'Create a Nano Banana task',
    description: generateDescription('nano-banana'),
    codes: GENERATE_CODES,
    fields: { 'data.taskId': TASK_ID_TEXT },
    request: {
      textToImage: {
        summary: 'Text to image',
        value: {
          prompt: 'A serene mountain landscape at sunset with a lake reflecting the orange sky',
          numImages: 1,
          type: 'TEXTTOIAMGE',
          callBackUrl: 'https://your-callback-url.com/callback',
        },
      },
    },
    responses: { created: CREATED, insufficientCredits: NO_CREDITS },
  },
  generate2: {
    summary: 'Create a Nano Banana 2 task',
    description: generateDescription('nano-banana-2'),
    codes: GENERATE_CODES,
    fields: { 'data.taskId': TASK_ID_TEXT },
    request: {
      textToImage: {
        summary: 'Text to image, 2K',
        value: {
          prompt: 'A banana-shaped desk lamp on a walnut desk, soft studio light',
          aspectRatio: '16:9',
          resolution: '2K',
          outputFormat: 'png',
        },
      },
    },
    responses: { created: CREATED, insufficientCredits: NO_CREDITS },
  },
  generatePro: {
    summary: 'Create a Nano Banana Pro task',
    description: generateDescription('nano-banana-pro'),
    codes: GENERATE_CODES,
    fields: { 'data.taskId': TASK_ID_TEXT },
    request: {
      imageToImage: {
        summary: 'Edit a reference image',
        value: {
          prompt: 'The same product on a marble counter in morning light',
          imageUrls: ['https://example.com/product.jpg'],
          resolution: '2K',
          aspectRatio: '4:3',
        },
      },
    },
    responses: { created: CREATED, insufficientCredits: NO_CREDITS },
  },
  taskRecord: {
    summary: 'Get a task and its result',
    description: [
      `A task by its id: successFlag ${SUCCESS_FLAGS} Ask again every few seconds while it is 0, and more slowly after code ${TASK_CODES.rateLimited}.`,
      'On success the image is response.resultImageUrl (originImageUrl, the vendor’s copy, expires after about 10 minutes). Times are "" or local time "YYYY-MM-DD HH:mm:ss".',
    ].join('\n\n'),
    codes: codes(
      SUCCESS_CODE,
      TASK_CODES.parameterError,
      TASK_CODES.unauthorized,
      TASK_CODES.taskNotFound,
      TASK_CODES.rateLimited,
      TASK_CODES.serverError,
      TASK_CODES.generationFailed,
    ),
    fields: { taskId: 'The id a generate call answered.' },
    request: { task: { summary: 'A task id', value: { taskId: 'nanobanana_task_123456' } } },
    responses: {
      success: {
        summary: 'A finished task',
        value: {
          code: 200,
          msg: 'success',
          data: {
            taskId: 'nanobanana_task_123456',
            paramJson: '',
            completeTime: '',
            response: { originImageUrl: 'https://bfl.com/image/original.jpg', resultImageUrl: 'https://ourserver.com/image/result.jpg' },
            successFlag: 1,
            errorCode: 0,
            errorMessage: '',
            createTime: '',
          },
        },
      },
      notFound: { summary: 'No such task', value: { code: TASK_CODES.taskNotFound, msg: 'Task not found', data: null } },
    },
  },
  credit: {
    summary: 'Get the remaining credits',
    description: "The balance of the key's account, in credits, as a bare number.",
    codes: codes(SUCCESS_CODE, TASK_CODES.unauthorized, TASK_CODES.rateLimited, TASK_CODES.serverError),
    fields: { data: 'The credits left; null or absent when code is not 200.' },
    responses: { balance: { summary: 'The balance', value: { code: 200, msg: 'success', data: 100 } } },
  },
};

const CALLBACK_EXAMPLES: Record<string, ExampleObject> = {
  info: {
    summary: 'Success, result in data.info',
    value: {
      code: 200,
      msg: 'Image generated successfully.',
      data: { taskId: 'task12345', info: { resultImageUrl: 'https://ourserver.com/image/result.jpg' } },
    },
  },
  record: {
    summary: 'Success, result as in the task record',
    value: {
      code: 200,
      msg: 'success',
      data: {
        taskId: 'task12345',
        successFlag: 1,
        response: { originImageUrl: 'https://bfl.com/image/original.jpg', resultImageUrl: 'https://ourserver.com/image/result.jpg' },
        errorCode: 0,
        errorMessage: '',
      },
    },
  },
  failed: {
    summary: 'Generation failed',
    value: {
      code: TASK_CODES.generationFailed,
      msg: 'Generation failed',
      data: { taskId: 'task12345', info: null, successFlag: 3, errorCode: 501, errorMessage: 'Generation failed' },
    },
  },
};

// ---------------------------------------------------------------------------------------------------
// The platform's summaries
// ---------------------------------------------------------------------------------------------------

const SUMMARIES: Partial<Record<EndpointName, string>> = {
  googleLogin: 'Sign in or up with a Google ID token',
  outlookLogin: 'Sign in or up with a Microsoft ID token',
  login: 'Sign in with e-mail and password',
  register: 'Sign up with e-mail, password and the e-mailed code',
  resetPassword: 'Set a new password with the e-mailed code',
  sendCaptcha: 'E-mail a verification code',
  logout: 'Sign out',
  freekassaCreate: 'Create a Freekassa order',
  digisellerCreate: 'Create a Digiseller order',
  paypalCreate: 'Create a PayPal order',
  paypalCapture: 'Capture an approved PayPal order',
  paypalCheckOrderStatus: "Check a PayPal order's status",
  paypalUserIdToken: 'Get the PayPal user ID token (saved payment methods)',
  paypalVaults: 'List saved PayPal payment methods',
  creemCheckout: 'Create a Creem checkout session',
  wechatCreate: 'Create a WeChat Pay order (QR code)',
  nowpaymentsInvoice: 'Create a NOWPayments invoice',
  zipcodeInfo: 'Look up the US state of a ZIP code',
  userInfo: 'Get the signed-in account',
  resetApiKey: 'Replace the primary API key',
  addApiKey: 'Create an API key',
  deleteApiKey: 'Delete an API key',
  apiKeyList: 'List API keys',
  updateApiKeyName: 'Rename an API key',
  userDiscount: "Get the account's discount",
  setAutomaticDeduction: 'Set up auto top-up',
  saveAlertsEmail: 'Set the low-balance alert',
  saveIpWhitelist: 'Save the IP allow-list',
  updateEmailSubscription: 'Subscribe to or unsubscribe from e-mails',
  discordAuthorizeUrl: 'Get the Discord authorization URL',
  discordAuthorize: 'Connect a Discord account',
  payOrderList: 'List orders',
  applyInvoice: 'Apply for an invoice',
  timeRecord: 'Usage over time',
  usageRecordPage: 'List tasks (usage records)',
};

/** "paypalCheckOrderStatus" → "Paypal check order status": a summary for a call added without one. */
function summaryFromName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------

const MEDIA_TYPES: Record<'json' | 'form' | 'urlencoded', string> = {
  json: 'application/json',
  form: 'multipart/form-data',
  urlencoded: 'application/x-www-form-urlencoded',
};

const FREE_FORM: JsonSchema = { type: 'object', description: 'Fields not fixed by the contract’s schemas.' };

function queryParameters(def: EndpointDefinition, docs: TaskDocs | undefined, components: Record<string, JsonSchema>): ParameterObject[] {
  const examples = docs?.request;
  const fields = docs?.fields;
  if (!def.request)
    return [{ name: 'query', in: 'query', description: FREE_FORM.description, style: 'form', explode: true, schema: { type: 'object' } }];
  const schema = objectPart(resolved(jsonSchemaOf(def.request), components));
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property;
    const parameter: ParameterObject = { name, in: 'query', required: required.has(name), schema: rest };
    const text = description ?? fields?.[name];
    if (text) parameter.description = text;
    const values = Object.entries(examples ?? {}).filter(([, example]) => isRecord(example.value) && name in example.value);
    if (values.length)
      parameter.examples = Object.fromEntries(
        values.map(([key, example]) => [key, { ...example, value: (example.value as Record<string, unknown>)[name] }]),
      );
    return parameter;
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function requestBody(
  def: EndpointDefinition,
  kind: 'json' | 'form' | 'urlencoded',
  examples: Record<string, ExampleObject> | undefined,
): RequestBodyObject {
  const schema = def.request ? jsonSchemaOf(def.request) : FREE_FORM;
  return { required: true, content: { [MEDIA_TYPES[kind]]: { schema, ...(examples ? { examples } : {}) } } };
}

/** The envelope around a call's result. */
function envelopeSchema(data: JsonSchema, task: boolean): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg'],
    properties: {
      code: {
        type: 'integer',
        description: task
          ? 'How the call went: 200 success, any other value one of the codes listed for the call.'
          : 'How the call went: 200 success; any other value an error code.',
      },
      msg: { type: 'string', description: 'What happened, in words.' },
      data: { ...data, description: [data.description, 'The result; null or absent when code is not 200.'].filter(Boolean).join(' ') },
    },
  };
}

function operation(
  name: EndpointName,
  components: Record<string, JsonSchema>,
): { path: string; method: 'get' | 'post'; operation: OperationObject; task: boolean } {
  const def: EndpointDefinition = definitionOf(name);
  const area = areaOf(name);
  const task = area === 'task';
  const docs = TASK_DOCS[name];
  const description = [docs?.description, def.addition ? `Addition: ${def.addition}.` : undefined].filter(Boolean).join('\n\n');

  let parameters: ParameterObject[] = def.body === 'query' ? queryParameters(def, docs, components) : [];
  if (name === 'googleLogin' || name === 'outlookLogin') {
    parameters = [
      ...parameters,
      {
        name: 'verify',
        in: 'header',
        required: false,
        description: 'The bot-check token, after an answer with code 100002 (empty otherwise).',
        schema: { type: 'string' },
      },
    ];
  }
  const body = def.body === 'query' || def.body === 'none' ? undefined : requestBody(def, def.body, docs?.request);
  const answer = envelopeSchema(jsonSchemaOf(def.response), task);
  for (const [path, text] of Object.entries(docs?.fields ?? {})) {
    if (path === 'data' || path.startsWith('data.')) describe(answer, path, text);
  }
  const takesCallback =
    task && def.request !== undefined && objectPart(resolved(jsonSchemaOf(def.request), components)).properties?.callBackUrl !== undefined;

  const op: OperationObject = {
    operationId: name,
    summary: docs?.summary ?? SUMMARIES[name] ?? summaryFromName(name),
    ...(description ? { description } : {}),
    tags: [TAGS[area].name],
    ...(task ? { security: [{ [API_KEY_SCHEME]: [] }] } : PUBLIC_CALLS.has(name) ? { security: [] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      '200': {
        description: task ? ENVELOPE_NOTE : 'The envelope {code, msg, data}; code 200 is success.',
        content: { 'application/json': { schema: answer, ...(docs ? { examples: docs.responses } : {}) } },
      },
    },
    ...(takesCallback
      ? { callbacks: { [TASK_CALLBACK_NAME]: { '{$request.body#/callBackUrl}': { $ref: `#/components/pathItems/${TASK_CALLBACK_NAME}` } } } }
      : {}),
    ...(docs ? { 'x-codes': docs.codes } : {}),
    ...(def.addition ? { 'x-addition': def.addition } : {}),
  };
  return { path: def.path, method: def.method === 'GET' ? 'get' : 'post', operation: op, task };
}

function callbackPathItem(): PathItemObject {
  return {
    post: {
      operationId: TASK_CALLBACK_NAME,
      summary: 'A task ended (sent to your callBackUrl)',
      description:
        'The task API POSTs this to the callBackUrl of the task when it ends, successfully or not. Your server answers with any 2xx status. Polling record-info gives the same result.',
      tags: [TASK_API_TAG],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: `${COMPONENT_REF}TaskCallback` }, examples: CALLBACK_EXAMPLES } },
      },
      responses: { '200': { description: 'Received.' } },
    },
  };
}

/** The whole document. Deterministic: the same contract always gives the same JSON. */
export function buildOpenApiDocument(): OpenApiDocument {
  const components = documentedComponents();
  const paths: Record<string, PathItemObject> = {};
  const names = Object.keys(endpoints) as EndpointName[];
  // The task API first: it is what developers come for.
  const ordered = [...names].sort((a, b) => AREA_ORDER.indexOf(areaOf(a)) - AREA_ORDER.indexOf(areaOf(b)));
  for (const name of ordered) {
    const { path, method, operation: op, task } = operation(name, components);
    const item = (paths[path] ??= task ? { servers: [TASK_SERVER] } : {});
    if (item[method]) throw new Error(`openapi: two calls are ${method.toUpperCase()} ${path}`);
    item[method] = op;
  }
  const areas = AREA_ORDER.filter((area) => names.some((name) => areaOf(name) === area));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Nano Banana API',
      version: '1.0.0',
      description: [
        'The image-task API (tag "Task API"), called with an API key as a Bearer token, and the product API behind the web app, called with the session token of a signed-in user.',
        ENVELOPE_NOTE,
        `Generated from the web app's contract (src/api/contract.ts); do not edit by hand: run npm run openapi.`,
      ].join('\n\n'),
    },
    servers: [PLATFORM_SERVER],
    tags: areas.map((area) => TAGS[area]),
    security: [{ [SESSION_SCHEME]: [] }],
    paths,
    webhooks: { [TASK_CALLBACK_NAME]: { $ref: `#/components/pathItems/${TASK_CALLBACK_NAME}` } },
    components: {
      schemas: components,
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'header',
          name: 'authorization',
          description: 'The session token a sign-in answers (data.token), sent as is, without "Bearer".',
        },
        [API_KEY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key from the dashboard: Authorization: Bearer YOUR_API_KEY.',
        },
      },
      pathItems: { [TASK_CALLBACK_NAME]: callbackPathItem() },
    },
  };
}
