/**
 * The API contract: every call the front end makes, with the shape of what it sends and a runtime schema
 * of what it accepts back. The client (src/api/*) and the demo server (src/demo/*) both build on this
 * table, so they cannot drift apart.
 *
 * The paths are the original platform's (docs/product.md, "Product API paths"); it shows no payloads, so the
 * shapes below are ours. Calls the platform does not have are marked `addition` with the reason.
 */
import * as v from 'valibot';
import type { GenerationModel } from '../domain/generationOptions';
import { BOT_CHECK_REQUIRED_CODE, PASS_THROUGH_CODES } from '../common/types';

// ---------------------------------------------------------------------------------------------------
// The envelope and the codes the client knows
// ---------------------------------------------------------------------------------------------------

export const SUCCESS_CODE = 200;
export const SESSION_EXPIRED_CODE = 401;
/** Codes handed to the caller with no popup (docs/product.md, "Envelope rules"), defined with the machines' types. */
export { BOT_CHECK_REQUIRED_CODE, PASS_THROUGH_CODES };
/**
 * Codes of the public image-task API, as its documentation and its hosts answer them. 401 there means the
 * API key was refused (not the session); the content-policy refusal comes as 400 with a message saying the
 * prompt was flagged.
 */
export const TASK_CODES = {
  parameterError: 400,
  unauthorized: 401,
  insufficientCredits: 402,
  taskNotFound: 404,
  rateLimited: 429,
  serverError: 500,
  generationFailed: 501,
} as const;
export const INSUFFICIENT_CREDITS_CODE = TASK_CODES.insufficientCredits;

export const EnvelopeSchema = v.object({
  code: v.pipe(v.number(), v.integer()),
  msg: v.fallback(v.nullish(v.string(), ''), ''),
  // Optional: servers that leave out null fields send `{"code":10086,"msg":"…"}`, which is still an envelope.
  data: v.optional(v.unknown()),
});
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

// ---------------------------------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------------------------------

const Id = v.union([v.string(), v.pipe(v.number(), v.transform(String))]);
const Timestamp = v.string(); // ISO 8601
const Credits = v.number();
/**
 * Images a view shows are kept only when they are absolute http(s) addresses: a `javascript:`, `data:` or
 * relative one is dropped here, where the answer enters. The rule of src/services/urls.ts, written as a pattern
 * (a string that starts so cannot be read as another scheme) because this module is in the first load.
 */
const isHttpUrl = (url: string) => /^https?:\/\//i.test(url);
const ImageUrls = v.pipe(
  v.fallback(v.nullish(v.array(v.string()), []), []),
  v.transform((urls) => urls.filter(isHttpUrl)),
);

export const AutoTopUpSchema = v.object({
  enabled: v.boolean(),
  /** Top up when the balance falls under this many credits. */
  threshold: Credits,
  packageId: v.string(),
  paymentMethod: v.nullish(v.string(), null),
});
export type AutoTopUp = v.InferOutput<typeof AutoTopUpSchema>;

export const UserSchema = v.object({
  id: Id,
  email: v.string(),
  apiKey: v.fallback(v.nullish(v.string(), ''), ''),
  /**
   * The balance, when the platform sends it here. A server may send none: the balance is then read from the
   * task API's own credit call, and null means not known (yet).
   */
  credits: v.fallback(v.nullish(Credits, null), null),
  nickname: v.optional(v.string()),
  avatar: v.nullish(v.string()),
  emailSubscriptionFlag: v.fallback(v.picklist([0, 1]), 1),
  alertEmail: v.nullish(v.string(), null),
  alertThreshold: v.nullish(Credits, null),
  ipWhitelist: v.fallback(v.nullish(v.array(v.string()), []), []),
  automaticDeduction: v.nullish(AutoTopUpSchema, null),
  /**
   * Addition (not a field of the original platform): when the account's plan ends, i.e. when credits bought last
   * stop being usable. Null for an account that never bought. Early renewal is offered 7 days before.
   */
  planEndTime: v.nullish(Timestamp, null),
  /**
   * Addition (not a field of the original platform): the Discord account connected through /join-discord, so the
   * page can say so on a later visit. Null until connected.
   */
  discordUsername: v.nullish(v.string(), null),
  createTime: v.optional(Timestamp),
});
export type User = v.InferOutput<typeof UserSchema>;

export const LoginDataSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  userInfo: UserSchema,
  isNewUser: v.fallback(v.boolean(), false),
});

export const ApiKeySchema = v.object({
  id: Id,
  name: v.string(),
  apiKey: v.string(),
  /** The account's primary key: the one `resetApiKey` replaces and user-info reports. */
  primary: v.fallback(v.boolean(), false),
  createTime: Timestamp,
  lastUsedTime: v.nullish(Timestamp, null),
});
export type ApiKey = v.InferOutput<typeof ApiKeySchema>;

export const DiscountSchema = v.nullable(
  v.object({
    /** Fraction off list price, 0 < percentOff < 100 as a percentage. */
    percentOff: v.number(),
    label: v.optional(v.string()),
    expiresAt: v.nullish(Timestamp, null),
  }),
);
export type Discount = v.InferOutput<typeof DiscountSchema>;

export const PaymentProviderSchema = v.picklist(['paypal', 'creem', 'wechat', 'nowpayments', 'freekassa', 'digiseller']);
export type PaymentProvider = v.InferOutput<typeof PaymentProviderSchema>;
export const OrderStatusSchema = v.picklist(['pending', 'paid', 'cancelled', 'failed', 'expired', 'refunded']);
export type OrderStatus = v.InferOutput<typeof OrderStatusSchema>;

export const OrderSchema = v.object({
  orderNo: v.string(),
  createTime: Timestamp,
  provider: PaymentProviderSchema,
  packageId: v.string(),
  amount: v.number(),
  currency: v.string(),
  credits: Credits,
  status: OrderStatusSchema,
  invoiceStatus: v.fallback(v.nullish(v.picklist(['none', 'applied', 'issued']), 'none'), 'none'),
  /** The invoice download link the API hands out (docs/api.md, "Invoice downloads"). */
  invoiceUrl: v.nullish(v.string(), null),
});
export type Order = v.InferOutput<typeof OrderSchema>;

export type { GenerationModel } from '../domain/generationOptions';
/** successFlag of the task API: 0 generating, 1 success, 2 create failed, 3 generation failed. */
export const TaskStatusSchema = v.picklist([0, 1, 2, 3]);
export type TaskStatus = v.InferOutput<typeof TaskStatusSchema>;

export const UsageRecordSchema = v.object({
  id: Id,
  taskId: v.string(),
  createTime: Timestamp,
  // Any model name: a model added after this build still lists (under its API name) instead of failing the page.
  model: v.string(),
  apiKeyName: v.nullish(v.string(), null),
  prompt: v.fallback(v.nullish(v.string(), ''), ''),
  status: TaskStatusSchema,
  credits: Credits,
  /** Credits given back for a failed task. */
  refundedCredits: v.fallback(v.nullish(Credits, 0), 0),
  resultImageUrls: ImageUrls,
  /** The task's request as the task API took it (JSON text of that endpoint's fields). */
  paramJson: v.fallback(v.nullish(v.string(), ''), ''),
  errorMessage: v.nullish(v.string(), null),
});
export type UsageRecord = v.InferOutput<typeof UsageRecordSchema>;

function pageSchema<const T extends v.GenericSchema>(item: T) {
  return v.object({
    records: v.array(item),
    total: v.pipe(v.number(), v.integer(), v.minValue(0)),
    pageNum: v.pipe(v.number(), v.integer(), v.minValue(1)),
    pageSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  });
}
export interface Page<T> {
  records: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
export interface PageRequest {
  pageNum: number;
  pageSize: number;
}

export const UsagePointSchema = v.object({
  /** Start of the bucket (day or hour), ISO 8601. */
  time: Timestamp,
  apiKeyName: v.nullish(v.string(), null),
  credits: Credits,
  requests: v.pipe(v.number(), v.integer()),
});

// ---------------------------------------------------------------------------------------------------
// Requests
// ---------------------------------------------------------------------------------------------------

/** Sent with every sign-up capable call (docs/product.md, "Referral capture"). */
export interface ReferralFields {
  referDomain: string;
  utmTerm: string;
}
/** The bot-check token, sent on the retry after code 100002 (and in the `verify` header for social logins). */
interface ChallengeField {
  turnstileToken?: string;
}
export type SocialLoginRequest = { credential: string } & ReferralFields & ChallengeField;
/**
 * Google's sign-in also sends the attempt's raw `nonce`: the ID token's `nonce` claim is its SHA-256 hash, so a
 * token alone, without the value the page kept, signs nobody in (docs/api.md, "Google ID tokens").
 */
export type GoogleLoginRequest = SocialLoginRequest & { nonce: string };
export type EmailLoginRequest = { email: string; password: string } & ChallengeField;
export type RegistrationRequest = { email: string; password: string; code: string } & ReferralFields & ChallengeField;
export type ResetPasswordRequest = { email: string; password: string; code: string } & ChallengeField;
export type CaptchaPurpose = 'register' | 'resetPassword';
export interface SendCaptchaQuery {
  email: string;
  type: CaptchaPurpose;
}

export interface CreateOrderRequest {
  packageId: string;
  /** Where the provider sends the buyer back (redirect providers). */
  returnUrl?: string;
  cancelUrl?: string;
  /**
   * Addition (the platform's order calls take no such field): one random key per purchase, sent again when the
   * buyer tries again after an answer that never arrived. A server that honours it answers a repeat of the same
   * body with the order the key already made (no second order, no second charge), and refuses the same key with
   * a different body; a server that ignores it still works, without that guarantee.
   */
  idempotencyKey?: string;
}
export interface TimeRecordRequest {
  startTime: string;
  endTime: string;
  granularity: 'day' | 'hour';
  splitByApiKey: boolean;
}
export type UsageRecordPageRequest = PageRequest & {
  status?: TaskStatus;
  model?: GenerationModel;
};
/** Who the invoice is for: a person needs no tax ID, a business does. */
export type InvoiceCustomerType = 'individual' | 'business';
export interface InvoiceRequest {
  orderNos: string[];
  /** An addition: the API's batchBillV2 took a business's details only; an individual's invoice has no tax ID. */
  customerType: InvoiceCustomerType;
  /** The person's or the company's name. */
  companyName: string;
  /** Required for a business; empty for an individual without one. */
  taxId: string;
  email: string;
  address: string;
}

// ---------------------------------------------------------------------------------------------------
// The public image-task API: its requests (types here; their strict schemas, which the demo server, the
// OpenAPI document and the tests check them with, are in ./taskRequests.ts, out of the app's first load).
// ---------------------------------------------------------------------------------------------------

// eslint-disable-next-line import-x/no-cycle -- type-only: nothing of ./taskRequests runs when this module loads
export type { NanoBanana2Request, NanoBananaProRequest, NanoBananaRequest } from './taskRequests';
import type { NanoBanana2Request, NanoBananaProRequest, NanoBananaRequest } from './taskRequests';

/** Any model's request, with the endpoint it goes to. */
export type GenerateCall =
  | { endpoint: 'generate'; request: NanoBananaRequest }
  | { endpoint: 'generate2'; request: NanoBanana2Request }
  | { endpoint: 'generatePro'; request: NanoBananaProRequest };

/** An integer the host may send as a number, as digits, or not at all (0: none). */
export const ErrorCode = v.fallback(
  v.pipe(
    v.nullish(v.union([v.number(), v.pipe(v.string(), v.regex(/^-?\d+$/), v.transform(Number))]), 0),
    v.transform((code) => (Number.isInteger(code) ? code : 0)),
  ),
  0,
);
/** `""` or a local time written `YYYY-MM-DD HH:mm:ss` (no zone); kept as text, read by src/ui/formatDate. */
const TaskTime = v.fallback(v.nullish(v.string(), ''), '');

export const TaskRecordSchema = v.object({
  taskId: v.string(),
  /** The request as the server stored it (JSON text, may be empty). */
  paramJson: v.fallback(v.nullish(v.string(), ''), ''),
  /** 0 generating, 1 success, 2 task creation failed, 3 generation failed. */
  successFlag: TaskStatusSchema,
  response: v.fallback(
    v.nullish(
      v.pipe(
        v.object({
          /** The platform's copy of the image, kept longer. One string; a list is taken too (the docs do not say how several come back). */
          resultImageUrl: v.fallback(v.nullish(v.union([v.string(), v.array(v.string())]), ''), ''),
          /** The model vendor's copy, valid for about 10 minutes. */
          originImageUrl: v.fallback(v.nullish(v.string(), ''), ''),
          /** Not documented: accepted in case a host sends several images of one task this way. */
          resultImageUrls: ImageUrls,
        }),
        // Whatever form the images came in: the first in resultImageUrl, every one in resultImageUrls; http(s) ones only.
        v.transform(({ resultImageUrl, originImageUrl, resultImageUrls }) => {
          const images = (typeof resultImageUrl === 'string' ? [resultImageUrl] : resultImageUrl).filter(isHttpUrl);
          return {
            resultImageUrl: images[0] ?? '',
            originImageUrl: isHttpUrl(originImageUrl) ? originImageUrl : '',
            resultImageUrls: typeof resultImageUrl === 'string' ? resultImageUrls : [...images, ...resultImageUrls],
          };
        }),
      ),
      null,
    ),
    null,
  ),
  errorCode: ErrorCode,
  errorMessage: v.fallback(v.nullish(v.string(), ''), ''),
  createTime: TaskTime,
  completeTime: TaskTime,
});
export type TaskRecord = v.InferOutput<typeof TaskRecordSchema>;

// ---------------------------------------------------------------------------------------------------
// The call table
// ---------------------------------------------------------------------------------------------------

/** How a request carries its payload. */
export type BodyKind = 'json' | 'form' | 'urlencoded' | 'query' | 'none';
/** Which host a call goes to: the product API, or the public image-task API (Bearer API key). */
export type ApiHost = 'platform' | 'generation';

interface EndpointDef<TSchema extends v.GenericSchema> {
  method: 'GET' | 'POST';
  path: string;
  body: BodyKind;
  response: TSchema;
  host?: ApiHost;
  /** Not in the platform's original call list; why it exists. */
  addition?: string;
}
function endpoint<const TSchema extends v.GenericSchema>(def: EndpointDef<TSchema>) {
  return def;
}
const Nothing = v.fallback(v.unknown(), null);

export const endpoints = {
  // Auth
  googleLogin: endpoint({ method: 'POST', path: '/client/v1/user/google-login', body: 'form', response: LoginDataSchema }),
  outlookLogin: endpoint({ method: 'POST', path: '/client/v1/user/outlook-login', body: 'urlencoded', response: LoginDataSchema }),
  login: endpoint({ method: 'POST', path: '/client/v1/user/login', body: 'json', response: LoginDataSchema }),
  register: endpoint({ method: 'POST', path: '/client/v1/user/userRegistration', body: 'json', response: LoginDataSchema }),
  resetPassword: endpoint({ method: 'POST', path: '/client/v1/user/reset-password', body: 'json', response: Nothing }),
  sendCaptcha: endpoint({ method: 'GET', path: '/client/v1/user/send-captcha', body: 'query', response: Nothing }),
  logout: endpoint({ method: 'GET', path: '/client/v1/user/logout', body: 'none', response: Nothing }),

  // Payments
  freekassaCreate: endpoint({
    method: 'POST',
    path: '/client/trade/freekassa/create',
    body: 'json',
    response: v.object({ orderNo: v.string(), payUrl: v.string() }),
  }),
  digisellerCreate: endpoint({
    method: 'POST',
    path: '/client/trade/digiseller/create',
    body: 'json',
    response: v.object({ orderNo: v.string(), payUrl: v.string() }),
  }),
  paypalCreate: endpoint({
    method: 'POST',
    path: '/client/trade/paypal/create',
    body: 'json',
    // Additions (not fields of the original platform): `currency`, the order's (ISO 4217), which PayPal's SDK must be
    // loaded for (without it, the app takes the catalogue's); `amount`, the order's total in that currency, which the
    // page shows where the order is priced in another currency than the catalogue's (without it, the page says PayPal
    // shows the amount).
    response: v.object({ orderNo: v.string(), paypalOrderId: v.string(), currency: v.optional(v.string()), amount: v.optional(v.number()) }),
  }),
  paypalCapture: endpoint({
    method: 'POST',
    path: '/client/trade/paypal/capture',
    body: 'json',
    // Addition (not a field of the original platform): `issue`, PayPal's reason for refusing the capture
    // (INSTRUMENT_DECLINED: the buyer chooses another funding source in PayPal's window; the order stays pending).
    response: v.object({ orderNo: v.string(), status: OrderStatusSchema, issue: v.optional(v.string()) }),
  }),
  paypalCheckOrderStatus: endpoint({
    method: 'POST',
    path: '/client/trade/paypal/checkOrderStatus',
    body: 'json',
    response: v.object({ orderNo: v.string(), status: OrderStatusSchema }),
  }),
  paypalUserIdToken: endpoint({
    method: 'GET',
    path: '/client/trade/paypal/get-user-id-token',
    body: 'none',
    response: v.object({ idToken: v.string() }),
  }),
  paypalVaults: endpoint({
    method: 'GET',
    path: '/client/trade/paypal/get-all-available-vaults',
    body: 'none',
    response: v.array(v.object({ id: v.string(), type: v.string(), label: v.string() })),
  }),
  creemCheckout: endpoint({
    method: 'POST',
    path: '/client/trade/creem/create-checkout-session',
    body: 'json',
    response: v.object({ orderNo: v.string(), checkoutUrl: v.string() }),
  }),
  wechatCreate: endpoint({
    method: 'POST',
    path: '/client/trade/wx/create',
    body: 'json',
    response: v.object({ orderNo: v.string(), codeUrl: v.string(), expireTime: Timestamp }),
  }),
  nowpaymentsInvoice: endpoint({
    method: 'POST',
    path: '/client/trade/nowpayments/createInvoice',
    body: 'json',
    response: v.object({ orderNo: v.string(), invoiceUrl: v.string() }),
  }),
  zipcodeInfo: endpoint({ method: 'GET', path: '/client/trade/zipcode/info', body: 'query', response: v.object({ state: v.string() }) }),

  // User
  userInfo: endpoint({ method: 'GET', path: '/client/v1/user/user-info', body: 'none', response: UserSchema }),
  resetApiKey: endpoint({ method: 'POST', path: '/client/v1/user/resetApiKey', body: 'json', response: v.object({ apiKey: v.string() }) }),
  addApiKey: endpoint({ method: 'POST', path: '/client/v1/user/addApiKey', body: 'json', response: ApiKeySchema }),
  deleteApiKey: endpoint({ method: 'POST', path: '/client/v1/user/deleteApiKey', body: 'json', response: Nothing }),
  apiKeyList: endpoint({ method: 'GET', path: '/client/v1/user/getApiKeyList', body: 'none', response: v.array(ApiKeySchema) }),
  updateApiKeyName: endpoint({ method: 'POST', path: '/client/v1/user/updateApiKeyName', body: 'json', response: Nothing }),
  userDiscount: endpoint({ method: 'GET', path: '/client/v1/user/user-discount', body: 'none', response: DiscountSchema }),
  setAutomaticDeduction: endpoint({ method: 'POST', path: '/client/v1/user/setAutomaticDeductionInfo', body: 'json', response: AutoTopUpSchema }),
  saveAlertsEmail: endpoint({ method: 'POST', path: '/client/v1/user/saveOrUpdateActiveAlertsEmail', body: 'json', response: Nothing }),
  saveIpWhitelist: endpoint({
    method: 'POST',
    path: '/client/v1/user/ip-whitelist/save',
    body: 'json',
    response: v.object({ ips: v.array(v.string()) }),
  }),
  updateEmailSubscription: endpoint({ method: 'POST', path: '/client/v1/user/updateEmailSubscription', body: 'json', response: Nothing }),
  discordAuthorizeUrl: endpoint({
    method: 'GET',
    path: '/client/v1/user/discord/authorize-url',
    body: 'none',
    response: v.object({ url: v.string() }),
  }),
  discordAuthorize: endpoint({
    method: 'GET',
    path: '/client/v1/user/discord/authorize',
    body: 'query',
    response: v.object({ discordUsername: v.string(), inviteUrl: v.string() }),
  }),

  // Orders and dashboard
  payOrderList: endpoint({
    method: 'POST',
    path: '/client/v1/payOrder/getNanobananaAiPayOrderList',
    body: 'json',
    response: pageSchema(OrderSchema),
  }),
  applyInvoice: endpoint({
    method: 'POST',
    path: '/client/v1/payOrder/batchBillV2',
    body: 'json',
    response: v.object({ applicationId: v.string(), status: v.picklist(['applied', 'issued']), downloadUrl: v.nullish(v.string(), null) }),
  }),
  timeRecord: endpoint({ method: 'POST', path: '/client/v1/dashboard/nanobanana/time-record', body: 'json', response: v.array(UsagePointSchema) }),
  usageRecordPage: endpoint({ method: 'POST', path: '/client/v1/userRecord/nanobanana/page', body: 'json', response: pageSchema(UsageRecordSchema) }),

  // Image generation: the public task API, called with the user's API key as a Bearer token.
  generate: endpoint({
    method: 'POST',
    path: '/api/v1/nanobanana/generate',
    body: 'json',
    host: 'generation',
    response: v.object({ taskId: v.string() }),
    addition: 'the public task API: Nano Banana',
  }),
  generate2: endpoint({
    method: 'POST',
    path: '/api/v1/nanobanana/generate-2',
    body: 'json',
    host: 'generation',
    response: v.object({ taskId: v.string() }),
    addition: 'the public task API: Nano Banana 2',
  }),
  generatePro: endpoint({
    method: 'POST',
    path: '/api/v1/nanobanana/generate-pro',
    body: 'json',
    host: 'generation',
    response: v.object({ taskId: v.string() }),
    addition: 'the public task API: Nano Banana Pro',
  }),
  taskRecord: endpoint({
    method: 'GET',
    path: '/api/v1/nanobanana/record-info',
    body: 'query',
    host: 'generation',
    response: TaskRecordSchema,
    addition: 'the public task API: a task and its result',
  }),
  credit: endpoint({
    method: 'GET',
    path: '/api/v1/common/credit',
    body: 'none',
    host: 'generation',
    // The remaining credits of the key's account, as a bare number.
    response: v.pipe(v.number(), v.finite()),
    addition: "the public task API: the account's balance",
  }),
} as const;

type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
export type ResponseOf<N extends EndpointName> = v.InferOutput<Endpoints[N]['response']>;
/** What the demo server may answer for a call: the response schema's input shape. */
export type ResponseInputOf<N extends EndpointName> = v.InferInput<Endpoints[N]['response']>;
