/**
 * The demo controls' settings: what QA has armed for the demo server (a failure for the next call, latency,
 * a forced bot check, the IP country). Persisted, so an armed failure survives the reload that triggers it.
 */
import * as v from 'valibot';
import { findPackage, totalCredits } from '../domain/creditPackages';
import { addApiKey, createOrder, endAllSessions, latestSessionAccount, ordersOf, settleOrder, type DemoDb } from './db';
import { writeSafely, type KeyValueStorage } from './storage';
import { SAMPLE_DAYS, addSampleUsage, type SampleUsageResult } from './usage';
import { LAYOUT_SAMPLE } from './layoutSample';

export const CONTROLS_STORAGE_KEY = 'nanobanana.demo.controls';
export const MAX_LATENCY_MS = 10_000;

const NextCallSchema = v.nullable(
  v.variant('kind', [
    v.object({ kind: v.literal('networkError') }),
    v.object({ kind: v.literal('code'), code: v.pipe(v.number(), v.integer()) }),
    // The server does the work (creates the order or the task, charges), then its answer never arrives.
    v.object({ kind: v.literal('lostAnswer') }),
  ]),
);
export type NextCall = v.InferOutput<typeof NextCallSchema>;

const SettingsSchema = v.object({
  nextCall: NextCallSchema,
  latencyMs: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_LATENCY_MS)),
  requireBotCheck: v.boolean(),
  ipCountry: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
  /** One-shot: the next redirect checkout link points at an unknown host (optional: older saved settings load). */
  unknownCheckoutHost: v.optional(v.boolean(), false),
  /**
   * Which call the armed failure waits for (an endpoint name of the contract); null: whichever comes next.
   * Optional, so older saved settings load.
   */
  nextCallTarget: v.optional(v.nullable(v.string()), null),
  /** Percent of image tasks that fail after their run (optional: older saved settings load). */
  generationFailureRate: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(100)), 0),
});
export type DemoSettings = v.InferOutput<typeof SettingsSchema>;

export const DEFAULT_SETTINGS: DemoSettings = {
  nextCall: null,
  latencyMs: 0,
  requireBotCheck: false,
  ipCountry: 'US',
  unknownCheckoutHost: false,
  nextCallTarget: null,
  generationFailureRate: 0,
};

export interface ControlsStore {
  /** The current settings; the same object until something changes (for useSyncExternalStore). */
  get(): DemoSettings;
  /** Applies the valid parts of a change: latency is clamped, an IP country must be two letters. */
  set(change: Partial<DemoSettings>): void;
  subscribe(listener: () => void): () => void;
  /** Takes the armed failure for this call (named by its endpoint), disarming it; a failure aimed at another call waits. */
  consumeNextCall(endpoint?: string): NextCall;
  /** Whether the next redirect checkout link goes to an unknown host, disarming it. */
  consumeUnknownCheckoutHost(): boolean;
  reset(): void;
}

function load(storage: KeyValueStorage): DemoSettings {
  try {
    const raw = storage.getItem(CONTROLS_STORAGE_KEY);
    const result = raw === null ? null : v.safeParse(SettingsSchema, JSON.parse(raw));
    return result?.success ? result.output : DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

function clampLatency(value: number): number {
  return Number.isFinite(value) ? Math.min(MAX_LATENCY_MS, Math.max(0, Math.round(value))) : 0;
}

function clampFailureRate(value: number): number {
  return Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
}

export function normalizeCountry(value: string): string | null {
  const country = value.trim().toUpperCase();
  return /^[A-Z]{2}$/.test(country) ? country : null;
}

function merge(current: DemoSettings, change: Partial<DemoSettings>): DemoSettings {
  const next = { ...current };
  if (change.nextCall !== undefined) next.nextCall = change.nextCall;
  if (change.latencyMs !== undefined) next.latencyMs = clampLatency(change.latencyMs);
  if (change.requireBotCheck !== undefined) next.requireBotCheck = change.requireBotCheck;
  if (change.ipCountry !== undefined) next.ipCountry = normalizeCountry(change.ipCountry) ?? current.ipCountry;
  if (change.unknownCheckoutHost !== undefined) next.unknownCheckoutHost = change.unknownCheckoutHost;
  if (change.nextCallTarget !== undefined) next.nextCallTarget = change.nextCallTarget;
  if (change.generationFailureRate !== undefined) next.generationFailureRate = clampFailureRate(change.generationFailureRate);
  return next;
}

export function createControlsStore(storage: KeyValueStorage): ControlsStore {
  let settings = load(storage);
  const listeners = new Set<() => void>();

  const replace = (next: DemoSettings) => {
    settings = next;
    writeSafely(storage, CONTROLS_STORAGE_KEY, JSON.stringify(next));
    for (const listener of listeners) listener();
  };

  return {
    get: () => settings,
    set: (change) => replace(merge(settings, change)),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    consumeNextCall(endpoint) {
      const armed = settings.nextCall;
      const target = settings.nextCallTarget;
      if (!armed || (target !== null && target !== endpoint)) return null;
      replace({ ...settings, nextCall: null });
      return armed;
    },
    consumeUnknownCheckoutHost() {
      const armed = settings.unknownCheckoutHost;
      if (armed) replace({ ...settings, unknownCheckoutHost: false });
      return armed;
    },
    reset() {
      storage.removeItem(CONTROLS_STORAGE_KEY);
      settings = DEFAULT_SETTINGS;
      for (const listener of listeners) listener();
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The panel's actions on the database
// ---------------------------------------------------------------------------------------------------

/** Ends every session: the next call that carries a token answers 401. */
export function expireAllSessions(db: DemoDb): void {
  endAllSessions(db.read());
  db.save();
}

/** Forgets every account, session and setting (the caller reloads the page afterwards). */
export function resetDemoData(db: DemoDb, controls: ControlsStore): void {
  db.wipe();
  controls.reset();
}

/** How far off the plan end is put, so the early-renewal offer (7 days ahead) can be seen at once. */
export const PLAN_ENDS_SOON_DAYS = 3;

/** Moves the signed-in account's plan end to a few days from now; the account's e-mail, or null if nobody is signed in. */
export function endPlanSoon(db: DemoDb, now = Date.now()): string | null {
  const data = db.read();
  const account = latestSessionAccount(data);
  if (!account) return null;
  account.planEndTime = new Date(now + PLAN_ENDS_SOON_DAYS * 24 * 60 * 60 * 1000).toISOString();
  db.save();
  return account.email;
}

export type FillResult = ({ email: string } & SampleUsageResult) | null;

/**
 * Adds 90 days of sample usage to the signed-in account (the newest live session's). Null when nobody
 * is signed in. A fresh seed each time, so a second fill adds different records.
 */
export function fillSampleUsage(db: DemoDb, seed = crypto.getRandomValues(new Uint32Array(1))[0] ?? 1): FillResult {
  const data = db.read();
  const account = latestSessionAccount(data);
  if (!account) return null;
  // The demo image host is this origin.
  const result = addSampleUsage(data, account, seed, SAMPLE_DAYS, Date.now(), globalThis.location.origin);
  db.save();
  return { email: account.email, ...result };
}

/**
 * Gives the signed-in account what stresses a layout: a long nickname, a key with a long name, a Discord account
 * with a long handle, and a paid PayPal order (so billing offers the saved PayPal account and lists an order).
 * The account's e-mail, or null if nobody is signed in.
 */
export function addLayoutSample(db: DemoDb, now = Date.now()): string | null {
  const data = db.read();
  const account = latestSessionAccount(data, now);
  const starter = findPackage('starter');
  if (!account || !starter) return null;
  account.nickname = LAYOUT_SAMPLE.nickname;
  account.discordUsername = LAYOUT_SAMPLE.discordUsername;
  addApiKey(account, LAYOUT_SAMPLE.keyName, now);
  const order = createOrder(
    data,
    account,
    { provider: 'paypal', packageId: starter.id, amount: starter.priceUsd, currency: 'USD', credits: totalCredits(starter), approved: true },
    now,
  );
  settleOrder(data, order, 'paid', now);
  db.save();
  return account.email;
}

/**
 * Ends the signed-in account's crypto payments waiting for blockchain confirmations (NOWPayments orders whose crypto
 * was sent from the demo checkout): `paid` as NOWPayments' `finished` (the credits arrive), `failed` as its `failed`.
 * The account's e-mail and how many it ended, or null if nobody is signed in.
 */
export function endWaitingCryptoPayments(db: DemoDb, outcome: 'paid' | 'failed', now = Date.now()): { email: string; count: number } | null {
  const data = db.read();
  const account = latestSessionAccount(data, now);
  if (!account) return null;
  const waiting = ordersOf(data, account, now).filter((order) => order.provider === 'nowpayments' && order.status === 'pending' && order.cryptoSent);
  for (const order of waiting) settleOrder(data, order, outcome, now);
  db.save();
  return { email: account.email, count: waiting.length };
}
