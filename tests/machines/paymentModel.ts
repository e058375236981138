/**
 * The model of the one payment chart every provider runs (machines/payment.machine.ts), for the providers' path tests:
 * the answers the fakes give, the events offered in every state, and what must hold after each replayed step in the
 * chart's own states (choosing, creating the order, confirming, paid, cancelled, failed, timed out, stopped). Each
 * provider's test names its hand-off's states and asserts what happens in them.
 */
import {
  assign,
  createActor,
  fromCallback,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { expect, vi } from 'vitest';
import { pollingCheck, pollingMachine, type PollingInput } from '../../machines/polling.machine';
import {
  foundIn,
  initialPaymentContext,
  LOOKUP_POLLING,
  lookupCheckOutcome,
  orderCheckOutcome,
  SETTLEMENT_POLLING,
  type CheckOrderInput,
  type CheckOrderResponse,
  type FindOrderAnswer,
  type LookupAnswer,
  type OrderStatus,
  type PaymentContext,
  type PaymentInput,
} from '../../machines/payment.shared';
import type { createPaymentMachine } from '../../machines/payment.machine';
import { carriedValue, defaultEventLabel, done, failure, type ActionCall, type Invocation, type PathEvent } from './pathRunner';
import { assertPolling, pollerAnswered, pollerStopped, pollerTimedOut, type PollingState } from './paymentPolling';
import { assertIdempotencyKey, keyState, nextTestKey } from './paymentIdempotency';

type PaymentMachine = ReturnType<typeof createPaymentMachine>;
export type PaymentPathEvent = PathEvent<PaymentMachine>;

const refused = { code: 500001, msg: 'Package not available', data: null } as const;
export const laterRefused = { code: 100002, msg: 'Try again later', data: null } as const;
export const offline = Object.assign(new Error('Network down'), { kind: 'network' });
// A coded refusal the client rejects with (a 422, say): an answer, unlike a network failure.
const refusedByServer = Object.assign(new Error('Unprocessable'), { kind: 'server', code: 422 });

export const answered = (status: OrderStatus): CheckOrderResponse => ({ code: 200, msg: 'ok', data: { orderNo: 'ord-1', status } });
const STATUSES: readonly OrderStatus[] = ['paid', 'pending', 'cancelled', 'failed', 'expired', 'refunded'];
export const statusAnswers = STATUSES.map(answered);

export const resumeOf = (returnedAs: 'returned' | 'cancelled' | 'reloaded'): PaymentInput => ({
  resume: { orderNo: 'ord-9', packageId: 'pkg-pro', returnedAs },
});

/**
 * What the look-up of a resumed payment's order answers: the order as the API lists it (made recently, or long ago),
 * and whether this tab or browser was waiting for it (its pending order, or the watch list), or null: none fits.
 */
const found = (status: OrderStatus, { stale = false, awaitedHere = true } = {}): LookupAnswer => ({
  found: { orderNo: 'ord-9', packageId: 'pkg-pro', status, stale, awaitedHere },
});
const FOUND_ANSWERS: readonly LookupAnswer[] = [
  { found: null },
  found('pending'),
  found('paid'),
  found('paid', { awaitedHere: false }),
  found('cancelled'),
  found('expired'),
  found('paid', { stale: true }),
  found('cancelled', { stale: true }),
  found('pending', { stale: true }),
];

/** What a look-up answer found, for test names. */
function foundLabel({ found: order }: LookupAnswer): string {
  if (order === null) return 'none';
  return [order.status, ...(order.stale ? ['stale'] : []), ...(order.awaitedHere ? [] : ['not awaited here'])].join(', ');
}

/**
 * A fresh purchase, and an order found again after a reload, a return from the provider and its cancel link; a
 * return that names no order (the API's newest is asked for).
 */
const PAYMENT_SCENARIOS = [
  { name: 'fresh', input: { resume: null } },
  { name: 'reloaded', input: resumeOf('reloaded') },
  { name: 'returned', input: resumeOf('returned') },
  { name: 'cancelled', input: resumeOf('cancelled') },
  { name: 'returned, no order named', input: { resume: { orderNo: null, packageId: '', returnedAs: 'returned' } } },
] as const;

/** What a payment chart's actions are provided with (typed here, so that an implementation defined apart fits). */
type PaymentActionImplementations = NonNullable<Parameters<ReturnType<typeof createPaymentMachine>['provide']>[0]['actions']>;
/** Each new purchase gets a key, as the app's action gives it. */
export const testKeyActions: PaymentActionImplementations = { newIdempotencyKey: assign({ idempotencyKey: () => nextTestKey() }) };

/** Test names: each answer by what it is (`done:createOrder(created)`), PAY by whether it pays with a saved method. */
function paymentLabel(createdAnswers: ReadonlyArray<readonly [unknown, string]>): (event: AnyEventObject) => string {
  const names = new Map<unknown, string>([
    ...createdAnswers,
    [refused, 'refused'],
    [laterRefused, 'refused'],
    ...statusAnswers.map((answer): [unknown, string] => [answer, answer.code === 200 ? answer.data.status : 'refused']),
    [offline, 'offline'],
    ...FOUND_ANSWERS.map((answer): [unknown, string] => [answer, `found ${foundLabel(answer)}`]),
  ]);
  return (event) => {
    if (event.type === 'PAY') return event.vaultId ? 'PAY(vault)' : 'PAY';
    const answer = names.get(carriedValue(event));
    // A poller's report by its type (its payload is the answer, named here); a call's answer after the call's name.
    const name = event.type.startsWith('polling.') ? event.type : defaultEventLabel(event).split('(')[0];
    return answer ? `${name}(${answer})` : defaultEventLabel(event);
  };
}

/**
 * The events offered in every state: the buyer's, creating the order (`created`: the provider's answers of an order
 * made; a refusal, a lost answer and a coded refusal are added), the hand-off's own (`handOff`), and what the poller
 * reports: each status answer (a refused one too), stopping after failures (the last one refused or rejected), and
 * its time limit.
 */
export function paymentEvents({ created, handOff = [] }: { created: readonly unknown[]; handOff?: readonly PaymentPathEvent[] }): PaymentPathEvent[] {
  return [
    { type: 'PAY', packageId: 'pkg-pro' },
    { type: 'PAY', packageId: 'pkg-max', vaultId: 'vault-7' },
    { type: 'CONFIRM_CHARGE' },
    { type: 'RETRY' },
    { type: 'CHECK_AGAIN' },
    { type: 'CANCEL' },
    { type: 'DISMISS' },
    { type: 'STOP_WATCHING' },
    ...created.map((answer) => done('createOrder', answer)),
    done('createOrder', refused),
    failure('createOrder', offline),
    failure('createOrder', refusedByServer),
    ...handOff,
    // The look-up's poller reports what it found (its stopping is the reports below, as for any poller).
    ...FOUND_ANSWERS.map(pollerAnswered),
    ...statusAnswers.map(pollerAnswered),
    pollerAnswered(laterRefused),
    pollerStopped({ refused: laterRefused }),
    pollerStopped({ rejected: offline }),
    pollerTimedOut,
  ];
}

interface PaymentSnapshot {
  context: PaymentContext;
  children: { poller?: { _parent?: unknown }; lookup?: { _parent?: unknown } };
  // xstate's own matches() and can() take the machine's state values and events; plain ones are all this passes.
  matches(value: never): boolean;
  can(event: never): boolean;
  hasTag(tag: string): boolean;
}

/**
 * What the path generator tells snapshots apart by: guards read how the order came back and whether a package is
 * known (the checks are counted by the poller, not here).
 */
export function paymentGraphKey(context: PaymentContext) {
  return {
    returnedAs: context.returnedAs,
    hasPackage: context.packageId !== null,
    hasOrder: context.order !== null,
    ...keyState(context),
  };
}

/**
 * What every provider's path test runs with: the scenarios, the graph's key and test names that call the provider's
 * answers to creating an order (`createdAnswers`) by name.
 */
export function paymentPaths(createdAnswers: ReadonlyArray<readonly [unknown, string]>) {
  return {
    eventLabel: paymentLabel(createdAnswers),
    scenarios: PAYMENT_SCENARIOS,
    serializeContext: paymentGraphKey,
  };
}

interface PaymentStep {
  event: AnyEventObject;
  previous: PaymentSnapshot | undefined;
  stepCalls(name: string): ActionCall[];
  invocations(id: string): Invocation[];
  stepInvocations(id: string): Invocation[];
}

const CHART_STATES = [
  'findingOrder',
  'lookupFailed',
  'orderNotFound',
  'settledEarlier',
  'foundPaid',
  'leftUnpaid',
  'awaitingConfirmations',
  'choosingPackage',
  'confirmingCharge',
  'creatingOrder',
  'confirming',
  'paid',
  'cancelled',
  'failed',
  'timedOut',
  'stoppedAfterErrors',
] as const;
type ChartState = (typeof CHART_STATES)[number];

export interface PaymentProvider<THandOff extends string> {
  /** The hand-off's top-level states; the first is where the provider has the order (tagged awaitingProvider). */
  handOff: readonly [THandOff, ...THandOff[]];
  /**
   * Where the provider has the order and the buyer may cancel (tagged awaitingProvider): the first hand-off state
   * unless named here (a nested state as `{ parent: 'child' }`).
   */
  awaiting?: readonly (THandOff | Partial<Record<THandOff, string>>)[];
  /** The hand-off's states tagged busy, beside creatingOrder and confirming (a nested state as `{ parent: 'child' }`). */
  busy: readonly (THandOff | Partial<Record<THandOff, string>>)[];
  /** Whether RETRY also starts a new order after a time-out (a new code), beside cancelled and failed. */
  retriesTimedOut: boolean;
  /** The states that invoke the poller (confirming among them), and where its reports of stopping lead. */
  polling: readonly PollingState[];
  /** Events besides createOrder's answers after which the context keeps why it failed. */
  failureReasons: readonly string[];
  /** The provider settles in minutes to hours: its chart waits on a pending order in awaitingConfirmations. */
  settlesSlowly?: boolean;
}

/** A state of the chart by its top-level name, or a nested one as `{ parent: 'child' }`. */
type StateOf<TState extends string> = TState | Partial<Record<TState, string>>;

export interface PaymentView<TState extends string> {
  context: PaymentContext;
  before: PaymentContext | undefined;
  is(state: StateOf<TState>): boolean;
  was(state: StateOf<TState>): boolean;
  entered(state: StateOf<TState>): boolean;
}

/**
 * Asserts what every provider's chart does after a step, outside the hand-off's own states; returns the readings the
 * provider's test asserts its hand-off with.
 */
export function assertPaymentStep<const THandOff extends string>(
  snapshot: PaymentSnapshot,
  step: PaymentStep,
  provider: PaymentProvider<THandOff>,
): PaymentView<ChartState | THandOff> {
  type State = ChartState | THandOff;
  const { event, previous, stepCalls, stepInvocations } = step;
  const { context } = snapshot;
  // A fresh key per purchase, the same one after a lost answer.
  assertIdempotencyKey(snapshot, step);
  const before = previous?.context;
  const is = (state: string | Partial<Record<string, string>>) => snapshot.matches(state as never);
  const was = (state: string | Partial<Record<string, string>>) => previous?.matches(state as never) === true;
  const entered = (state: StateOf<State>) => is(state) && !was(state);
  const can = (event: AnyEventObject) => snapshot.can(event as never);
  const awaiting = provider.awaiting ?? [provider.handOff[0]];
  const isAwaiting = awaiting.some(is);
  // Polling stopped after failures: after a confirmation, or where the hand-off polls.
  const stopped = ['stoppedAfterErrors', ...provider.polling.map((polling) => polling.stoppedAfterErrors)];
  const retryFrom: State[] = provider.retriesTimedOut ? ['cancelled', 'failed', 'leftUnpaid', 'timedOut'] : ['cancelled', 'failed', 'leftUnpaid'];
  const slow = provider.settlesSlowly === true;
  // A provider that settles slowly waits on its pending order in a state of its own; no other chart has that state.
  const polling: PollingState[] = [
    ...provider.polling,
    ...(slow ? [{ state: 'awaitingConfirmations', policy: SETTLEMENT_POLLING, stoppedAfterErrors: 'stoppedAfterErrors', timedOut: 'timedOut' }] : []),
  ];
  // PayPal asks again, in the order's currency, before charging a saved method for an order in another currency.
  const confirming = is('confirmingCharge') || is('confirmingCurrency');

  // starting decides at once; it is never a resting state.
  expect([...CHART_STATES, ...provider.handOff].filter((state) => is(state))).toHaveLength(1);
  if (!slow) expect(is('awaitingConfirmations')).toBe(false);
  expect(snapshot.hasTag('busy')).toBe(['findingOrder', 'creatingOrder', 'confirming', ...provider.busy].some(is));
  expect(snapshot.hasTag('awaitingSettlement')).toBe(is('awaitingConfirmations'));
  expect(snapshot.hasTag('settledEarlier')).toBe(is('settledEarlier'));
  expect(snapshot.hasTag('awaitingProvider')).toBe(isAwaiting);
  expect(snapshot.hasTag('paid')).toBe(is('paid'));
  expect(snapshot.hasTag('failed')).toBe(is('failed') || is('timedOut'));
  expect(snapshot.hasTag('confirmingCharge')).toBe(confirming);

  // The double-click guarantee: PAY is taken in choosingPackage only, and each start of creatingOrder asks once.
  expect(can({ type: 'PAY', packageId: 'pkg-pro' })).toBe(is('choosingPackage'));
  // What else each state answers to; the view offers the same buttons.
  expect(can({ type: 'CANCEL' })).toBe(isAwaiting);
  expect(can({ type: 'RETRY' })).toBe(retryFrom.some(is));
  expect(can({ type: 'CHECK_AGAIN' })).toBe(is('timedOut') || is('lookupFailed') || is('leftUnpaid') || stopped.some(is));
  expect(can({ type: 'DISMISS' })).toBe(
    [
      'confirmingCharge',
      'paid',
      'cancelled',
      'failed',
      'timedOut',
      'stoppedAfterErrors',
      'lookupFailed',
      'orderNotFound',
      'settledEarlier',
      'foundPaid',
      'leftUnpaid',
      'awaitingConfirmations',
      'confirmingCurrency',
    ].some((state) => is(state)),
  );
  expect(can({ type: 'CONFIRM_CHARGE' })).toBe(confirming);
  // Only an order waited on for a slow settlement can be left unpaid by the buyer's word.
  expect(can({ type: 'STOP_WATCHING' })).toBe(is('awaitingConfirmations'));
  const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
  expect(creates).toEqual(entered('creatingOrder') ? [expect.objectContaining({ packageId: context.packageId, vaultId: context.vaultId })] : []);
  if (event.type === 'PAY') {
    expect(context).toMatchObject({ returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null });
    // A charge to a saved method waits for the buyer's yes, with nothing ordered; any other PAY orders at once.
    expect(is(event.vaultId === undefined ? 'creatingOrder' : 'confirmingCharge')).toBe(true);
    if (is('confirmingCharge')) expect(creates).toEqual([]);
  }
  if (event.type === 'CONFIRM_CHARGE' && !was('confirmingCurrency')) {
    // The charge the buyer agreed to: the package and method asked about, under the key PAY gave the purchase.
    expect(was('confirmingCharge') && is('creatingOrder')).toBe(true);
    expect(context).toMatchObject({ packageId: before?.packageId, vaultId: before?.vaultId, idempotencyKey: before?.idempotencyKey });
    expect(context.vaultId).not.toBeNull();
  }
  if (event.type === 'DISMISS' && (was('confirmingCharge') || was('confirmingCurrency'))) {
    // Cancelling the confirmation charges nothing: no order was asked for (or the one made is never captured), none
    // is remembered or forgotten.
    expect(creates).toEqual([]);
    expect(stepCalls('rememberPendingOrder')).toEqual([]);
  }
  if (event.type === 'RETRY') {
    // A new order (for a QR code, a new code) for the same package.
    expect(retryFrom.some(was)).toBe(true);
    expect(is('creatingOrder')).toBe(true);
    expect(context).toMatchObject({ packageId: before?.packageId, vaultId: before?.vaultId, order: null, error: null, errorKind: null });
    expect(context.packageId).not.toBeNull();
  }
  if (event.type === 'CANCEL') expect(awaiting.some(was) && is('cancelled')).toBe(true);

  // Nothing is forgotten on a look-up that found no order: a link naming another's (or another provider's) order must
  // not make this tab or the watch list drop one the API still holds.
  const finished = entered('paid') || entered('cancelled') || entered('failed') || entered('settledEarlier');
  const stoppedWatching = event.type === 'STOP_WATCHING';
  const dismissedWaiting = (event.type === 'DISMISS' && (was('timedOut') || was('stoppedAfterErrors') || was('leftUnpaid'))) || stoppedWatching;
  // A slowly settling order is watched from the moment it is waited on; leaving it does not forget it, and only the
  // buyer's word that they did not pay takes it off the watch.
  expect(stepCalls('watchSettlement')).toHaveLength(entered('awaitingConfirmations') ? 1 : 0);
  const unwatched = stepCalls('unwatchSettlement');
  expect(unwatched).toHaveLength(stoppedWatching ? 1 : 0);
  if (stoppedWatching) {
    expect(was('awaitingConfirmations')).toBe(true);
    expect(unwatched[0]?.context).toMatchObject({ order: before?.order });
  }

  // A resumed payment asks the API about its order first (the one named, or, null, the newest), through the shared
  // poller: started afresh on entering findingOrder, with the look-up's policy, reporting to the chart.
  expect(snapshot.children.lookup !== undefined).toBe(is('findingOrder'));
  const lookups = stepInvocations('lookup').map((invocation) => invocation.input as PollingInput);
  expect(lookups.map(({ policy, check }) => ({ policy, check }))).toEqual(
    entered('findingOrder') ? [{ policy: LOOKUP_POLLING, check: { orderNo: context.order?.orderNo ?? null } }] : [],
  );
  for (const { reportTo } of lookups) expect(reportTo).toBe(snapshot.children.lookup?._parent);
  const lookedUp =
    event.type === 'polling.answered' && was('findingOrder')
      ? foundIn((event as Extract<PaymentPathEvent, { type: 'polling.answered' }>).answer)
      : undefined;
  if (event.type === 'polling.answered' && was('findingOrder') && lookedUp === undefined) {
    // A status answer is not the look-up's: nothing happens.
    expect(is('findingOrder')).toBe(true);
    expect(context).toEqual(before);
  }
  if (lookedUp !== undefined) {
    const answer: FindOrderAnswer = lookedUp;
    const fromLink = before?.returnedAs === 'returned' || before?.returnedAs === 'cancelled';
    const expected =
      answer === null
        ? 'orderNotFound'
        : fromLink && answer.stale && answer.status !== 'pending'
          ? 'settledEarlier'
          : answer.status === 'paid'
            ? answer.awaitedHere
              ? 'paid'
              : 'foundPaid'
            : answer.status === 'pending'
              ? before?.returnedAs === 'cancelled'
                ? 'leftUnpaid'
                : slow
                  ? 'awaitingConfirmations'
                  : 'confirming'
              : answer.status === 'cancelled'
                ? 'cancelled'
                : 'failed';
    // Only the API's answer decides, and only an order this tab or browser waited for is announced as a payment; the
    // order it found is the one kept (its package too, where none was known), with how it stands.
    expect(is(expected as State), expected).toBe(true);
    if (answer === null) expect(context).toEqual(before);
    else
      expect(context).toMatchObject({
        order: { orderNo: answer.orderNo },
        packageId: before?.packageId ?? answer.packageId,
        foundStatus: answer.status,
      });
  }
  // The look-up stopped: after failures in a row (the last one's words kept), or after its minute.
  if (event.type === 'polling.stoppedAfterErrors' && was('findingOrder')) {
    expect(is('lookupFailed')).toBe(true);
    const { failure: last } = event as Extract<PaymentPathEvent, { type: 'polling.stoppedAfterErrors' }>;
    expect(context.error).toBe('rejected' in last ? (last.rejected as Error).message : 'code' in last.refused ? last.refused.msg : null);
  }
  if (event.type === 'polling.timedOut' && was('findingOrder')) expect(context).toMatchObject({ error: null, errorKind: null });
  if (is('lookupFailed')) expect(was('findingOrder') || was('lookupFailed')).toBe(true);

  const forgotten = stepCalls('forgetPendingOrder');
  expect(forgotten).toHaveLength(finished || dismissedWaiting ? 1 : 0);
  // The app reads which order to forget before anything is reset.
  if (dismissedWaiting) expect(forgotten[0]?.context).toMatchObject({ order: before?.order });
  // An outcome shown here ends the settlement watch on the order; one the buyer leaves open stays watched, and a paid
  // one is claimed by notifyPaid (whose claim decides whether the buyer is still to be told).
  if (forgotten.length > 0) expect(forgotten[0]?.params).toEqual({ endsWatch: finished && !entered('paid') });
  const notified = stepCalls('notifyPaid');
  expect(notified).toHaveLength(entered('paid') ? 1 : 0);
  if (entered('paid')) expect(notified[0]?.context).toMatchObject({ order: { orderNo: context.order?.orderNo } });

  if (event.type === 'xstate.init') {
    if (context.returnedAs === null) {
      expect(is('choosingPackage')).toBe(true);
      expect(context).toEqual(initialPaymentContext({ resume: null }));
    } else {
      // Back from the provider (its success or cancel address) or reloaded: whatever the link says, the API is asked
      // first (a QR code is not shown again).
      expect(context.order === null || context.order.orderNo === 'ord-9').toBe(true);
      expect(is('findingOrder')).toBe(true);
    }
  }

  // Polling asks about the order it knows until a settled status, the time-out, or too many failures in a row.
  assertPolling(snapshot, step, polling, slow);
  if (event.type === 'CHECK_AGAIN') {
    // Stopped where the hand-off polls: ask again about it there. Otherwise: confirm afresh.
    const resumed = provider.polling.find(({ stoppedAfterErrors }) => stoppedAfterErrors !== 'stoppedAfterErrors' && was(stoppedAfterErrors));
    // A look-up that failed, or a cancel the buyer doubts: the order is looked up again, read as a return.
    const looksUp = was('lookupFailed') || was('leftUnpaid');
    expect(is(looksUp ? 'findingOrder' : (resumed?.state ?? 'confirming'))).toBe(true);
    if (was('leftUnpaid')) expect(context.returnedAs).toBe('returned');
    expect(context.order).toBe(before?.order);
  }
  if (event.type === 'DISMISS' || event.type === 'STOP_WATCHING') {
    expect(is('choosingPackage')).toBe(true);
    expect(context).toEqual(initialPaymentContext({ resume: null }));
  }

  // Why it failed: the server's message; what the provider says, or a reason the view words, is the provider's.
  if (event.type === 'xstate.done.actor.createOrder' && event.output.code !== 200) {
    expect(is('failed')).toBe(true);
    expect(context).toMatchObject({ error: refused.msg, errorKind: 'server', order: null });
  }
  if (event.type === 'xstate.error.actor.createOrder') {
    expect(is('failed')).toBe(true);
    expect(context).toMatchObject({ error: (event.error as Error).message, errorKind: 'server', order: null });
  }
  const failedByCreate = is('failed') && (event.type === 'xstate.done.actor.createOrder' || event.type === 'xstate.error.actor.createOrder');
  if (!failedByCreate && !is('lookupFailed') && !provider.failureReasons.includes(event.type))
    expect(context).toMatchObject({ error: null, errorKind: null });

  return { context, before, is, was, entered };
}

/** A payment machine with the real poller, its checks answered by `check` and its tab shown and hidden by the test. */
export function startWithPoller(
  machine: AnyStateMachine,
  input: PaymentInput,
  check: (input: CheckOrderInput) => Promise<CheckOrderResponse>,
  implementations: { actors?: Record<string, AnyActorLogic>; actions?: Record<string, () => void> } = {},
) {
  const checks: number[] = [];
  const orders: string[] = [];
  let visibility: ((event: { type: 'PAGE_HIDDEN' } | { type: 'PAGE_VISIBLE' }) => void) | null = null;
  const poller = pollingMachine.provide({
    actors: {
      check: pollingCheck(orderCheckOutcome, (checked: CheckOrderInput) => {
        checks.push(Date.now());
        orders.push(checked.orderNo);
        return check(checked);
      }),
      watchPageVisibility: fromCallback(({ sendBack }) => {
        visibility = sendBack;
        return () => {
          visibility = null;
        };
      }),
    },
  });
  // Any provider's chart: the actors and actions named here are the ones every payment chart has.
  // A resumed payment's order is found pending (the test's checks then say what becomes of it).
  const lookupPoller = pollingMachine.provide({
    actors: {
      check: pollingCheck(lookupCheckOutcome, () => Promise.resolve(found('pending'))),
      watchPageVisibility: fromCallback(() => undefined),
    },
  });
  const provided = machine.provide({
    actors: { lookupPoller, ...implementations.actors, poller },
    actions: {
      rememberPendingOrder: () => undefined,
      forgetPendingOrder: () => undefined,
      notifyPaid: () => undefined,
      watchSettlement: () => undefined,
      unwatchSettlement: () => undefined,
      ...implementations.actions,
    },
  });
  const actor = createActor(provided, { input });
  actor.start();
  return {
    actor,
    /** Milliseconds from the first check to each check. */
    checkTimes: () => checks.map((at) => at - (checks[0] ?? at)),
    /** The order each check asked about. */
    orders,
    page: (type: 'PAGE_HIDDEN' | 'PAGE_VISIBLE') => visibility?.({ type }),
    /** What the poller is doing: checking, waiting, pausedWhileHidden (undefined while none runs). */
    pollerState: () => {
      const children: Record<string, AnyActorRef | undefined> = actor.getSnapshot().children;
      const child = children.poller?.getSnapshot() as SnapshotFrom<typeof pollingMachine> | undefined;
      return child?.matches({ polling: 'checking' })
        ? 'checking'
        : child?.matches({ polling: 'waiting' })
          ? 'waiting'
          : child?.matches({ polling: 'pausedWhileHidden' })
            ? 'pausedWhileHidden'
            : undefined;
    },
  };
}

/**
 * A confirmation checks at once, then after 2 s, half as long again after each check that settles nothing, 10 s at
 * most, and gives up after a minute (the real poller, with fake timers).
 */
export async function assertConfirmTimings(machine: AnyStateMachine): Promise<void> {
  vi.useFakeTimers();
  try {
    const { actor, checkTimes, orders, pollerState } = startWithPoller(machine, resumeOf('returned'), () => Promise.resolve(answered('pending')));
    await vi.advanceTimersByTimeAsync(59_999);
    expect(checkTimes()).toEqual([0, 2000, 5000, 9500, 16_250, 26_250, 36_250, 46_250, 56_250]);
    expect(new Set(orders)).toEqual(new Set(['ord-9']));
    expect(actor.getSnapshot().value).toBe('confirming');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('timedOut');
    expect(pollerState()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(checkTimes(), 'no check after the time limit').toHaveLength(9);
    actor.stop();
  } finally {
    vi.useRealTimers();
  }
}
