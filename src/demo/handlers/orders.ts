/** Demo handlers for the account's orders: the paged list, invoice applications and their download, auto top-up. */
import { http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import { t } from '@lingui/core/macro';
import type { InvoiceRequest } from '../../api/contract';
import type { AutoTopUpRequest, PayOrderListRequest } from '../../api/requests';
import { findPackage } from '../../domain/creditPackages';
import { accountForToken, findInvoice, findOwnOrder, issueInvoice, ordersOf, toOrder, type Account, type DbData, type OrderRow } from '../db';
import type { DemoEnvironment } from '../environment';
import { MAX_PAGE_SIZE } from './dashboard';
import { invoiceHtml } from './invoiceDocument';
import { siteOrigin } from './payments';
import { BAD_REQUEST_CODE, fail, ok, route, type Reply } from './route';
import { sessionExpired } from './user';

const MAX_TOP_UP_THRESHOLD = 1_000_000;
const MIN_TAX_ID_LENGTH = 3;
const MAX_TAX_ID_LENGTH = 32;
/** Invoice links are token-less, like a real provider's: anyone holding the link can download it. */
export const INVOICE_PATH = '/demo-invoices/';

// ---------------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------------

const PageSize = v.pipe(
  v.number(),
  v.integer(() => t`The page size must be between 1 and ${MAX_PAGE_SIZE}.`),
  v.minValue(1, () => t`The page size must be between 1 and ${MAX_PAGE_SIZE}.`),
  v.maxValue(MAX_PAGE_SIZE, () => t`The page size must be between 1 and ${MAX_PAGE_SIZE}.`),
);
const OrderListInput: v.GenericSchema<unknown, PayOrderListRequest> = v.object({
  pageNum: v.pipe(
    v.number(),
    v.integer(() => t`The page number must be a whole number.`),
    v.minValue(1, () => t`The page number starts at 1.`),
  ),
  pageSize: PageSize,
  orderNo: v.optional(v.pipe(v.string(), v.trim())),
});

const TaxId = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(MAX_TAX_ID_LENGTH, () => t`The tax ID must be ${MIN_TAX_ID_LENGTH} to ${MAX_TAX_ID_LENGTH} characters long.`),
);

const InvoiceInput: v.GenericSchema<unknown, InvoiceRequest> = v.pipe(
  v.object({
    orderNos: v.pipe(
      v.array(v.pipe(v.string(), v.trim())),
      v.minLength(1, () => t`Choose at least one order to invoice.`),
    ),
    customerType: v.picklist(['individual', 'business'], () => t`Say whether the invoice is for an individual or a business.`),
    companyName: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, () => t`Enter the company or person the invoice is for.`),
    ),
    // Optional for an individual; a business's is checked below.
    taxId: v.optional(TaxId, ''),
    email: v.pipe(
      v.string(),
      v.trim(),
      v.email(() => t`Enter a valid e-mail address.`),
    ),
    address: v.pipe(
      v.string(),
      v.trim(),
      v.minLength(1, () => t`Enter the billing address.`),
    ),
  }),
  // A business needs its tax ID; an individual's, when given, is as long as any.
  v.check(
    (input) =>
      input.customerType === 'individual' && input.taxId === ''
        ? true
        : input.taxId.length >= MIN_TAX_ID_LENGTH && input.taxId.length <= MAX_TAX_ID_LENGTH,
    () => t`The tax ID must be ${MIN_TAX_ID_LENGTH} to ${MAX_TAX_ID_LENGTH} characters long.`,
  ),
);

const AutoTopUpInput: v.GenericSchema<unknown, AutoTopUpRequest> = v.object({
  enabled: v.boolean(),
  threshold: v.pipe(
    v.number(),
    v.integer(() => t`The top-up threshold must be a whole number of credits.`),
    v.minValue(1, () => t`The top-up threshold must be between 1 and ${MAX_TOP_UP_THRESHOLD} credits.`),
    v.maxValue(MAX_TOP_UP_THRESHOLD, () => t`The top-up threshold must be between 1 and ${MAX_TOP_UP_THRESHOLD} credits.`),
  ),
  packageId: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, () => t`Choose a credit package.`),
  ),
  paymentMethod: v.optional(v.nullable(v.string())),
});

// ---------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------

/** The first order that cannot go on a new invoice, with why; null when all of them can. */
function invoiceRefusal(data: DbData, account: Account, orderNos: string[]): Reply<null> | null {
  for (const orderNo of orderNos) {
    const order = findOwnOrder(data, account, orderNo);
    if (!order) return fail(BAD_REQUEST_CODE, t`Order ${orderNo} was not found.`);
    if (order.status !== 'paid') return fail(BAD_REQUEST_CODE, t`Order ${orderNo} is not paid, so it cannot be invoiced.`);
    if (order.invoiceStatus !== 'none') return fail(BAD_REQUEST_CODE, t`Order ${orderNo} already has an invoice.`);
  }
  return null;
}

function invoiceUrl(origin: string, applicationId: string): string {
  return `${origin}${INVOICE_PATH}${applicationId}.html`;
}

// ---------------------------------------------------------------------------------------------------
// Handlers
// ---------------------------------------------------------------------------------------------------

export function orderHandlers(env: DemoEnvironment): HttpHandler[] {
  return [
    route(env, 'payOrderList', OrderListInput, ({ input, token }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      const all = ordersOf(data, account);
      env.db.save(); // orders that lapsed while nobody looked are stored as expired
      const matching = input.orderNo ? all.filter((order) => order.orderNo === input.orderNo) : all;
      const from = (input.pageNum - 1) * input.pageSize;
      const records = matching.slice(from, from + input.pageSize).map(toOrder);
      return ok({ records, total: matching.length, pageNum: input.pageNum, pageSize: input.pageSize });
    }),

    route(env, 'applyInvoice', InvoiceInput, ({ input, token, request }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      const orderNos = [...new Set(input.orderNos)];
      const refusal = invoiceRefusal(data, account, orderNos);
      if (refusal) return refusal;
      const origin = siteOrigin(request);
      const invoice = issueInvoice(data, account, { ...input, orderNos }, (applicationId) => invoiceUrl(origin, applicationId));
      env.db.save();
      return ok({ applicationId: invoice.applicationId, status: invoice.status, downloadUrl: invoice.downloadUrl });
    }),

    route(env, 'setAutomaticDeduction', AutoTopUpInput, ({ input, token }) => {
      const data = env.db.read();
      const account = accountForToken(data, token);
      if (!account) return sessionExpired();
      if (!findPackage(input.packageId)) return fail(BAD_REQUEST_CODE, t`There is no credit package "${input.packageId}".`);
      account.automaticDeduction = {
        enabled: input.enabled,
        threshold: input.threshold,
        packageId: input.packageId,
        paymentMethod: input.paymentMethod?.trim() || null,
      };
      env.db.save();
      return ok(account.automaticDeduction);
    }),

    // The invoice download (docs/api.md, "Invoice downloads"): a plain GET, not an API call, so no envelope and no
    // demo controls.
    http.get(`*${INVOICE_PATH}:file`, ({ params }) => {
      const file = typeof params.file === 'string' ? params.file : '';
      const data = env.db.read();
      const invoice = file.endsWith('.html') ? findInvoice(data, file.slice(0, -'.html'.length)) : undefined;
      if (!invoice)
        return new HttpResponse(t`This invoice does not exist.`, { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      const orders = invoice.orderNos
        .map((orderNo) => data.orders.find((order) => order.orderNo === orderNo))
        .filter((order): order is OrderRow => order !== undefined);
      return HttpResponse.html(invoiceHtml(invoice, orders));
    }),
  ];
}
