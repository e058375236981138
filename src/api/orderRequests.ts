/**
 * The bodies of the order-creating calls, as schemas: the OpenAPI document shows them and the tests check the
 * client's requests against them. Kept out of src/api/contract.ts (which has their types) so the app's first load
 * does not carry them.
 */
import * as v from 'valibot';
import type { CreateOrderRequest, EndpointName } from './contract';
import type { PaypalCreateRequest } from './requests';

/** Payment APIs take keys up to this long; the app sends a UUID (36 characters). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

export const CreateOrderRequestSchema = v.object({
  packageId: v.string(),
  returnUrl: v.optional(v.string()),
  cancelUrl: v.optional(v.string()),
  idempotencyKey: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(MAX_IDEMPOTENCY_KEY_LENGTH))),
});

export const PaypalCreateRequestSchema = v.object({ ...CreateOrderRequestSchema.entries, vaultId: v.optional(v.string()) });

// Fail to compile if the contract's request types and these schemas drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type AssertTrue<T extends true> = T;
type _OrderSchemaMatches = AssertTrue<Same<v.InferOutput<typeof CreateOrderRequestSchema>, CreateOrderRequest>>;
type _PaypalSchemaMatches = AssertTrue<Same<v.InferOutput<typeof PaypalCreateRequestSchema>, PaypalCreateRequest>>;

/** The request schema of each order-creating call. */
export const orderRequestSchemas: Partial<Record<EndpointName, v.GenericSchema>> = {
  freekassaCreate: CreateOrderRequestSchema,
  digisellerCreate: CreateOrderRequestSchema,
  creemCheckout: CreateOrderRequestSchema,
  nowpaymentsInvoice: CreateOrderRequestSchema,
  wechatCreate: CreateOrderRequestSchema,
  paypalCreate: PaypalCreateRequestSchema,
};
