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
  fromPromise,
  type AnyActorLogic,
  type AnyActorRef,
  type AnyEventObject,
  type AnyStateMachine,
  type SnapshotFrom,
} from 'xstate';
import { expect, vi } from 'vitest';
import { pollingCheck, pollingMachine } from '../../machines/polling.machine';
import {
  initialPaymentContext,
  orderCheckOutcome,
  SETTLEMENT_POLLING,
  type CheckOrderInput,
  type CheckOrderResponse,
  type FindOrderAnswer,
  type OrderStatus,
  type PaymentContext,
  type PaymentInput,
} from '../../machines/payment.shared';
import type { createPaymentMachine } from '../../machines/payment.machine';
import { after, carriedValue, defaultEventLabel, done, failure, type ActionCall, type Invocation, type PathEvent } from './pathRunner';
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

/** What finding a resumed payment's order answers: the order as the API lists it (made recently, or long ago). */
const found = (status: OrderStatus, stale = false): FindOrderAnswer => ({ orderNo: 'ord-9', packageId: 'pkg-pro', status, stale });
const FOUND_ANSWERS: readonly FindOrderAnswer[] = [
  null,
  found('pending'),
  found('paid'),
  found('cancelled'),
  found('expired'),
  found('paid', true),
  found('pending', true),
];

/**
 * A fresh purchase, and an order found again after a reload, a return from the provider and its cancel link; a
 * return that names no order (the API's newest is asked for), and one from a provider that settles slowly.
 */
const PAYMENT_SCENARIOS = [
  { name: 'fresh', input: { resume: null } },
  { name: 'reloaded', input: resumeOf('reloaded') },
  { name: 'returned', input: resumeOf('returned') },
  { name: 'cancelled', input: resumeOf('cancelled') },
  { name: 'returned, no order named', input: { resume: { orderNo: null, packageId: '', returnedAs: 'returned' } } },
  { name: 'returned, settles slowly', input: { ...resumeOf('returned'), slowSettlement: true } },
] as const;

const PAYMENT_MACHINE_IDS = ['creemPayment', 'nowpaymentsPayment', 'freekassaPayment', 'digisellerPayment', 'wechatPayment', 'paypalPayment'];

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
    ...FOUND_ANSWERS.map((answer): [unknown, string] => [answer, answer === null ? 'none' : `${answer.status}${answer.stale ? ', stale' : ''}`]),
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
    ...created.map((answer) => done('createOrder', answer)),
    done('createOrder', refused),
    failure('createOrder', offline),
    failure('createOrder', refusedByServer),
    ...handOff,
    ...FOUND_ANSWERS.map((answer) => done('findOrder', answer)),
    failure('findOrder', offline),
    // A failed look-up is tried again by itself (each provider's chart has its own id).
    ...PAYMENT_MACHINE_IDS.map((id) => after('LOOKUP_RETRY', `${id}.lookupFailed`)),
    ...statusAnswers.map(pollerAnswered),
    pollerAnswered(laterRefused),
    pollerStopped({ refused: laterRefused }),
    pollerStopped({ rejected: offline }),
    pollerTimedOut,
  ];
}

interface PaymentSnapshot {
  context: PaymentContext;
  children: { poller?: { _parent?: unknown } };
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
    slow: context.slowSettlement,
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
  // Every chart waits on a slowly settling order the same way.
  const polling: PollingState[] = [
    ...provider.polling,
    { state: 'awaitingConfirmations', policy: SETTLEMENT_POLLING, stoppedAfterErrors: 'stoppedAfterErrors', timedOut: 'timedOut' },
  ];

  // starting decides at once; it is never a resting state.
  expect([...CHART_STATES, ...provider.handOff].filter((state) => is(state))).toHaveLength(1);
  expect(snapshot.hasTag('busy')).toBe(['findingOrder', 'creatingOrder', 'confirming', ...provider.busy].some(is));
  expect(snapshot.hasTag('awaitingSettlement')).toBe(is('awaitingConfirmations'));
  expect(snapshot.hasTag('settledEarlier')).toBe(is('settledEarlier'));
  expect(snapshot.hasTag('awaitingProvider')).toBe(isAwaiting);
  expect(snapshot.hasTag('paid')).toBe(is('paid'));
  expect(snapshot.hasTag('failed')).toBe(is('failed') || is('timedOut'));
  expect(snapshot.hasTag('confirmingCharge')).toBe(is('confirmingCharge'));

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
      'leftUnpaid',
      'awaitingConfirmations',
    ].some((state) => is(state)),
  );
  expect(can({ type: 'CONFIRM_CHARGE' })).toBe(is('confirmingCharge'));
  const creates = stepInvocations('createOrder').map((invocation) => invocation.input);
  expect(creates).toEqual(entered('creatingOrder') ? [expect.objectContaining({ packageId: context.packageId, vaultId: context.vaultId })] : []);
  if (event.type === 'PAY') {
    expect(context).toMatchObject({ returnedAs: null, packageId: event.packageId, vaultId: event.vaultId ?? null, order: null });
    // A charge to a saved method waits for the buyer's yes, with nothing ordered; any other PAY orders at once.
    expect(is(event.vaultId === undefined ? 'creatingOrder' : 'confirmingCharge')).toBe(true);
    if (is('confirmingCharge')) expect(creates).toEqual([]);
  }
  if (event.type === 'CONFIRM_CHARGE') {
    // The charge the buyer agreed to: the package and method asked about, under the key PAY gave the purchase.
    expect(was('confirmingCharge') && is('creatingOrder')).toBe(true);
    expect(context).toMatchObject({ packageId: before?.packageId, vaultId: before?.vaultId, idempotencyKey: before?.idempotencyKey });
    expect(context.vaultId).not.toBeNull();
  }
  if (event.type === 'DISMISS' && was('confirmingCharge')) {
    // Cancelling the confirmation charges nothing: no order was asked for, none is forgotten.
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

  const finished = entered('paid') || entered('cancelled') || entered('failed') || entered('orderNotFound') || entered('settledEarlier');
  const dismissedWaiting = event.type === 'DISMISS' && (was('timedOut') || was('stoppedAfterErrors') || was('leftUnpaid'));
  // A slowly settling order is watched from the moment it is waited on; leaving it does not forget it.
  expect(stepCalls('watchSettlement')).toHaveLength(entered('awaitingConfirmations') ? 1 : 0);
  // A resumed payment asks the API about its order first: the one named, or (null) the newest.
  const finds = stepInvocations('findOrder').map((invocation) => invocation.input);
  expect(finds).toEqual(entered('findingOrder') ? [{ orderNo: context.order?.orderNo ?? null }] : []);
  if (event.type === 'xstate.done.actor.findOrder') {
    const answer = event.output as FindOrderAnswer;
    const expected =
      answer === null
        ? 'orderNotFound'
        : answer.stale && answer.status !== 'pending'
          ? 'settledEarlier'
          : answer.status === 'paid'
            ? 'paid'
            : answer.status === 'pending'
              ? before?.returnedAs === 'cancelled'
                ? 'leftUnpaid'
                : context.slowSettlement
                  ? 'awaitingConfirmations'
                  : 'confirming'
              : answer.status === 'cancelled'
                ? 'cancelled'
                : 'failed';
    // Only the API's answer decides; the order it found is the one kept (its package too, where none was known).
    expect(is(expected as State), expected).toBe(true);
    if (answer !== null) expect(context).toMatchObject({ order: { orderNo: answer.orderNo }, packageId: before?.packageId ?? answer.packageId });
  }
  if (event.type === 'xstate.error.actor.findOrder') {
    expect(is('lookupFailed')).toBe(true);
    expect(context.error).toBe(offline.message);
  }
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
  assertPolling(snapshot, step, polling);
  if (event.type === 'CHECK_AGAIN') {
    // Stopped where the hand-off polls: ask again about it there. Otherwise: confirm afresh.
    const resumed = provider.polling.find(({ stoppedAfterErrors }) => stoppedAfterErrors !== 'stoppedAfterErrors' && was(stoppedAfterErrors));
    // A look-up that failed, or a cancel the buyer doubts: the order is looked up again, read as a return.
    const looksUp = was('lookupFailed') || was('leftUnpaid');
    expect(is(looksUp ? 'findingOrder' : (resumed?.state ?? 'confirming'))).toBe(true);
    if (was('leftUnpaid')) expect(context.returnedAs).toBe('returned');
    expect(context.order).toBe(before?.order);
  }
  if (event.type === 'DISMISS') {
    expect(is('choosingPackage')).toBe(true);
    expect(context).toEqual({ ...initialPaymentContext({ resume: null }), slowSettlement: before?.slowSettlement });
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
  const provided = machine.provide({
    // A resumed payment's order is found pending (the test's checks then say what becomes of it).
    actors: { findOrder: fromPromise(() => Promise.resolve(found('pending'))), ...implementations.actors, poller },
    actions: {
      rememberPendingOrder: () => undefined,
      forgetPendingOrder: () => undefined,
      notifyPaid: () => undefined,
      watchSettlement: () => undefined,
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
