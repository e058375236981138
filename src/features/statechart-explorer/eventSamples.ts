/**
 * Sample events for the events that carry data, per machine id: the explorer prefills its payload editor with
 * them. Typed against each machine's own events, so a changed event shape fails the type check here.
 */
import type { AnyEventObject, AnyStateMachine, EventFromLogic } from 'xstate';
import * as catalogue from '../../../machines/index';

type Samples = ReadonlyMap<string, ReadonlyMap<string, AnyEventObject>>;

function samples<TMachine extends AnyStateMachine>(
  machine: TMachine,
  events: ReadonlyArray<EventFromLogic<TMachine>>,
): [string, ReadonlyMap<string, AnyEventObject>] {
  return [machine.id, new Map(events.map((event: AnyEventObject) => [event.type, event]))];
}

const PAY = { type: 'PAY', packageId: 'pkg-pro' } as const;
/** What the look-up's poller reports for a resumed payment: its order found, pending (the catalogue's sample resume). */
const FOUND_PENDING = {
  type: 'polling.answered',
  answer: { found: { orderNo: 'NB20261122000001', packageId: 'builder', status: 'pending', stale: false, awaitedHere: true } },
} as const;

export const EVENT_SAMPLES: Samples = new Map([
  samples(catalogue.apiKeysMachine, [
    { type: 'RENAME', id: 'key-2' },
    { type: 'DELETE', id: 'key-2' },
    { type: 'NAME_SUBMITTED', name: 'Staging' },
  ]),
  samples(catalogue.detailsDialogMachine, [{ type: 'OPEN', item: { taskId: 'task-1' } }]),
  samples(catalogue.discordJoinMachine, [{ type: 'ACCOUNT_READY', discordUsername: null }]),
  samples(catalogue.earlyRenewalMachine, [
    { type: 'ACCOUNT_UPDATED', account: { id: 'u-demo', email: 'demo@example.com', apiKey: '', credits: 100, alertThreshold: 500 } },
  ]),
  samples(catalogue.emailCodeMachine, [{ type: 'SEND', email: 'ada@example.com', purpose: 'register' }]),
  samples(catalogue.generationMachine, [
    {
      type: 'CHANGE',
      draft: catalogue.SAMPLE_DRAFT,
    },
    { type: 'GENERATE', apiKey: 'nb_demo_key', balance: 100 },
    { type: 'RESTORE', taskId: 'task-1' },
  ]),
  samples(catalogue.googleOneTapMachine, [{ type: 'CREDENTIAL', credential: 'demo-google-credential', nonce: 'demo-google-nonce' }]),
  samples(catalogue.localeMachine, [{ type: 'SET_LOCALE', locale: 'fr' }]),
  samples(catalogue.loginMachine, [
    { type: 'SUBMIT', request: { kind: 'email', email: 'ada@example.com', password: 'banana-123' } },
    { type: 'CHALLENGE_SOLVED', token: 'demo-challenge-token' },
    { type: 'CHALLENGE_ERROR', failure: 'widgetRetries' },
  ]),
  samples(catalogue.loginModalMachine, [{ type: 'SWITCH_VIEW', view: 'signUp' }]),
  samples(catalogue.pagedListMachine, [
    { type: 'GO_TO_PAGE', pageNum: 2 },
    { type: 'SET_FILTERS', filters: { status: 'all' } },
  ]),
  samples(catalogue.saveFormMachine, [{ type: 'CHANGE', values: { email: 'bob@example.com', enabled: true } }]),
  samples(catalogue.settlementWatchMachine, [{ type: 'ACCOUNT_CHANGED', accountId: 'u-other' }]),
  samples(catalogue.themeMachine, [
    { type: 'SET_THEME', theme: 'dark' },
    { type: 'SYSTEM_THEME_CHANGED', dark: true },
  ]),
  samples(catalogue.usageChartMachine, [
    { type: 'RANGE_CHOSEN', range: { kind: 'preset', days: 30 } },
    { type: 'GRANULARITY_CHOSEN', granularity: 'hour' },
    { type: 'METRIC_CHOSEN', metric: 'requests' },
    { type: 'SPLIT_BY_KEY_CHOSEN', split: true },
  ]),
  samples(catalogue.userMachine, [
    { type: 'API_KEY_SET', apiKey: 'nb_demo_key' },
    { type: 'SIGNED_IN', token: 'demo-jwt', user: { id: 'u-1', email: 'ada@example.com', apiKey: 'nb_demo_key', credits: 100 }, isNewUser: false },
  ]),
  samples(catalogue.creemPaymentMachine, [PAY]),
  samples(catalogue.nowpaymentsPaymentMachine, [PAY, FOUND_PENDING]),
  samples(catalogue.freekassaPaymentMachine, [PAY]),
  samples(catalogue.digisellerPaymentMachine, [PAY]),
  samples(catalogue.paypalPaymentMachine, [PAY]),
  samples(catalogue.wechatPaymentMachine, [PAY]),
]);

/** The sample of an event that carries data, or null for one that is its type alone. */
export function eventSample(machineId: string, eventType: string): AnyEventObject | null {
  return EVENT_SAMPLES.get(machineId)?.get(eventType) ?? null;
}
