/**
 * Fuzzing every statechart of the catalogue: a real actor, its invoked actors answering with whatever the API
 * client (or the browser service behind them) can hand back, in any order and at any time, its app-supplied
 * actions doing nothing, and a stream of the machine's own events with arbitrary fields plus clock moves.
 * Property: the actor never fails (no guard, action or assign throws), is always in a named state, and after every
 * event is where the chart itself says that event leads (xstate's getNextSnapshot: the same state and context).
 *
 * Events carry fields of their declared types, with hostile values (markup, NaN, empty strings); answers are
 * what the client can resolve with (code 200 with data that passed the contract, or a pass-through code) or
 * anything at all as a rejection. Code 200 with wrongly typed data never reaches a machine: the client turns
 * it into an invalidResponse rejection (tests/unit/fuzz/apiClient.fuzz.test.ts proves it).
 *
 * Failures print fast-check's seed and path: pass them back as `{ seed, path }` to replay one.
 */
import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { machineCatalogue } from '../../../machines/index';
import { appMachine } from '../../../machines/app.machine';
import { userMachine, type UserInput } from '../../../machines/user.machine';
import { loginMachine, type LoginResponse } from '../../../machines/login.machine';
import { loginModalMachine } from '../../../machines/loginModal.machine';
import { emailCodeMachine } from '../../../machines/emailCode.machine';
import { microsoftButtonMachine } from '../../../machines/microsoftButton.machine';
import { googleOneTapMachine } from '../../../machines/googleOneTap.machine';
import { themeMachine, type ThemeInput } from '../../../machines/theme.machine';
import { localeMachine, type LocaleInput } from '../../../machines/locale.machine';
import { pageProgressMachine } from '../../../machines/pageProgress.machine';
import { pagedListMachine, type PageResponse } from '../../../machines/pagedList.machine';
import { saveFormMachine } from '../../../machines/saveForm.machine';
import { resourceMachine } from '../../../machines/resource.machine';
import { usageChartMachine, type UsageRange } from '../../../machines/usageChart.machine';
import { apiKeysMachine, type ApiKeyLike } from '../../../machines/apiKeys.machine';
import {
  creemPaymentMachine,
  digisellerPaymentMachine,
  freekassaPaymentMachine,
  nowpaymentsPaymentMachine,
} from '../../../machines/redirectPayment.machine';
import { paypalPaymentMachine } from '../../../machines/paypalPayment.machine';
import { wechatPaymentMachine } from '../../../machines/wechatPayment.machine';
import { detailsDialogMachine } from '../../../machines/detailsDialog.machine';
import { zipDownloadMachine } from '../../../machines/zipDownload.machine';
import { disclosureMachine } from '../../../machines/disclosure.machine';
import { generationMachine, taskCheckOutcome, type GenerationDraft } from '../../../machines/generation.machine';
import { earlyRenewalMachine } from '../../../machines/earlyRenewal.machine';
import { discordJoinMachine, type DiscordJoinInput } from '../../../machines/discordJoin.machine';
import { quickStartMachine } from '../../../machines/quickStart.machine';
import { settlementWatchMachine, watchCheckOutcome, type WatchCheckResponse } from '../../../machines/settlementWatch.machine';
import { BACK_OFF, pollingMachine } from '../../../machines/polling.machine';
import { lookupCheckOutcome, orderCheckOutcome, type PaymentContext, type PaymentInput, type OrderStatus } from '../../../machines/payment.shared';
import { BOT_CHECK_REQUIRED_CODE, LOCALES, type LoginRequest } from '../../../src/common/types';
import { draftCost, validateDraft } from '../../../src/domain/generationDraft';
import { MIN_IMAGES } from '../../../src/domain/generationOptions';
import { createRedirectPaymentLogic, type PaymentWiring } from '../../../src/actors/payments';
import { createDiscordJoinLogic, DISCORD_RETURN_PATH } from '../../../src/actors/discordJoin';
import type { UserActor } from '../../../src/actors/app';
import { DOCUMENTED_CHECKOUT_HOSTS as CHECKOUT_HOSTS } from '../../../src/domain/checkoutHosts';
import { DEMO_CHECKOUT_PATH } from '../../../src/domain/paymentProviders';
import { DEMO_DISCORD_PATH } from '../../../src/services/demoPages';
import { clientResultFor, htmlPayload, parsedDataFor, passThroughResult, resultWith } from './arbitraries';
import {
  activeLeafIds,
  compositeTarget,
  fuzzTarget,
  handledEventTypes,
  planArbitrary,
  restingStateIds,
  runPlan,
  specGaps,
  type FuzzTarget,
  type StateObserver,
} from './machineRig';

const RUNS = 100;
const MAX_STEPS = 40;
/** The share of a machine's resting states a property run must visit (usually all or nearly all are). */
const MIN_STATE_SHARE = 0.5;
/**
 * The runs' seed: the same in every run of the suite, so that how much of a chart the runs reach is a fact of the
 * chart and the fuzzer, not of the draw (with a new seed each time, generation reached 7 of its 15 resting states
 * in one clean-clone run of 2026-11-29 and failed). FUZZ_SEED=<n> explores other draws.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261129);

// ---------------------------------------------------------------------------------------------------
// Field values: of the declared type, but hostile
// ---------------------------------------------------------------------------------------------------

const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: htmlPayload },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t\n') },
);
/** Any double: NaN, infinities and -0 included. */
const anyNumber = fc.oneof(fc.integer({ min: -5, max: 200 }), fc.double());
const none = fc.constant({});
const optionalText = fc.option(text, { nil: null });
/** Small id sets, so events name keys and orders the answers really contain. */
const keyId = fc.constantFrom('k1', 'k2', 'k3', '');
const packageId = fc.constantFrom('pkg-small', 'pkg-large', '');
const orderStatus = fc.constantFrom<OrderStatus>('pending', 'paid', 'cancelled', 'failed', 'expired', 'refunded');
/** A date-like string: real ISO times, or text Date.parse cannot read. */
const timestamp = fc.oneof(
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  text,
);

const sessionUser = parsedDataFor('userInfo');

const loginRequest: fc.Arbitrary<LoginRequest> = fc.oneof(
  fc.record({ kind: fc.constant('email' as const), email: text, password: text }),
  fc.record({ kind: fc.constant('register' as const), email: text, password: text, code: text }),
  fc.record({ kind: fc.constant('resetPassword' as const), email: text, password: text, code: text }),
  fc.record({ kind: fc.constant('google' as const), credential: text, nonce: text }),
  fc.record({ kind: fc.constant('microsoft' as const), idToken: text }),
);

/**
 * Login answers. The reset-password call's data is not checked by the contract (anything goes), and the app's
 * submitLogin hands it on as it is, so code 200 may come with any data here.
 */
const loginResponse: fc.Arbitrary<LoginResponse> = fc.oneof(
  clientResultFor('login'),
  clientResultFor('resetPassword').map((result) => result as LoginResponse),
  // The bot check the server asks for: rare among pass-through codes, so drawn on its own too.
  fc.record({ code: fc.constant(BOT_CHECK_REQUIRED_CODE), msg: text, data: fc.constant(null) }),
);

const userInput: fc.Arbitrary<UserInput> = fc
  .option(fc.record({ token: fc.string({ minLength: 1, maxLength: 12 }), cachedUser: fc.option(sessionUser, { nil: null }) }), { nil: null })
  // A function in the input: printed as what it returns, so a counterexample still reads.
  .map((stored) => ({ readStoredLogin: Object.assign(() => stored, { [fc.toStringMethod]: () => `() => ${fc.stringify(stored)}` }) }));
const themeInput: fc.Arbitrary<ThemeInput> = fc.record({
  stored: fc.constantFrom('light' as const, 'dark' as const, 'system' as const, null),
  systemPrefersDark: fc.boolean(),
});
const localeInput: fc.Arbitrary<LocaleInput> = fc.record({ initial: fc.constantFrom(...LOCALES), pageMessages: fc.boolean() });
const paymentInput: fc.Arbitrary<PaymentInput> = fc.record({
  resume: fc.option(
    fc.record({
      orderNo: fc.constantFrom('o-1', 'o-2', null),
      packageId,
      returnedAs: fc.constantFrom('returned' as const, 'cancelled' as const, 'reloaded' as const),
    }),
    { nil: null },
  ),
});
/**
 * What the look-up of a resumed payment's order answers: the order as listed (made recently or long ago, awaited here
 * or not), or none.
 */
const lookupAnswer = fc.record({
  found: fc.option(
    fc.record({ orderNo: fc.constantFrom('o-1', 'o-2'), packageId, status: orderStatus, stale: fc.boolean(), awaitedHere: fc.boolean() }),
    { nil: null },
  ),
});

/** A draft the playground would send: without these, every GENERATE stops at validation. */
const sendableDraft: fc.Arbitrary<GenerationDraft> = fc.record({
  prompt: fc.oneof(fc.constant('A banana astronaut'), htmlPayload),
  // Nano Banana 2 and Pro make one image per task; their ratios include these three.
  model: fc.constantFrom('nano-banana-2', 'nano-banana-pro'),
  aspectRatio: fc.constantFrom('1:1', '16:9', '9:16'),
  resolution: fc.constantFrom('1K', '2K', '4K'),
  outputFormat: fc.constantFrom('png', 'jpg'),
  numImages: fc.constant(MIN_IMAGES),
  googleSearch: fc.boolean(),
  watermark: fc.constant(''),
  referenceUrls: fc.constantFrom([], ['https://img.example/a.png']),
});

const hostileDraft: fc.Arbitrary<GenerationDraft> = fc.record({
  prompt: fc.oneof(text, fc.string({ minLength: 4000, maxLength: 4100 })),
  model: fc.oneof(fc.constantFrom('nano-banana', 'nano-banana-2', 'nano-banana-pro'), text),
  aspectRatio: fc.oneof(fc.constantFrom('1:1', '16:9', '9:16', 'auto'), text),
  resolution: fc.oneof(fc.constantFrom('1K', '2K', '4K'), text),
  outputFormat: fc.oneof(fc.constantFrom('png', 'jpg'), text),
  numImages: anyNumber,
  googleSearch: fc.boolean(),
  watermark: fc.oneof(fc.constant(''), text),
  referenceUrls: fc.array(fc.oneof(fc.constantFrom('https://img.example/a.png', 'javascript:alert(1)', ''), text), { maxLength: 5 }),
});

const draft = fc.oneof({ weight: 3, arbitrary: sendableDraft }, { weight: 1, arbitrary: hostileDraft });

const apiKey: fc.Arbitrary<ApiKeyLike> = fc.record({
  id: keyId,
  name: text,
  apiKey: text,
  primary: fc.boolean(),
  createTime: timestamp,
  lastUsedTime: fc.option(timestamp, { nil: null }),
});

const usageRange: fc.Arbitrary<UsageRange> = fc.oneof(
  fc.record({ kind: fc.constant('preset' as const), days: fc.constantFrom(7 as const, 30 as const, 90 as const) }),
  fc.record({
    kind: fc.constant('custom' as const),
    from: fc.oneof(
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
      text,
    ),
    to: fc.oneof(
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
      text,
    ),
  }),
);

/** A page of any list the dashboard shows. */
const pageResponse: fc.Arbitrary<PageResponse> = fc.oneof(clientResultFor('payOrderList'), clientResultFor('usageRecordPage'));
const anyResult = resultWith(fc.jsonValue({ maxDepth: 2 }));
const orderStatusAnswer = resultWith(fc.record({ orderNo: fc.constantFrom('o-1', 'o-2'), status: orderStatus }));

const paymentEvents = {
  PAY: fc.record({ packageId, vaultId: fc.option(fc.constantFrom('vault-1', ''), { nil: undefined }) }, { requiredKeys: ['packageId'] }),
  CONFIRM_CHARGE: none,
  RETRY: none,
  CHECK_AGAIN: none,
  CANCEL: none,
  DISMISS: none,
  STOP_WATCHING: none,
  // The pollers' reports come from the real pollers (orderPoller, lookupPoller); drawn here too, so they also come out
  // of turn (a status answer while the order is looked up, a look-up's answer while it is confirmed).
  'polling.answered': fc.record({ answer: fc.oneof(orderStatusAnswer, lookupAnswer) }),
  'polling.stoppedAfterErrors': fc.record({
    failure: fc.oneof(fc.record({ refused: orderStatusAnswer }), fc.record({ rejected: fc.constant(new Error('offline')) })),
  }),
  'polling.timedOut': none,
  // What PayPal's buttons report (the paypalCheckout callback); drawn for every payment chart, which share their events.
  'paypal.approved': none,
  'paypal.cancelled': none,
  'paypal.failed': fc.record({ error: fc.constant(new Error('PayPal error')) }),
};

/** The poller a payment invokes, its check reading an order's status as the app's does (pollingCheck). */
const orderPoller = fuzzTarget(pollingMachine, {
  events: { PAGE_HIDDEN: none, PAGE_VISIBLE: none, CHECK_NOW: none, CHECK_AGAIN: none },
  callbacks: ['watchPageVisibility'],
  outputs: { check: orderStatusAnswer.map((answer) => ({ outcome: orderCheckOutcome(answer), answer })) },
});

/** The poller a resumed payment looks its order up with, its check settled by any answer as the app's is. */
const lookupPoller = fuzzTarget(pollingMachine, {
  events: { PAGE_HIDDEN: none, PAGE_VISIBLE: none, CHECK_NOW: none, CHECK_AGAIN: none },
  callbacks: ['watchPageVisibility'],
  outputs: { check: lookupAnswer.map((answer) => ({ outcome: lookupCheckOutcome(answer), answer })) },
});

// ---------------------------------------------------------------------------------------------------
// Redirects: the app's own URL guards run on addresses good and bad, and every redirect must go where allowed
// ---------------------------------------------------------------------------------------------------

/** The actors' user is only told of payments and connections; these runs never get that far. */
const quietUser = { send: () => undefined } as unknown as UserActor;
const wiring: PaymentWiring = { user: quietUser, onPaid: () => undefined, paypal: null };
const ORIGIN = window.location.origin;

/** Whether `url` is https on one of `hosts` with no credentials in it. */
function httpsOn(url: string, hosts: readonly string[]): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.username === '' && parsed.password === '' && hosts.includes(parsed.hostname) ? parsed : null;
  } catch {
    return null;
  }
}

/** Of this site, under `path` (the demo's stand-ins for a provider's page). */
function ownPageUnder(url: string, path: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === ORIGIN && parsed.pathname.startsWith(path);
  } catch {
    return false;
  }
}

/** Addresses a server may hand out for a checkout: the provider's own, the demo's, and ones that must be refused. */
function checkoutUrl(provider: RedirectProvider): fc.Arbitrary<string> {
  const host = fc.constantFrom(...CHECKOUT_HOSTS[provider]);
  return fc.oneof(
    { weight: 3, arbitrary: host.map((name) => `https://${name}/pay?session=1`) },
    { weight: 1, arbitrary: fc.constant(`${ORIGIN}${DEMO_CHECKOUT_PATH}${provider}?orderNo=o-1`) },
    {
      weight: 4,
      arbitrary: fc.oneof(
        host.map((name) => `http://${name}/pay`),
        host.map((name) => `https://user:secret@${name}/pay`),
        host.map((name) => `https://${name}.evil.example/pay`),
        fc.constantFrom(
          'https://checkout.example/pay',
          'javascript:alert(1)',
          ' javascript:alert(1)',
          'data:text/html,<script>alert(1)</script>',
          `${ORIGIN}/dashboard`,
          '/demo-checkout/creem',
          '',
        ),
        text,
      ),
    },
  );
}

type RedirectProvider = 'creem' | 'nowpayments' | 'freekassa' | 'digiseller';

function redirectPayment(machine: typeof creemPaymentMachine, provider: RedirectProvider): FuzzTarget {
  // The guard exactly as the app provides it (its hosts, and the demo checkout of this origin).
  const { isAllowedCheckout } = createRedirectPaymentLogic(provider, wiring).implementations.guards;
  return {
    ...fuzzTarget(machine, {
      input: paymentInput,
      events: paymentEvents,
      outputs: {
        // The app maps each provider's URL field to checkoutUrl.
        createOrder: resultWith(fc.record({ orderNo: fc.constantFrom('o-1', 'o-2'), checkoutUrl: checkoutUrl(provider) })),
      },
      appGuards: { isAllowedCheckout },
      // As the app's redirectToCheckout does: location.assign(context.order.checkoutUrl).
      redirects: { redirectToCheckout: ({ context }) => (context as PaymentContext).order?.checkoutUrl ?? '' },
      mayRedirectTo: (url) => httpsOn(url, CHECKOUT_HOSTS[provider]) !== null || ownPageUnder(url, DEMO_CHECKOUT_PATH),
    }),
    children: { poller: orderPoller, lookupPoller },
  };
}

/** A state as the app makes one: 32 hex digits (128 bits). */
const STRONG_STATE = '0123456789abcdef0123456789abcdef';
const RETURN_URI = `${ORIGIN}${DISCORD_RETURN_PATH}`;

/** Authorize addresses a server may hand out: Discord's own, the demo's, and ones that must be refused. */
const authorizeUrl: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .record({
        page: fc.constantFrom(
          'https://discord.com/oauth2/authorize',
          'https://discord.com/api/v10/oauth2/authorize',
          `${ORIGIN}${DEMO_DISCORD_PATH}authorize`,
        ),
        back: fc.constantFrom(RETURN_URI, 'https://evil.example/join-discord'),
      })
      .map(
        ({ page, back }) => `${page}?response_type=code&client_id=123&scope=identify&state=${STRONG_STATE}&redirect_uri=${encodeURIComponent(back)}`,
      ),
  },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      `http://discord.com/oauth2/authorize?response_type=code&client_id=1&state=${STRONG_STATE}&redirect_uri=${encodeURIComponent(RETURN_URI)}`,
      `https://discord.com.evil.example/oauth2/authorize?response_type=code&client_id=1&state=${STRONG_STATE}&redirect_uri=${encodeURIComponent(RETURN_URI)}`,
      `https://user:pw@discord.com/oauth2/authorize?response_type=code&client_id=1&state=${STRONG_STATE}&redirect_uri=${encodeURIComponent(RETURN_URI)}`,
      'javascript:alert(1)//https://discord.com/oauth2/authorize',
      'data:text/html,<script>alert(1)</script>',
    ),
  },
  { weight: 1, arbitrary: text },
);

/** Discord's consent page, or the demo's of this origin, sending the user back to this site's join page. */
function mayGoToAuthorize(url: string): boolean {
  const discord = httpsOn(url, ['discord.com']);
  const page = discord ?? (ownPageUnder(url, DEMO_DISCORD_PATH) ? new URL(url) : null);
  return page !== null && page.searchParams.get('redirect_uri') === RETURN_URI;
}

// ---------------------------------------------------------------------------------------------------
// Every machine of the catalogue, with what its view sends and what its actors can answer
// ---------------------------------------------------------------------------------------------------

const user = fuzzTarget(userMachine, {
  input: userInput,
  events: {
    REFRESH: none,
    LOGOUT: none,
    SESSION_EXPIRED: none,
    PAYMENT_SUCCEEDED: none,
    API_KEY_SET: fc.record({ apiKey: text }),
    SIGNED_IN: fc.record({ token: text, user: sessionUser, isNewUser: fc.boolean() }),
    SIGNED_OUT_ELSEWHERE: none,
    LOCATE_AGAIN: none,
  },
  outputs: {
    fetchUserInfo: clientResultFor('userInfo'),
    logout: clientResultFor('logout'),
    lookupIpCountry: fc.oneof(fc.constantFrom('US', 'CN', 'RU', ''), text),
  },
  callbacks: ['watchOtherTabs'],
});

const login = fuzzTarget(loginMachine, {
  events: {
    SUBMIT: fc.record({ request: loginRequest }),
    CHALLENGE_LOADED: none,
    CHALLENGE_ERROR: fc.record({
      failure: fc.constantFrom(
        'widgetRetries' as const,
        'tryAgain' as const,
        'unavailable' as const,
        'browser' as const,
        'clock' as const,
        'cache' as const,
        'siteSetup' as const,
      ),
    }),
    CHALLENGE_EXPIRED: none,
    CHALLENGE_TIMEOUT: none,
    RELOAD_CHALLENGE: none,
    CHALLENGE_SOLVED: fc.record({ token: text }),
    CANCEL: none,
    RESET: none,
  },
  outputs: { submitLogin: loginResponse, retryLogin: loginResponse },
});

const loginView = fc.constantFrom('signIn' as const, 'signUp' as const, 'resetPassword' as const);
const loginModal = fuzzTarget(loginModalMachine, {
  events: {
    OPEN: fc.record({ view: loginView, email: text, keepPage: fc.boolean() }, { requiredKeys: [] }),
    CLOSE: none,
    SIGNED_IN: none,
    SWITCH_VIEW: fc.record({ view: loginView, email: text }, { requiredKeys: ['view'] }),
    SHOW_VERIFY: none,
    VERIFY_DONE: none,
    ACCOUNT_CREATED: none,
  },
  outputs: {},
});

const theme = fuzzTarget(themeMachine, {
  input: themeInput,
  events: {
    SET_THEME: fc.record({ theme: fc.constantFrom('light' as const, 'dark' as const, 'system' as const) }),
    SYSTEM_THEME_CHANGED: fc.record({ dark: fc.boolean() }),
  },
  outputs: {},
  callbacks: ['watchSystemTheme'],
});

const locale = fuzzTarget(localeMachine, {
  input: localeInput,
  events: { SET_LOCALE: fc.record({ locale: fc.constantFrom(...LOCALES) }), RETRY: none, CATALOGUE_WANTED: none },
  // A loaded catalogue: whatever the dynamic import gives.
  outputs: { loadCatalog: fc.anything({ maxDepth: 1 }) },
});

const pageProgress = fuzzTarget(pageProgressMachine, { events: { START: none, DONE: none, FAIL: none }, outputs: {} });

const googleOneTap = fuzzTarget(googleOneTapMachine, {
  events: {
    PROMPT_ALLOWED: none,
    PROMPT_BLOCKED: none,
    CREDENTIAL: fc.record({ credential: text, nonce: text }),
    DISMISSED: none,
    LOGIN_SUCCEEDED: none,
    LOGIN_FAILED: none,
  },
  outputs: {},
  callbacks: ['prompt'],
});

const earlyRenewal = fuzzTarget(earlyRenewalMachine, {
  events: {
    // What the user actor tells it: any account the contract lets through, a low balance, a plan ending soon.
    ACCOUNT_UPDATED: fc.record({
      account: fc.option(
        fc.oneof(
          sessionUser,
          fc.record({
            id: text,
            email: text,
            apiKey: text,
            credits: fc.option(anyNumber, { nil: null }),
            alertThreshold: fc.option(anyNumber, { nil: null }),
            planEndTime: fc.option(timestamp, { nil: null }),
          }),
        ),
        { nil: null },
      ),
    }),
    DISMISS: none,
    RENEW: none,
    PAYMENT_SUCCEEDED: none,
    PAYMENT_ABANDONED: none,
    CLOSE: none,
  },
  outputs: { findLastPackage: fc.option(packageId, { nil: null }) },
});

/** The poller a task flow invokes, its check reading the task's record as the app's does (pollingCheck). */
const taskPoller = fuzzTarget(pollingMachine, {
  events: { PAGE_HIDDEN: none, PAGE_VISIBLE: none, CHECK_NOW: none, CHECK_AGAIN: none },
  callbacks: ['watchPageVisibility'],
  outputs: { check: clientResultFor('taskRecord').map((answer) => ({ outcome: taskCheckOutcome(answer), answer })) },
});

/** What a task's poller may report, drawn as events of the flow that invoked it. */
const taskPollerReports = {
  'polling.answered': fc.record({ answer: clientResultFor('taskRecord') }),
  'polling.stoppedAfterErrors': fc.record({
    failure: fc.oneof(fc.record({ refused: clientResultFor('taskRecord') }), fc.record({ rejected: fc.constant(new Error('offline')) })),
  }),
  'polling.timedOut': none,
};

/** An order on the watch list, with a start that is a real time or text Date.parse cannot read. */
const watchedOrder = fc.record({
  orderNo: fc.constantFrom('o-1', 'o-2', 'o-3'),
  provider: fc.constantFrom('nowpayments', '', 'creem'),
  packageId,
  since: timestamp,
});
/** What a check of the watched orders answers: each one's status as listed, or none (no longer listed). */
const watchAnswer: fc.Arbitrary<WatchCheckResponse> = resultWith(
  fc.record({
    checkedAt: timestamp,
    orders: fc.array(fc.record({ order: watchedOrder, status: fc.option(orderStatus, { nil: null }) }), { maxLength: 3 }),
  }),
);
/** The poller the settlement watch invokes, its check reading the answer as the app's does (pollingCheck). */
const watchPoller = fuzzTarget(pollingMachine, {
  events: { PAGE_HIDDEN: none, PAGE_VISIBLE: none, CHECK_NOW: none, CHECK_AGAIN: none },
  callbacks: ['watchPageVisibility'],
  outputs: { check: watchAnswer.map((answer) => ({ outcome: watchCheckOutcome(answer), answer })) },
});
const accountId = fc.constantFrom('u-1', 'u-2', '', null);

const targets: Record<string, FuzzTarget> = {
  app: compositeTarget(appMachine, {
    input: fc.record({ user: userInput, theme: themeInput, locale: localeInput }),
    children: { user, login, loginModal, theme, locale, pageProgress, googleOneTap, earlyRenewal },
  }),
  user,
  login,
  loginModal,
  emailCode: fuzzTarget(emailCodeMachine, {
    events: { SEND: fc.record({ email: text, purpose: fc.constantFrom('register' as const, 'resetPassword' as const) }) },
    outputs: { sendCode: clientResultFor('sendCaptcha') },
  }),
  microsoftButton: fuzzTarget(microsoftButtonMachine, {
    events: { CLICK: none, RETRY: none },
    outputs: { initialize: fc.constant<void>(undefined), signIn: fc.record({ idToken: fc.option(text, { nil: null }) }) },
    errorKinds: ['authServiceNotReady', 'invalidToken', 'popupBlocked', 'interactionInProgress', 'userCancelled', 'other'],
  }),
  googleOneTap,
  theme,
  locale,
  pageProgress,
  pagedList: fuzzTarget(pagedListMachine, {
    input: fc.record(
      {
        pageSize: fc.oneof(fc.integer({ min: 1, max: 50 }), anyNumber),
        filters: fc.dictionary(fc.constantFrom('status', 'model', 'orderNo'), fc.oneof(text, anyNumber, fc.constant(undefined)), { maxKeys: 3 }),
      },
      { requiredKeys: ['pageSize'] },
    ),
    events: {
      GO_TO_PAGE: fc.record({ pageNum: fc.oneof(fc.integer({ min: -1, max: 5 }), anyNumber) }),
      SET_FILTERS: fc.record({
        filters: fc.dictionary(fc.constantFrom('status', 'model', 'orderNo'), fc.oneof(text, anyNumber, fc.constant(undefined)), { maxKeys: 3 }),
      }),
      REFRESH: none,
      RETRY: none,
    },
    outputs: { fetchPage: pageResponse, fetchOtherPage: pageResponse },
  }),
  saveForm: fuzzTarget(saveFormMachine, {
    input: fc.record({
      initial: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
      // Pure, as the forms' own rules are: the same values always get the same errors.
      validate: fc.func(fc.oneof(fc.constant({}), fc.dictionary(fc.string({ maxLength: 6 }), text, { maxKeys: 2 }))),
    }),
    events: {
      CHANGE: fc.record({ values: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }) }),
      SUBMIT: none,
      RESET: none,
      RETRY: none,
    },
    outputs: { save: anyResult },
  }),
  resource: fuzzTarget(resourceMachine, { events: { REFRESH: none, RETRY: none }, outputs: { load: anyResult } }),
  usageChart: fuzzTarget(usageChartMachine, {
    events: {
      RANGE_CHOSEN: fc.record({ range: usageRange }),
      GRANULARITY_CHOSEN: fc.record({ granularity: fc.constantFrom('day' as const, 'hour' as const) }),
      METRIC_CHOSEN: fc.record({ metric: fc.constantFrom('credits' as const, 'requests' as const) }),
      SPLIT_BY_KEY_CHOSEN: fc.record({ split: fc.boolean() }),
      RETRY: none,
    },
    outputs: { fetchUsage: clientResultFor('timeRecord') },
  }),
  apiKeys: fuzzTarget(apiKeysMachine, {
    events: {
      ADD: none,
      RENAME: fc.record({ id: keyId }),
      DELETE: fc.record({ id: keyId }),
      RESET_PRIMARY: none,
      REFRESH: none,
      RETRY: none,
      NAME_SUBMITTED: fc.record({ name: fc.oneof(text, fc.string({ minLength: 38, maxLength: 44 })) }),
      CONFIRM: none,
      CANCEL: none,
      DONE: none,
    },
    outputs: {
      // Keys from a small id set, so RENAME and DELETE find them; any other id is valid too, and covered by the contract fuzz.
      loadKeys: resultWith(fc.array(apiKey, { maxLength: 4 })),
      addKey: resultWith(apiKey),
      renameKey: clientResultFor('updateApiKeyName'),
      deleteKey: clientResultFor('deleteApiKey'),
      resetPrimaryKey: clientResultFor('resetApiKey'),
    },
  }),
  creemPayment: redirectPayment(creemPaymentMachine, 'creem'),
  nowpaymentsPayment: redirectPayment(nowpaymentsPaymentMachine, 'nowpayments'),
  freekassaPayment: redirectPayment(freekassaPaymentMachine, 'freekassa'),
  digisellerPayment: redirectPayment(digisellerPaymentMachine, 'digiseller'),
  paypalPayment: {
    ...fuzzTarget(paypalPaymentMachine, {
      input: paymentInput,
      events: paymentEvents,
      outputs: {
        createOrder: clientResultFor('paypalCreate'),
        // A capture PayPal refused for the funding source too (the order stays pending).
        captureOrder: fc.oneof(
          orderStatusAnswer,
          resultWith(
            fc.record({ orderNo: fc.constantFrom('o-1', 'o-2'), status: orderStatus, issue: fc.constantFrom('INSTRUMENT_DECLINED', 'OTHER') }),
          ),
        ),
      },
      callbacks: ['paypalCheckout'],
    }),
    children: { poller: orderPoller, lookupPoller },
  },
  wechatPayment: {
    ...fuzzTarget(wechatPaymentMachine, {
      input: paymentInput,
      events: paymentEvents,
      outputs: {
        createOrder: resultWith(
          fc.record({
            orderNo: fc.constantFrom('o-1', 'o-2'),
            codeUrl: text,
            expireTime: fc.oneof(timestamp, fc.constantFrom('2000-01-01T00:00:00Z', '9999-12-31T23:59:59Z')),
          }),
        ),
      },
    }),
    children: { poller: orderPoller, lookupPoller },
  },
  detailsDialog: fuzzTarget(detailsDialogMachine, { events: { OPEN: fc.record({ item: fc.anything({ maxDepth: 2 }) }), CLOSE: none }, outputs: {} }),
  zipDownload: fuzzTarget(zipDownloadMachine, {
    events: { START: fc.record({ items: fc.array(fc.record({ url: text, name: text }), { maxLength: 4 }) }), CANCEL: none, DISMISS: none },
    outputs: { fetchFile: fc.uint8Array({ maxLength: 8 }), buildZip: fc.constant(new Blob([])) },
  }),
  disclosure: fuzzTarget(disclosureMachine, { events: { TOGGLE: none, CLOSE: none }, outputs: {} }),
  generation: {
    ...fuzzTarget(generationMachine, {
      // The playground's own rules and prices, as PlaygroundPage hands them in.
      input: draft.map((initial) => ({ draft: initial, validate: validateDraft, costOf: draftCost })),
      events: {
        CHANGE: fc.record({ draft }),
        GENERATE: fc.record({ apiKey: fc.oneof(fc.constantFrom('sk-live', ''), text), balance: fc.oneof(fc.constantFrom(0, 1000), anyNumber) }),
        CANCEL: none,
        CHECK_AGAIN: none,
        RETRY: none,
        // A task of the strip (a polled task may be one of these) or one it does not hold.
        RESTORE: fc.record({ taskId: fc.oneof(fc.constantFrom('task-1', 'task-2', ''), text) }),
        // The poller's reports come from the real poller below; drawn here too, so they also come out of turn.
        ...taskPollerReports,
      },
      outputs: {
        createTask: clientResultFor('generate'),
        // The task history's answer: the task this request made, or none.
        findCreatedTask: resultWith(fc.option(fc.record({ taskId: fc.constantFrom('task-1', 'task-2', '') }), { nil: null })),
      },
    }),
    children: { poller: taskPoller },
  },
  earlyRenewal,
  settlementWatch: {
    ...fuzzTarget(settlementWatchMachine, {
      input: fc.record({ accountId }),
      events: {
        ACCOUNT_CHANGED: fc.record({ accountId }),
        WATCH_LIST_CHANGED: none,
        // The poller's reports come from the real poller below; drawn here too, so they also come out of turn.
        'polling.answered': fc.record({ answer: watchAnswer }),
        'polling.stoppedAfterErrors': fc.record({
          failure: fc.oneof(fc.record({ refused: watchAnswer }), fc.record({ rejected: fc.constant(new Error('offline')) })),
        }),
        'polling.timedOut': none,
      },
      outputs: {
        readWatchList: fc.array(watchedOrder, { maxLength: 3 }),
        claimNews: fc.array(
          fc.record({
            order: watchedOrder,
            outcome: fc.constantFrom('paid' as const, 'cancelled' as const, 'failed' as const, 'expired' as const, 'refunded' as const),
          }),
          { maxLength: 2 },
        ),
      },
    }),
    children: { poller: watchPoller },
  },
  polling: fuzzTarget(pollingMachine, {
    input: fc.record({
      policy: fc.record({
        firstDelayMs: fc.constant(BACK_OFF.firstDelayMs),
        growth: fc.constant(BACK_OFF.growth),
        maxDelayMs: fc.constant(BACK_OFF.maxDelayMs),
        rateLimitedMaxDelayMs: fc.constant(BACK_OFF.rateLimitedMaxDelayMs),
        maxErrorsInARow: fc.integer({ min: 1, max: 5 }),
        limitMs: fc.integer({ min: 0, max: 180_000 }),
        pausesWhileHidden: fc.boolean(),
        waitsBeforeFirstCheck: fc.boolean(),
        failuresGrowTheWait: fc.boolean(),
      }),
      check: fc.constant(null),
    }),
    events: { PAGE_HIDDEN: none, PAGE_VISIBLE: none, CHECK_NOW: none, CHECK_AGAIN: none },
    callbacks: ['watchPageVisibility'],
    outputs: {
      check: fc.record({ outcome: fc.constantFrom('settled' as const, 'pending' as const, 'refused' as const), answer: fc.constant(null) }),
    },
  }),
  quickStart: {
    ...fuzzTarget(quickStartMachine, {
      input: fc.record({ apiKey: fc.oneof(fc.constantFrom('nb_key', ''), text) }),
      // The poller's reports come from the real poller below; drawn here too, so they also come out of turn.
      events: {
        SEND: none,
        CHECK: none,
        STOP: none,
        ...taskPollerReports,
      },
      outputs: { sendRequest: clientResultFor('generate') },
    }),
    children: { poller: taskPoller },
  },
  discordJoin: fuzzTarget(discordJoinMachine, {
    input: fc
      .record({
        returned: fc.oneof(
          fc.constant(null),
          fc.record({ kind: fc.constant('code' as const), code: text, state: fc.option(fc.constantFrom('s-1', 's-2', ''), { nil: null }) }),
          fc.record({ kind: fc.constant('error' as const), error: fc.oneof(fc.constant('access_denied'), text) }),
        ),
        expectedState: fc.option(fc.constantFrom('s-1', 's-2', ''), { nil: null }),
        knownInviteUrl: fc.option(fc.oneof(fc.constant('https://discord.gg/abc'), text), { nil: null }),
      })
      .map((input): DiscordJoinInput => input),
    events: { ACCOUNT_READY: fc.record({ discordUsername: optionalText }), CONNECT: none, RETRY: none, CANCEL: none },
    outputs: {
      fetchAuthorizeUrl: fc.oneof(clientResultFor('discordAuthorizeUrl'), resultWith(fc.record({ url: authorizeUrl }))),
      // The app passes an invite it will not link to as null.
      authorize: fc.oneof(
        resultWith(fc.record({ discordUsername: text, inviteUrl: fc.option(fc.constant('https://discord.gg/abc'), { nil: null }) })),
        passThroughResult,
      ),
    },
    // The guard exactly as the app provides it; the redirect goes where the app's redirectTo is told.
    appGuards: { isAllowedAuthorizeUrl: createDiscordJoinLogic(quietUser).implementations.guards.isAllowedAuthorizeUrl },
    redirects: { redirectTo: (_args, params) => (params as { url: string }).url },
    mayRedirectTo: mayGoToAuthorize,
  }),
};

describe('the fuzz specs cover the machines', () => {
  it('every machine of the catalogue has a spec', () => {
    expect(machineCatalogue.map((entry) => entry.id).filter((id) => !(id in targets))).toEqual([]);
  });

  it.each(machineCatalogue.map((entry) => [entry.id, entry] as const))(
    '%s: every event it handles and every actor it invokes is in its spec',
    (id, entry) => {
      const target = targets[id];
      expect(target?.machine).toBe(entry.machine);
      if (target) expect(specGaps(target)).toEqual([]);
      // Walking the chart finds something to send, unless it only starts others.
      if (target && Object.keys(target.children).length === 0) expect(handledEventTypes(entry.machine).length).toBeGreaterThan(0);
    },
  );
});

describe('found by fuzzing', () => {
  it.each(['resource', 'locale', 'user', 'digisellerPayment'])(
    '%s survives a rejection with an object that has no prototype (no text, no toString)',
    async (id) => {
      const target = targets[id];
      if (!target) throw new Error(`no fuzz spec for ${id}`);
      const rejection = { settle: 'reject' as const, after: 0, error: Object.create(null) as unknown };
      const script = Object.fromEntries(Object.keys(target.outputs).map((invokeId) => [invokeId, [rejection]]));
      const input =
        id === 'user' ? { readStoredLogin: () => ({ token: 't', cachedUser: null }) } : id === 'locale' ? { initial: 'en' } : { resume: null };
      const steps = [{ kind: 'event' as const, to: null, event: { type: 'PAY', packageId: 'pkg-small' } }];
      await runPlan(target, { input, script, steps });
    },
  );
});

describe('every machine, any events, any answers: it never fails, always rests in a named state and goes where its chart says', () => {
  it.each(machineCatalogue.map((entry) => entry.id))(
    '%s never reaches status error, every active node exists, and each event leads where the chart says',
    async (id) => {
      const target = targets[id];
      if (!target) throw new Error(`no fuzz spec for ${id}`);
      const reached = new Set<string>();
      const observe: StateObserver = (machineId, value) => {
        if (machineId === target.machine.id) for (const leaf of activeLeafIds(target.machine, value)) reached.add(leaf);
      };
      await fc.assert(
        fc.asyncProperty(planArbitrary(target, MAX_STEPS), (plan) => runPlan(target, plan, observe)),
        { numRuns: id === 'app' ? RUNS / 2 : RUNS, seed: SEED },
      );
      // The fuzzing is not blind: it rests in most of the chart's resting states (a decision state never rests).
      const resting = restingStateIds(target.machine);
      const missed = resting.filter((leaf) => !reached.has(leaf));
      if (process.env.FUZZ_COVERAGE)
        console.info(`${id}: reached ${resting.length - missed.length}/${resting.length} resting states; missed ${missed.join(', ') || 'none'}`);
      expect(resting.length - missed.length, `resting states reached; missed ${missed.join(', ')}`).toBeGreaterThanOrEqual(
        Math.ceil(resting.length * MIN_STATE_SHARE),
      );
    },
  );
});
