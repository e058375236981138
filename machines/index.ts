import type { AnyStateMachine, InputFrom } from 'xstate';
import { apiKeysMachine } from './apiKeys.machine';
import { appMachine } from './app.machine';
import { discordJoinMachine } from './discordJoin.machine';
import { detailsDialogMachine } from './detailsDialog.machine';
import { disclosureMachine } from './disclosure.machine';
import { earlyRenewalMachine } from './earlyRenewal.machine';
import { emailCodeMachine } from './emailCode.machine';
import { generationMachine, type GenerationDraft } from './generation.machine';
import { googleOneTapMachine } from './googleOneTap.machine';
import { localeMachine } from './locale.machine';
import { loginMachine } from './login.machine';
import { loginModalMachine } from './loginModal.machine';
import { microsoftButtonMachine } from './microsoftButton.machine';
import { pageProgressMachine } from './pageProgress.machine';
import { pagedListMachine } from './pagedList.machine';
import { ORDER_POLLING } from './payment.shared';
import { paypalPaymentMachine } from './paypalPayment.machine';
import { pollingMachine } from './polling.machine';
import { quickStartMachine } from './quickStart.machine';
import { creemPaymentMachine, digisellerPaymentMachine, freekassaPaymentMachine, nowpaymentsPaymentMachine } from './redirectPayment.machine';
import { resourceMachine } from './resource.machine';
import { saveFormMachine } from './saveForm.machine';
import { settlementWatchMachine } from './settlementWatch.machine';
import { themeMachine } from './theme.machine';
import { usageChartMachine } from './usageChart.machine';
import { userMachine } from './user.machine';
import { wechatPaymentMachine } from './wechatPayment.machine';
import { zipDownloadMachine } from './zipDownload.machine';

export {
  apiKeysMachine,
  appMachine,
  creemPaymentMachine,
  detailsDialogMachine,
  digisellerPaymentMachine,
  discordJoinMachine,
  earlyRenewalMachine,
  emailCodeMachine,
  generationMachine,
  freekassaPaymentMachine,
  googleOneTapMachine,
  localeMachine,
  loginMachine,
  loginModalMachine,
  nowpaymentsPaymentMachine,
  pagedListMachine,
  paypalPaymentMachine,
  saveFormMachine,
  settlementWatchMachine,
  themeMachine,
  usageChartMachine,
  userMachine,
  wechatPaymentMachine,
};

export interface CatalogueEntry {
  id: string;
  machine: AnyStateMachine;
  description: string;
  /**
   * For a machine that needs input: a realistic one, from plain values, so the statechart explorer can run a
   * simulation of it (the tests' values).
   */
  sampleInput?: unknown;
}

/** A payment started afresh, not resumed after a redirect or a reload. */
const FRESH_PAYMENT = { resume: null } satisfies InputFrom<typeof creemPaymentMachine>;
/**
 * A buyer back from a provider's checkout, the order named: the explorer settles the look-up (a pending order found
 * at NOWPayments waits for its blockchain confirmations in awaitingConfirmations).
 */
const RETURNED_PAYMENT = {
  resume: { orderNo: 'NB20261122000001', packageId: 'builder', returnedAs: 'returned' },
} satisfies InputFrom<typeof nowpaymentsPaymentMachine>;

/** The generation machine's sample form: its simulation's input, the explorer's sample CHANGE and the path tests' valid draft. */
export const SAMPLE_DRAFT = {
  prompt: 'A banana astronaut',
  model: 'nano-banana',
  aspectRatio: '16:9',
  resolution: '1K',
  outputFormat: 'jpg',
  numImages: 2,
  googleSearch: false,
  watermark: '',
  referenceUrls: [],
} satisfies GenerationDraft;

/** Every statechart of the app, with what it is for in one plain sentence (QA and the inspector read these). */
export const machineCatalogue: ReadonlyArray<CatalogueEntry> = [
  { id: appMachine.id, machine: appMachine, description: 'Starts the global actors once at boot and lets them reach each other by name.' },
  {
    id: userMachine.id,
    machine: userMachine,
    description:
      'The signed-in session: restores a stored login, loads the user, handles sign-in, logout and expiry, and finds the visitor’s country.',
    sampleInput: { readStoredLogin: () => null } satisfies InputFrom<typeof userMachine>,
  },
  {
    id: loginMachine.id,
    machine: loginMachine,
    description: 'One login attempt of any kind (email, sign-up, password reset, Google, Microsoft), including the bot check and its retry.',
  },
  {
    id: loginModalMachine.id,
    machine: loginModalMachine,
    description: 'The login dialog: closed or open, which form it shows, and whether it shows the bot check.',
  },
  {
    id: emailCodeMachine.id,
    machine: emailCodeMachine,
    description: 'The “send code” button of a form: sends an e-mail code, then waits 60 seconds before another can be sent.',
  },
  {
    id: microsoftButtonMachine.id,
    machine: microsoftButtonMachine,
    description: 'The “Sign in with Microsoft” button: starts the sign-in service, opens the popup on click and shows why a sign-in failed.',
  },
  {
    id: googleOneTapMachine.id,
    machine: googleOneTapMachine,
    description: 'Google One Tap: shown while nobody is signed in and One Tap is allowed, it hands the chosen account to the login.',
  },
  {
    id: themeMachine.id,
    machine: themeMachine,
    description: 'Light, dark or system theme: restores the stored choice, applies it and follows the system while on system.',
    sampleInput: { stored: 'system', systemPrefersDark: false } satisfies InputFrom<typeof themeMachine>,
  },
  {
    id: localeMachine.id,
    machine: localeMachine,
    description: 'The interface language: loads its messages, switches when asked, keeps the old one if loading fails.',
    sampleInput: { initial: 'en' } satisfies InputFrom<typeof localeMachine>,
  },
  {
    id: pageProgressMachine.id,
    machine: pageProgressMachine,
    description: 'The page-load progress bar: shown while a page loads, hidden shortly after it finishes or fails.',
  },
  {
    id: pagedListMachine.id,
    machine: pagedListMachine,
    description: 'Any paged list (orders, usage, history): loads a page, changes page or filters, and keeps the old page if the next one fails.',
    sampleInput: { pageSize: 10, filters: { status: 'all' } } satisfies InputFrom<typeof pagedListMachine>,
  },
  {
    id: saveFormMachine.id,
    machine: saveFormMachine,
    description: 'Any settings form: edits a draft, checks it, saves it, and keeps what was typed if saving fails.',
    sampleInput: {
      initial: { email: 'ada@example.com', enabled: false },
      validate: (values): Record<string, string> =>
        typeof values.email === 'string' && values.email.includes('@') ? {} : { email: 'Enter an e-mail address' },
    } satisfies InputFrom<typeof saveFormMachine>,
  },
  {
    id: resourceMachine.id,
    machine: resourceMachine,
    description: 'One thing read from the server (a discount, a setting): loads it, shows it, says why it failed and retries.',
  },
  {
    id: pollingMachine.id,
    machine: pollingMachine,
    description:
      'The polling the playground, the quick start and every payment share: checks with a growing wait, pauses while hidden if asked, stops after failures in a row or a time limit.',
    sampleInput: { policy: ORDER_POLLING, check: null } satisfies InputFrom<typeof pollingMachine>,
  },
  {
    id: usageChartMachine.id,
    machine: usageChartMachine,
    description: 'The usage chart: asks for the chosen period, buckets and split, draws credits or requests, and says when there was no usage.',
  },
  {
    id: apiKeysMachine.id,
    machine: apiKeysMachine,
    description: 'The API keys page: lists keys, adds one (showing its secret once), renames, deletes a non-primary key and resets the primary one.',
  },
  {
    id: creemPaymentMachine.id,
    machine: creemPaymentMachine,
    description:
      'Paying with Creem: creates the order, sends the buyer to the Creem checkout, then confirms the order on the way back or after a reload.',
    sampleInput: FRESH_PAYMENT,
  },
  {
    id: nowpaymentsPaymentMachine.id,
    machine: nowpaymentsPaymentMachine,
    description:
      'Paying with NOWPayments (crypto): creates the order, sends the buyer to the NOWPayments invoice, looks the order up on the way back or after a reload, and, while it waits for blockchain confirmations, lets the buyer leave it watched or stop watching it.',
    sampleInput: RETURNED_PAYMENT,
  },
  {
    id: freekassaPaymentMachine.id,
    machine: freekassaPaymentMachine,
    description:
      'Paying with Freekassa: creates the order, sends the buyer to the Freekassa checkout, then confirms the order on the way back or after a reload.',
    sampleInput: FRESH_PAYMENT,
  },
  {
    id: digisellerPaymentMachine.id,
    machine: digisellerPaymentMachine,
    description:
      'Paying with Digiseller: creates the order, sends the buyer to the Digiseller checkout, then confirms the order on the way back or after a reload.',
    sampleInput: FRESH_PAYMENT,
  },
  {
    id: paypalPaymentMachine.id,
    machine: paypalPaymentMachine,
    description:
      'Paying with PayPal: creates the order, keeps PayPal’s buttons and window open while the buyer approves and the order is captured, sends the buyer back to PayPal’s choice when a funding source is declined, confirms a saved method’s charge in the order’s currency, and confirms the order when the answer is not final.',
    sampleInput: FRESH_PAYMENT,
  },
  {
    id: wechatPaymentMachine.id,
    machine: wechatPaymentMachine,
    description:
      'Paying with WeChat Pay: creates the order, shows its QR code and checks, less often as time passes and never while the tab is hidden, until it is paid, the code expires (15 minutes at most) or the server stops answering.',
    sampleInput: FRESH_PAYMENT,
  },
  {
    id: settlementWatchMachine.id,
    machine: settlementWatchMachine,
    description:
      'The watch on slow payments (crypto waiting for confirmations) on every page: checks the signed-in account’s waiting orders now and then, tells once what became of each, and refreshes the balance when one is paid.',
    sampleInput: { accountId: 'u-demo' } satisfies InputFrom<typeof settlementWatchMachine>,
  },
  {
    id: zipDownloadMachine.id,
    machine: zipDownloadMachine,
    description:
      'Several images as one ZIP built in the browser: fetches each in turn, lists those that failed, builds and saves the archive, or is cancelled.',
  },
  {
    id: detailsDialogMachine.id,
    machine: detailsDialogMachine,
    description: 'A dialog that shows one item of a list in full, such as a generation in history: closed, or open on that item.',
  },
  {
    id: disclosureMachine.id,
    machine: disclosureMachine,
    description:
      'A panel its button shows and hides, such as the header’s menu on a phone: closed, or open until the button, Escape or a page change closes it.',
  },
  {
    id: generationMachine.id,
    machine: generationMachine,
    description:
      'One image generation in the playground: checks the form, creates the task with the user’s key, then reads its progress until it succeeds, fails or takes too long.',
    sampleInput: {
      draft: SAMPLE_DRAFT,
      // The playground's rules in brief: a prompt is required; two credits an image.
      validate: (draft): Record<string, string> => (draft.prompt.trim() ? {} : { prompt: 'required' }),
      costOf: (draft) => 2 * draft.numImages,
    } satisfies InputFrom<typeof generationMachine>,
  },
  {
    id: earlyRenewalMachine.id,
    machine: earlyRenewalMachine,
    description:
      'The early renewal offer: opens when credits run low or the plan is ending, unless turned down this session, and shows the renewal payment.',
  },
  {
    id: discordJoinMachine.id,
    machine: discordJoinMachine,
    description:
      'Joining the Discord community: sends the user to Discord to approve the connection, trades the code it returns once, then shows the invite.',
    sampleInput: { returned: null, expectedState: null, knownInviteUrl: null } satisfies InputFrom<typeof discordJoinMachine>,
  },
  {
    id: quickStartMachine.id,
    machine: quickStartMachine,
    description:
      'The quick start’s first call: sends the sample request with the user’s key, shows the answer, then checks the task until its images are ready or it fails.',
    sampleInput: { apiKey: 'nb_demo_key' } satisfies InputFrom<typeof quickStartMachine>,
  },
];
