/**
 * The demo server's database: plain tables in one versioned JSON blob in localStorage, so a reload keeps
 * accounts and sessions. The functions below are small and work on the loaded tables; callers `save()`.
 */
import * as v from 'valibot';
import {
  ApiKeySchema,
  AutoTopUpSchema,
  OrderSchema,
  UsageRecordSchema,
  endpoints,
  type ApiKey,
  type CaptchaPurpose,
  type InvoiceRequest,
  type OrderStatus,
  type PaymentProvider,
  type ResponseInputOf,
  type ResponseOf,
} from '../api/contract';
import { FREE_SIGN_UP_CREDITS } from '../domain/creditPackages';
import { pbkdf2Hex, randomDigits, randomHex, sameHash, sha256Hex } from './crypto';
import type { SocialProvider } from './socialCredential';
import type { KeyVault } from './keyVault';
import { writeSafely, type KeyValueStorage } from './storage';

export const DB_STORAGE_KEY = 'nanobanana.demo.db';
/** Bump when a table's shape changes: older blobs are dropped instead of misread. */
export const DB_VERSION = 2;

export const FREE_CREDITS = FREE_SIGN_UP_CREDITS;
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_RESEND_MS = 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;

// ---------------------------------------------------------------------------------------------------
// Tables
// ---------------------------------------------------------------------------------------------------

const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const satisfies readonly SocialProvider[];

/**
 * An API key as stored: everything the key list shows but the key itself, which the key vault derives from the
 * id and the nonce (see keyVault.ts). A row saved by an older version held the key and no nonce: the key is
 * dropped and a nonce made, once, when the blob is read (the key then changes, as after a reset).
 */
const KeyRowSchema = v.object({
  ...v.omit(ApiKeySchema, ['apiKey']).entries,
  nonce: v.optional(v.string(), ''),
});

const AccountSchema = v.object({
  id: v.string(),
  email: v.string(),
  /** Null for accounts made by a Google or Microsoft sign-in, until a password reset sets one. */
  passwordHash: v.nullable(v.string()),
  salt: v.string(),
  credits: v.number(),
  nickname: v.string(),
  createTime: v.string(),
  emailSubscriptionFlag: v.picklist([0, 1]),
  alertEmail: v.nullable(v.string()),
  alertThreshold: v.nullable(v.number()),
  ipWhitelist: v.array(v.string()),
  automaticDeduction: v.nullable(AutoTopUpSchema),
  apiKeys: v.array(KeyRowSchema),
  referDomain: v.string(),
  utmTerm: v.string(),
  /** The social sign-ins this account has used; optional so blobs saved before it existed still load. */
  providers: v.optional(v.array(v.picklist(SOCIAL_PROVIDERS)), () => []),
  /** When the plan ends (a year after the last purchase); optional so older saved accounts still load. */
  planEndTime: v.optional(v.nullable(v.string()), null),
  /** The Discord account connected through /join-discord; optional so older saved accounts still load. */
  discordUsername: v.optional(v.nullable(v.string()), null),
});
export type Account = v.InferOutput<typeof AccountSchema>;

const SessionSchema = v.object({ token: v.string(), accountId: v.string(), createdAt: v.number() });
export type Session = v.InferOutput<typeof SessionSchema>;

const EmailCodeSchema = v.object({
  email: v.string(),
  purpose: v.picklist(['register', 'resetPassword']),
  codeHash: v.string(),
  salt: v.string(),
  expiresAt: v.number(),
  attempts: v.number(),
  lastSentAt: v.number(),
});
type EmailCode = v.InferOutput<typeof EmailCodeSchema>;

/** Every credit movement, so dashboards can explain a balance (the sign-up grant is the first one). */
const LedgerEntrySchema = v.object({
  id: v.string(),
  accountId: v.string(),
  createTime: v.string(),
  kind: v.picklist(['grant', 'purchase', 'generation', 'refund']),
  credits: v.number(),
  note: v.string(),
});

const Owned = { accountId: v.string() };
/** What the demo keeps beside the contract's order; optional, so blobs saved before they existed still load. */
const OrderRowSchema = v.object({
  ...OrderSchema.entries,
  ...Owned,
  /** PayPal's own order id, which capture must repeat. */
  paypalOrderId: v.optional(v.string()),
  /** Set by the demo PayPal popup's Approve (or a saved PayPal account): capture may then take the money. */
  approved: v.optional(v.boolean()),
  /** WeChat QR codes lapse; a pending order past this time reads as expired. */
  expireTime: v.optional(v.string()),
  /**
   * NOWPayments: the buyer sent the crypto and the blockchain has yet to confirm it (the demo checkout's "Send the
   * crypto"); the order stays pending until the demo controls confirm or fail it.
   */
  cryptoSent: v.optional(v.boolean()),
});
/** A usage record keeps the key's id too: names change, and time-record splits by the key's current name. */
const UsageRecordRowSchema = v.object({ ...UsageRecordSchema.entries, ...Owned, apiKeyId: v.string() });
/**
 * A task of the image API as the demo runs it: the record the task API reports, plus when it finishes and
 * how (both rolled when it was created), and the usage record that carries its key and cost.
 * Optional fields, so blobs saved before they existed still load.
 */
const TaskRowSchema = v.object({
  ...endpoints.taskRecord.response.entries,
  ...Owned,
  /** Which model made it (the record-info answer does not say; history does). */
  model: v.optional(v.string(), 'nano-banana'),
  dueAt: v.optional(v.number(), 0),
  plannedOutcome: v.optional(v.picklist(['success', 'failure']), 'success'),
  usageRecordId: v.optional(v.string(), ''),
});
/** A code the demo Discord consent page handed out; the app trades it for the connection once. */
const DiscordCodeSchema = v.object({ code: v.string(), discordUsername: v.string(), createdAt: v.number(), used: v.boolean() });
export type DiscordCode = v.InferOutput<typeof DiscordCodeSchema>;
const InvoiceRowSchema = v.object({
  ...Owned,
  applicationId: v.string(),
  orderNos: v.array(v.string()),
  // Invoices stored before individuals could ask for one were all for businesses.
  customerType: v.optional(v.picklist(['individual', 'business']), 'business'),
  companyName: v.string(),
  taxId: v.string(),
  email: v.string(),
  address: v.string(),
  status: v.picklist(['applied', 'issued']),
  downloadUrl: v.nullable(v.string()),
  createTime: v.string(),
});
export type OrderRow = v.InferOutput<typeof OrderRowSchema>;
export type UsageRecordRow = v.InferOutput<typeof UsageRecordRowSchema>;
export type TaskRow = v.InferOutput<typeof TaskRowSchema>;
export type InvoiceRow = v.InferOutput<typeof InvoiceRowSchema>;
/**
 * An order-creating call made with an idempotency key: a repeat of the same call with the same key gets this
 * answer again instead of a second order. Kept for IDEMPOTENCY_TTL_MS.
 */
const IdempotentCallSchema = v.object({
  ...Owned,
  key: v.string(),
  /** The contract's name of the call: the same key on another call is a different request. */
  endpoint: v.string(),
  /** The request as the handler read it, key left out, as canonical JSON: a different body under the same key is refused. */
  request: v.string(),
  /** The first call's answer (its data), given again to every repeat. */
  answer: v.unknown(),
  createdAt: v.number(),
});
export type IdempotentCall = v.InferOutput<typeof IdempotentCallSchema>;
// An invoice row is the request plus the answer; this stops compiling if the contract moves away.
type Holds<T, _U extends T> = true;
type _InvoiceRowFitsContract = Holds<InvoiceRequest & ResponseOf<'applyInvoice'>, Omit<InvoiceRow, 'accountId' | 'createTime'>>;

const DbDataSchema = v.object({
  version: v.literal(DB_VERSION),
  accounts: v.array(AccountSchema),
  sessions: v.array(SessionSchema),
  emailCodes: v.array(EmailCodeSchema),
  ledger: v.array(LedgerEntrySchema),
  orders: v.array(OrderRowSchema),
  usageRecords: v.array(UsageRecordRowSchema),
  tasks: v.array(TaskRowSchema),
  invoices: v.array(InvoiceRowSchema),
  /** Optional: blobs saved before Discord existed still load. */
  discordCodes: v.optional(v.array(DiscordCodeSchema), () => []),
  /** Optional: blobs saved before idempotency keys existed still load. */
  idempotentCalls: v.optional(v.array(IdempotentCallSchema), () => []),
});
export type DbData = v.InferOutput<typeof DbDataSchema>;

export function emptyData(): DbData {
  return {
    version: DB_VERSION,
    accounts: [],
    sessions: [],
    emailCodes: [],
    ledger: [],
    orders: [],
    usageRecords: [],
    tasks: [],
    invoices: [],
    discordCodes: [],
    idempotentCalls: [],
  };
}

// ---------------------------------------------------------------------------------------------------
// Persistence
// ---------------------------------------------------------------------------------------------------

export interface DemoDb {
  /** The tables as stored now. Mutate them with the functions below, then `save()`. */
  read(): DbData;
  save(): void;
  /** Drops every table (the demo controls' reset). */
  wipe(): void;
}

function parseBlob(raw: string | null): DbData | null {
  if (raw === null) return null;
  try {
    const result = v.safeParse(DbDataSchema, JSON.parse(raw));
    return result.success ? result.output : null;
  } catch {
    return null;
  }
}

/** Gives every key row saved without a nonce (by an older version) one; true when any was missing. */
function fillKeyNonces(data: DbData): boolean {
  let filled = false;
  for (const row of data.accounts.flatMap((account) => account.apiKeys)) {
    if (row.nonce === '') {
      row.nonce = newKeyNonce();
      filled = true;
    }
  }
  return filled;
}

export function openDemoDb(storage: KeyValueStorage): DemoDb {
  let data: DbData | null = null;
  let lastRaw: string | null = null;

  return {
    read() {
      const raw = storage.getItem(DB_STORAGE_KEY);
      // Same blob as last time: keep the live object, so requests in flight share their changes.
      // Another tab wrote: take its data.
      if (data && raw === lastRaw) return data;
      const parsed = parseBlob(raw);
      if (parsed === null && raw !== null) {
        console.warn('Demo mode found unreadable or outdated data and started a fresh database.');
        storage.removeItem(DB_STORAGE_KEY);
      }
      data = parsed ?? emptyData();
      lastRaw = parsed ? raw : null;
      // An older blob held keys in plain text: written back at once without them.
      if (fillKeyNonces(data)) this.save();
      return data;
    },
    save() {
      if (!data) return;
      const raw = JSON.stringify(data);
      // Unsaved (storage full or blocked): the live data stays in use for this tab.
      if (writeSafely(storage, DB_STORAGE_KEY, raw)) lastRaw = raw;
    },
    wipe() {
      storage.removeItem(DB_STORAGE_KEY);
      data = null;
      lastRaw = null;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Accounts
// ---------------------------------------------------------------------------------------------------

const iso = (time: number) => new Date(time).toISOString();

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function findAccountByEmail(data: DbData, email: string): Account | undefined {
  const wanted = normalizeEmail(email);
  return data.accounts.find((account) => account.email === wanted);
}

export function findAccount(data: DbData, id: string): Account | undefined {
  return data.accounts.find((account) => account.id === id);
}

/** A fresh nonce for a key row: a new key, as the vault derives it. */
export function newKeyNonce(): string {
  return randomHex(32);
}

export async function setPassword(account: Account, password: string): Promise<void> {
  account.salt = randomHex(32);
  account.passwordHash = await pbkdf2Hex(password, account.salt);
}

export async function verifyPassword(account: Account, password: string): Promise<boolean> {
  if (account.passwordHash === null) return false;
  return sameHash(await pbkdf2Hex(password, account.salt), account.passwordHash);
}

export interface NewAccount {
  email: string;
  /** Null for a first Google or Microsoft sign-in. */
  password: string | null;
  referDomain: string;
  utmTerm: string;
  /** The name the social provider reported; defaults to the e-mail's local part. */
  nickname?: string;
  provider?: SocialProvider;
}

/** A new account with its primary API key and the free credit grant (recorded in the ledger). */
/** The settings a new account starts with, as user-info reports them: subscribed to e-mail, nothing else set. */
export function newAccountSettings() {
  return {
    emailSubscriptionFlag: 1,
    alertEmail: null,
    alertThreshold: null,
    ipWhitelist: [],
    automaticDeduction: null,
    planEndTime: null,
    discordUsername: null,
  } satisfies Partial<Account>;
}

export async function createAccount(data: DbData, input: NewAccount, now = Date.now()): Promise<Account> {
  const email = normalizeEmail(input.email);
  const account: Account = {
    id: randomHex(16),
    email,
    passwordHash: null,
    salt: '',
    credits: FREE_CREDITS,
    nickname: input.nickname?.trim() || (email.split('@')[0] ?? email),
    createTime: iso(now),
    ...newAccountSettings(),
    apiKeys: [{ id: randomHex(12), name: 'Default', nonce: newKeyNonce(), primary: true, createTime: iso(now), lastUsedTime: null }],
    referDomain: input.referDomain,
    utmTerm: input.utmTerm,
    providers: input.provider ? [input.provider] : [],
  };
  if (input.password !== null) await setPassword(account, input.password);
  data.accounts.push(account);
  data.ledger.push({
    id: randomHex(16),
    accountId: account.id,
    createTime: iso(now),
    kind: 'grant',
    credits: FREE_CREDITS,
    note: 'Free credits for new accounts',
  });
  return account;
}

/** Notes a social sign-in on the account (an e-mail account signing in with Google stays the same account). */
export function linkProvider(account: Account, provider: SocialProvider): void {
  if (!account.providers.includes(provider)) account.providers.push(provider);
}

export const MAX_API_KEYS = 10;
export type ApiKeyRow = Account['apiKeys'][number];

export function findApiKey(account: Account, id: string): ApiKeyRow | undefined {
  return account.apiKeys.find((key) => key.id === id);
}

/** Primary first, then newest (ISO times sort as text). */
export function orderedApiKeys(account: Account): ApiKeyRow[] {
  return [...account.apiKeys].sort((a, b) => Number(b.primary) - Number(a.primary) || b.createTime.localeCompare(a.createTime));
}

export function addApiKey(account: Account, name: string, now = Date.now()): ApiKeyRow {
  const key: ApiKeyRow = { id: randomHex(12), name, nonce: newKeyNonce(), primary: false, createTime: iso(now), lastUsedTime: null };
  account.apiKeys.push(key);
  return key;
}

/** Takes credits off the balance, never below 0, and records what was actually taken. Returns that amount. */
export function debitCredits(data: DbData, account: Account, credits: number, note: string, now = Date.now()): number {
  const taken = Math.min(Math.max(0, credits), account.credits);
  account.credits -= taken;
  if (taken > 0) data.ledger.push({ id: randomHex(16), accountId: account.id, createTime: iso(now), kind: 'generation', credits: -taken, note });
  return taken;
}

/** A key row as the key list reports it: with its key, derived by the vault. */
export async function toApiKey(row: ApiKeyRow, vault: KeyVault): Promise<ApiKey> {
  const { nonce: _nonce, ...shown } = row;
  return { ...shown, apiKey: await vault.keyFor(row) };
}

async function primaryApiKey(account: Account, vault: KeyVault): Promise<string> {
  const row = account.apiKeys.find((key) => key.primary) ?? account.apiKeys[0];
  return row ? vault.keyFor(row) : '';
}

/** The account as the user-info call reports it. */
export async function toUserInfo(account: Account, vault: KeyVault): Promise<ResponseInputOf<'userInfo'>> {
  return {
    id: account.id,
    email: account.email,
    apiKey: await primaryApiKey(account, vault),
    credits: account.credits,
    nickname: account.nickname,
    avatar: null,
    emailSubscriptionFlag: account.emailSubscriptionFlag,
    alertEmail: account.alertEmail,
    alertThreshold: account.alertThreshold,
    ipWhitelist: account.ipWhitelist,
    automaticDeduction: account.automaticDeduction,
    planEndTime: account.planEndTime,
    discordUsername: account.discordUsername,
    createTime: account.createTime,
  };
}

// ---------------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------------

export function createSession(data: DbData, accountId: string, now = Date.now()): Session {
  const session: Session = { token: randomHex(48), accountId, createdAt: now };
  data.sessions.push(session);
  return session;
}

export function accountForToken(data: DbData, token: string | null, now = Date.now()): Account | undefined {
  if (!token) return undefined;
  const session = data.sessions.find((candidate) => candidate.token === token);
  if (!session || now - session.createdAt >= SESSION_TTL_MS) return undefined;
  return findAccount(data, session.accountId);
}

/** The account of the newest live session: "the signed-in account" for the demo controls. */
export function latestSessionAccount(data: DbData, now = Date.now()): Account | undefined {
  const live = data.sessions.filter((session) => now - session.createdAt < SESSION_TTL_MS);
  const latest = live.reduce<Session | undefined>((best, session) => (!best || session.createdAt >= best.createdAt ? session : best), undefined);
  return latest ? findAccount(data, latest.accountId) : undefined;
}

export function endSession(data: DbData, token: string): void {
  data.sessions = data.sessions.filter((session) => session.token !== token);
}

export function endSessionsOf(data: DbData, accountId: string): void {
  data.sessions = data.sessions.filter((session) => session.accountId !== accountId);
}

export function endAllSessions(data: DbData): void {
  data.sessions = [];
}

// ---------------------------------------------------------------------------------------------------
// E-mailed codes (stored hashed: the demo database is readable in dev tools, like a leaked real one)
// ---------------------------------------------------------------------------------------------------

function findCode(data: DbData, email: string, purpose: CaptchaPurpose): EmailCode | undefined {
  const wanted = normalizeEmail(email);
  return data.emailCodes.find((entry) => entry.email === wanted && entry.purpose === purpose);
}

/** Seconds until another code may be sent to this address for this purpose (0: now). */
export function secondsUntilResend(data: DbData, email: string, purpose: CaptchaPurpose, now = Date.now()): number {
  const entry = findCode(data, email, purpose);
  if (!entry) return 0;
  return Math.max(0, Math.ceil((entry.lastSentAt + CODE_RESEND_MS - now) / 1000));
}

/** Replaces any earlier code for this address and purpose. */
export async function storeEmailCode(data: DbData, email: string, purpose: CaptchaPurpose, code: string, now = Date.now()): Promise<void> {
  const salt = randomHex(16);
  const entry: EmailCode = {
    email: normalizeEmail(email),
    purpose,
    codeHash: await sha256Hex(salt + code),
    salt,
    expiresAt: now + CODE_TTL_MS,
    attempts: 0,
    lastSentAt: now,
  };
  data.emailCodes = [...data.emailCodes.filter((other) => other !== findCode(data, email, purpose)), entry];
}

export type CodeCheck = 'valid' | 'missing' | 'expired' | 'wrong' | 'tooManyAttempts';

/** Checks a code; a valid code is used up, a wrong one counts against the attempts. */
export async function checkEmailCode(data: DbData, email: string, purpose: CaptchaPurpose, code: string, now = Date.now()): Promise<CodeCheck> {
  const entry = findCode(data, email, purpose);
  if (!entry) return 'missing';
  if (now >= entry.expiresAt) return 'expired';
  if (entry.attempts >= MAX_CODE_ATTEMPTS) return 'tooManyAttempts';
  if (sameHash(await sha256Hex(entry.salt + code.trim()), entry.codeHash)) {
    data.emailCodes = data.emailCodes.filter((other) => other !== entry);
    return 'valid';
  }
  entry.attempts += 1;
  return 'wrong';
}

// ---------------------------------------------------------------------------------------------------
// Orders and invoices
// ---------------------------------------------------------------------------------------------------

/** How a provider (or the demo checkout page) ends a pending order. */
export type SettleOutcome = 'paid' | 'cancelled' | 'failed';

export function findOrder(data: DbData, orderNo: string): OrderRow | undefined {
  return data.orders.find((order) => order.orderNo === orderNo);
}

/** The order if it is this account's: another account's order number reads as unknown. */
export function findOwnOrder(data: DbData, account: Account, orderNo: string): OrderRow | undefined {
  const order = findOrder(data, orderNo);
  return order?.accountId === account.id ? order : undefined;
}

/** `NB` + the UTC date + 6 random digits (NB20250114123456), unique in the table. */
function newOrderNo(data: DbData, now = Date.now()): string {
  const date = iso(now).slice(0, 10).replace(/-/g, '');
  for (;;) {
    const orderNo = `NB${date}${randomDigits(6)}`;
    if (!findOrder(data, orderNo)) return orderNo;
  }
}

export interface NewOrder {
  provider: PaymentProvider;
  packageId: string;
  amount: number;
  currency: string;
  credits: number;
  paypalOrderId?: string;
  expireTime?: string;
  approved?: boolean;
}

/** A pending order of the account. */
export function createOrder(data: DbData, account: Account, input: NewOrder, now = Date.now()): OrderRow {
  const order: OrderRow = {
    ...input,
    orderNo: newOrderNo(data, now),
    createTime: iso(now),
    status: 'pending',
    invoiceStatus: 'none',
    invoiceUrl: null,
    accountId: account.id,
  };
  data.orders.push(order);
  return order;
}

/** The order's status now: a pending order whose time ran out becomes expired (and stays so). */
export function refreshOrderStatus(order: OrderRow, now = Date.now()): OrderStatus {
  if (order.status === 'pending' && order.expireTime !== undefined && Date.parse(order.expireTime) <= now) order.status = 'expired';
  return order.status;
}

/**
 * Ends a pending order: paid credits the account (with a ledger entry), cancelled and failed only set
 * the status. Anything but a pending order is left alone, so settling twice changes nothing.
 * Returns whether the order changed.
 */
/** How long a plan lasts after a purchase. */
export const PLAN_LENGTH_MS = 365 * 24 * 60 * 60 * 1000;

export function settleOrder(data: DbData, order: OrderRow, outcome: SettleOutcome, now = Date.now()): boolean {
  if (refreshOrderStatus(order, now) !== 'pending') return false;
  order.status = outcome;
  if (outcome === 'paid') {
    const account = findAccount(data, order.accountId);
    if (account) {
      account.credits += order.credits;
      // Credits bought stay usable for a year: the plan now ends a year from this purchase.
      account.planEndTime = iso(now + PLAN_LENGTH_MS);
      data.ledger.push({
        id: randomHex(16),
        accountId: account.id,
        createTime: iso(now),
        kind: 'purchase',
        credits: order.credits,
        note: `Order ${order.orderNo} (${order.packageId})`,
      });
    }
  }
  return true;
}

/** The buyer sent the crypto (NOWPayments): it waits for confirmations. Only a pending order can be paid so. */
export function sendCrypto(order: OrderRow, now = Date.now()): boolean {
  if (refreshOrderStatus(order, now) !== 'pending') return false;
  order.cryptoSent = true;
  return true;
}

/** The buyer approved the payment (PayPal): capture may take it. Only a pending order can be approved. */
export function approveOrder(order: OrderRow, now = Date.now()): boolean {
  if (refreshOrderStatus(order, now) !== 'pending') return false;
  order.approved = true;
  return true;
}

/** The account's orders, newest first (ISO times sort as text), with lapsed ones marked expired. */
export function ordersOf(data: DbData, account: Account, now = Date.now()): OrderRow[] {
  const own = data.orders.filter((order) => order.accountId === account.id);
  for (const order of own) refreshOrderStatus(order, now);
  return own.sort((a, b) => b.createTime.localeCompare(a.createTime) || b.orderNo.localeCompare(a.orderNo));
}

export type OrderOut = ResponseInputOf<'payOrderList'>['records'][number];

/** The order as the order list reports it (without the demo's bookkeeping). */
export function toOrder(row: OrderRow): OrderOut {
  const {
    accountId: _accountId,
    paypalOrderId: _paypalOrderId,
    approved: _approved,
    expireTime: _expireTime,
    cryptoSent: _cryptoSent,
    ...order
  } = row;
  return order;
}

/** How long an idempotency key is remembered: a day, as payment APIs do; a later repeat is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The account's earlier call with this key, if it is still remembered (forgotten ones are dropped here). */
export function findIdempotentCall(data: DbData, account: Account, key: string, now = Date.now()): IdempotentCall | undefined {
  data.idempotentCalls = data.idempotentCalls.filter((entry) => now - entry.createdAt < IDEMPOTENCY_TTL_MS);
  return data.idempotentCalls.find((entry) => entry.accountId === account.id && entry.key === key);
}

export function rememberIdempotentCall(
  data: DbData,
  account: Account,
  entry: Omit<IdempotentCall, 'accountId' | 'createdAt'>,
  now = Date.now(),
): void {
  data.idempotentCalls.push({ ...entry, accountId: account.id, createdAt: now });
}

export function findInvoice(data: DbData, applicationId: string): InvoiceRow | undefined {
  return data.invoices.find((invoice) => invoice.applicationId === applicationId);
}

/**
 * An issued invoice for the orders (the caller has checked they are the account's, paid and not yet
 * invoiced); each order then carries the invoice's download link.
 */
export function issueInvoice(
  data: DbData,
  account: Account,
  request: InvoiceRequest,
  downloadUrlFor: (applicationId: string) => string,
  now = Date.now(),
): InvoiceRow {
  const applicationId = `INV${randomHex(12).toUpperCase()}`;
  const downloadUrl = downloadUrlFor(applicationId);
  const invoice: InvoiceRow = { ...request, accountId: account.id, applicationId, status: 'issued', downloadUrl, createTime: iso(now) };
  data.invoices.push(invoice);
  for (const orderNo of request.orderNos) {
    const order = findOwnOrder(data, account, orderNo);
    if (!order) continue;
    order.invoiceStatus = 'issued';
    order.invoiceUrl = downloadUrl;
  }
  return invoice;
}
