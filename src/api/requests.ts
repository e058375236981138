/**
 * What each call of the contract sends. The original platform fixes the auth requests' fields and no other
 * payloads, so the rest are ours (docs/product.md, "Product API paths"). `undefined` means the call sends nothing.
 */
import type {
  AutoTopUp,
  CreateOrderRequest,
  EmailLoginRequest,
  EndpointName,
  GoogleLoginRequest,
  InvoiceRequest,
  NanoBanana2Request,
  NanoBananaProRequest,
  NanoBananaRequest,
  PageRequest,
  RegistrationRequest,
  ResetPasswordRequest,
  SendCaptchaQuery,
  SocialLoginRequest,
  TimeRecordRequest,
  UsageRecordPageRequest,
} from './contract';

export interface PaypalCaptureRequest {
  orderNo: string;
  paypalOrderId: string;
}
export interface OrderNoRequest {
  orderNo: string;
}
/** PayPal may charge a saved payment method (a vault id from get-all-available-vaults). */
export type PaypalCreateRequest = CreateOrderRequest & { vaultId?: string };
/** The order list, optionally narrowed to one order: how a payment is confirmed after a redirect or a QR scan. */
export type PayOrderListRequest = PageRequest & { orderNo?: string };
/** The platform's own query fields. */
export interface ZipcodeQuery {
  countryCode: string;
  zipcode: string;
}
export interface ApiKeyNameRequest {
  name: string;
}
export interface ApiKeyIdRequest {
  id: string;
}
export type RenameApiKeyRequest = ApiKeyIdRequest & ApiKeyNameRequest;
export type AutoTopUpRequest = Omit<AutoTopUp, 'paymentMethod'> & { paymentMethod?: string | null };
export interface AlertsEmailRequest {
  alertEmail: string;
  alertThreshold: number;
}
export interface IpWhitelistRequest {
  ips: string[];
}
export interface EmailSubscriptionRequest {
  emailSubscriptionFlag: 0 | 1;
}
/** The platform's own query field. */
export interface DiscordAuthorizeQuery {
  oauthCode: string;
}
interface TaskRecordQuery {
  taskId: string;
}

interface Requests {
  googleLogin: GoogleLoginRequest;
  outlookLogin: SocialLoginRequest;
  login: EmailLoginRequest;
  register: RegistrationRequest;
  resetPassword: ResetPasswordRequest;
  sendCaptcha: SendCaptchaQuery;
  logout: undefined;

  freekassaCreate: CreateOrderRequest;
  digisellerCreate: CreateOrderRequest;
  paypalCreate: PaypalCreateRequest;
  paypalCapture: PaypalCaptureRequest;
  paypalCheckOrderStatus: OrderNoRequest;
  paypalUserIdToken: undefined;
  paypalVaults: undefined;
  creemCheckout: CreateOrderRequest;
  wechatCreate: CreateOrderRequest;
  nowpaymentsInvoice: CreateOrderRequest;
  zipcodeInfo: ZipcodeQuery;

  userInfo: undefined;
  resetApiKey: undefined;
  addApiKey: ApiKeyNameRequest;
  deleteApiKey: ApiKeyIdRequest;
  apiKeyList: undefined;
  updateApiKeyName: RenameApiKeyRequest;
  userDiscount: undefined;
  setAutomaticDeduction: AutoTopUpRequest;
  saveAlertsEmail: AlertsEmailRequest;
  saveIpWhitelist: IpWhitelistRequest;
  updateEmailSubscription: EmailSubscriptionRequest;
  discordAuthorizeUrl: undefined;
  discordAuthorize: DiscordAuthorizeQuery;

  payOrderList: PayOrderListRequest;
  applyInvoice: InvoiceRequest;
  timeRecord: TimeRecordRequest;
  usageRecordPage: UsageRecordPageRequest;

  generate: NanoBananaRequest;
  generate2: NanoBanana2Request;
  generatePro: NanoBananaProRequest;
  taskRecord: TaskRecordQuery;
  credit: undefined;
}

// Fails to compile when the contract gains or loses a call that this table does not mirror.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AssertTrue<T extends true> = T;
type _RequestTableMatchesContract = AssertTrue<Exactly<keyof Requests, EndpointName>>;

export type RequestOf<N extends EndpointName> = Requests[N];
