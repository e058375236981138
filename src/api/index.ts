/** The API layer's public surface. */
export {
  API_KEY_REJECTED_TOAST_ID,
  REQUEST_TIMEOUT_MS,
  SESSION_EXPIRED_TOAST_ID,
  apiClientSettings,
  callApi,
  configureApiClient,
  createApiClient,
  type ApiClient,
  type ApiClientHooks,
  type ApiClientOptions,
  type ApiClientSettings,
  type CallArgs,
  type CallOptions,
} from './client';
export { ApiError, isApiError, type ApiErrorKind } from './errors';
export type { ApiResult, PassThroughCode, PassThroughEnvelope, SuccessEnvelope } from './outcome';
export type * from './requests';
export * from './contract';
export * as authApi from './auth';
export * as userApi from './user';
export * as tradeApi from './trade';
export * as ordersApi from './orders';
export * as dashboardApi from './dashboard';
export * as generationApi from './generation';
