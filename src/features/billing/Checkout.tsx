import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { QRCodeSVG } from 'qrcode.react';
import type { ActorRef, Snapshot } from 'xstate';
import type { I18n } from '@lingui/core';
import { useLocalActor } from '../../actors/useLocalActor';
import type { OrderStatus, PaymentOrder, PaymentUserEvent, ResumeOrder } from '../../../machines/payment.shared';
import { useGlobalActor, useGlobalSelector } from '../../actors/AppActorContext';
import {
  createPaypalPaymentLogic,
  createRedirectPaymentLogic,
  createWechatPaymentLogic,
  followAccountChanges,
  paymentSelectors,
  unsafeRedirectMessage,
  type PaymentSnapshotView,
  type PaymentWiring,
} from '../../actors/payments';
import { userSelectors } from '../../actors/user';
import type { Discount, PaymentProvider } from '../../api/contract';
import { config } from '../../config';
import { CURRENCY, findPackage, priceAfterDiscount, totalCredits } from '../../domain/creditPackages';
import { PROVIDER_KIND, PROVIDER_NAMES } from '../../domain/paymentProviders';
import { useModeServices } from '../../services/ServicesContext';
import { PAYPAL_BUTTONS_ID } from '../../services/paypal';
import { Button, buttonClasses } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { balanceText } from '../../ui/balance';
import { Spinner } from '../../ui/Spinner';
import { formatDate } from '../../ui/formatDate';
import { formatMoney } from '../../ui/formatNumber';
import { LegalLink } from '../../ui/LegalLink';
import { safeHref } from '../../services/urls';
import styles from './Billing.module.css';
import { useSavedPaypalMethods, type SavedMethod } from './useSavedPaypalMethods';
import { usePhoneScreen } from './usePhoneScreen';

/**
 * What a QR code holds at most (version 40, error correction L, as bytes): qrcode.react throws on a longer code,
 * and a malformed one from the server must not take the page down.
 */
const QR_CAPACITY_BYTES = 2953;
function fitsQrCode(text: string): boolean {
  return new TextEncoder().encode(text).length <= QR_CAPACITY_BYTES;
}

/**
 * The link a phone opens WeChat with: WeChat's own `weixin://` code URL; in demo mode, the demo scan page the code
 * encodes. Anything else is not offered as a link.
 */
function wechatPayLink(codeUrl: string): string | undefined {
  if (/^weixin:\/\/wxpay\//.test(codeUrl)) return codeUrl;
  return config.mode === 'demo' ? safeHref(codeUrl) : undefined;
}

/** Any provider's payment actor: the view reads it through paymentSelectors. */
type PaymentActor = ActorRef<Snapshot<unknown> & PaymentSnapshotView, PaymentUserEvent>;

interface CheckoutProps {
  provider: PaymentProvider;
  packageId: string;
  discount: Discount | null;
  resume: ResumeOrder | null;
  onPaid: () => void;
  /** The package and method pickers, locked while an order is in view (on its way, or its outcome shown). */
  children: (locked: boolean) => ReactNode;
}

function useWiring(onPaid: () => void): PaymentWiring {
  const user = useGlobalActor('user');
  const accountId = useGlobalSelector('user', (s) => userSelectors.accountInView(s)?.id ?? null);
  const { paypal } = useModeServices();
  // From here on, another account signing in to this tab finds nothing loaded for this one.
  useEffect(() => followAccountChanges(user), [user]);
  return { user, onPaid, paypal: paypal ?? null, accountId };
}

/** The balance of the account in view (the paid panel says what it is now). */
function useBalance(): number | null {
  return useGlobalSelector('user', (s) => userSelectors.accountInView(s)?.credits ?? null);
}

// One component per kind of chart, so each actor keeps its own type; the page keys them by provider.
function RedirectCheckout(props: CheckoutProps & { provider: 'creem' | 'nowpayments' | 'freekassa' | 'digiseller' }) {
  const wiring = useWiring(props.onPaid);
  const [logic] = useState(() => createRedirectPaymentLogic(props.provider, wiring));
  const balance = useBalance();
  return <CheckoutBody {...props} balance={balance} actor={useLocalActor(logic, { input: { resume: props.resume } })} />;
}

function PaypalCheckout(props: CheckoutProps) {
  const saved = useSavedPaypalMethods();
  const { onPaid } = props;
  const { refresh } = saved;
  // A first PayPal payment saves the method: read them again, so that "Buy more credits" offers it at once.
  const wiring = useWiring(
    useCallback(() => {
      onPaid();
      refresh();
    }, [onPaid, refresh]),
  );
  const [logic] = useState(() => createPaypalPaymentLogic(wiring));
  const balance = useBalance();
  return <CheckoutBody {...props} savedMethods={saved.methods} balance={balance} actor={useLocalActor(logic, { input: { resume: props.resume } })} />;
}

function WechatCheckout(props: CheckoutProps) {
  const wiring = useWiring(props.onPaid);
  const [logic] = useState(() => createWechatPaymentLogic(wiring));
  const balance = useBalance();
  return <CheckoutBody {...props} balance={balance} actor={useLocalActor(logic, { input: { resume: props.resume } })} />;
}

/** One payment with one provider, from "Pay" to paid (or why not), on that provider's statechart. */
export function Checkout(props: CheckoutProps) {
  const { provider } = props;
  if (provider === 'paypal') return <PaypalCheckout {...props} />;
  if (provider === 'wechat') return <WechatCheckout {...props} />;
  return <RedirectCheckout {...props} provider={provider} />;
}

/** After a cancelled or failed payment: choose anew, or try the same package again (a new order). */
function AgainActions({ actor, canRetry }: { actor: PaymentActor; canRetry: boolean }) {
  return (
    <div className={styles.actions}>
      <Button size="sm" onClick={() => actor.send({ type: 'DISMISS' })}>
        <Trans>Choose again</Trans>
      </Button>
      {canRetry ? (
        <Button size="sm" variant="primary" onClick={() => actor.send({ type: 'RETRY' })}>
          <Trans>Try again</Trans>
        </Button>
      ) : null}
    </div>
  );
}

/** How a link's order was settled before this visit, in words: nothing new was paid now. */
function SettledEarlier({ orderNo, status }: { orderNo: string; status: OrderStatus | null }) {
  switch (status) {
    case 'paid':
      return <Trans>Order {orderNo} was paid before this visit: its credits are already in your balance, and nothing new was paid now.</Trans>;
    case 'cancelled':
      return <Trans>Order {orderNo} was cancelled before this visit, so nothing was charged for it now.</Trans>;
    case 'expired':
      return <Trans>Order {orderNo} expired unpaid before this visit, so nothing was charged for it now.</Trans>;
    case 'refunded':
      return <Trans>Order {orderNo} was refunded before this visit, and nothing new was paid now.</Trans>;
    default:
      // failed (a pending order is never settled earlier).
      return <Trans>Order {orderNo} failed before this visit, so nothing was paid for it now.</Trans>;
  }
}

/**
 * An order priced in another currency than the catalogue's (the API prices it; PayPal's order): the words for what is
 * charged, never the catalogue's price. Null when the order is in the catalogue's currency (or names none).
 */
function orderPriceOf(i18n: I18n, order: PaymentOrder | null): { currency: string; amount: string | null } | null {
  const currency = order?.currency;
  if (currency === undefined || currency === CURRENCY) return null;
  return { currency, amount: order?.amount === undefined ? null : formatMoney(i18n, order.amount, currency) };
}

/** In PayPal's window, an order priced in another currency: what is paid, never the catalogue's price. */
function OrderPriceNote({ currency, amount }: { currency: string; amount: string | null }) {
  return (
    <p className={styles.hint}>
      {amount ? (
        <Trans>
          This order is priced in {currency}, not {CURRENCY}: you pay {amount}, as the PayPal window shows.
        </Trans>
      ) : (
        <Trans>
          This order is priced in {currency}, not {CURRENCY}: the PayPal window shows the amount you pay.
        </Trans>
      )}
    </p>
  );
}

/** What the payment is doing while the buyer waits, read out as it changes. */
function Working({ children }: { children: ReactNode }) {
  return (
    <p role="status">
      <Spinner /> {children}
    </p>
  );
}

interface BodyProps extends CheckoutProps {
  actor: PaymentActor;
  /** PayPal methods the buyer saved: each pays without PayPal's window. */
  savedMethods?: SavedMethod[];
  /** The account's balance, told once paid; null while unknown. */
  balance?: number | null;
}

/** What any provider's chart shows; exported for the view's tests, which hand it a chart of their own. */
export function CheckoutBody({ actor, provider, packageId, discount, children, savedMethods = [], balance = null }: BodyProps) {
  const { t, i18n } = useLingui();
  const phase = useSelector(actor, paymentSelectors.phase);
  // Locked whenever an order is in view, not only while one is on its way: Try again orders what the panel shows,
  // so the pickers wait for Close (choosing another package while a failed order shows would buy the first one).
  const locked = !useSelector(actor, paymentSelectors.isChoosing);
  // The server did not answer several checks in a row: nothing is asked until the buyer says so.
  const checksStopped = useSelector(actor, paymentSelectors.checksStopped);
  // A payment waited on: whether the buyer may leave it, and say they did not pay it.
  const canLeave = useSelector(actor, paymentSelectors.canLeave);
  const canStopWatching = useSelector(actor, paymentSelectors.canStopWatching);
  // Where the buyer is in PayPal: approving, waiting on the capture, or choosing another funding source.
  const paypalStep = useSelector(actor, paymentSelectors.paypalStep);
  const context = useSelector(actor, paymentSelectors.context);
  // The order's own price, where the API priced it in another currency than the catalogue's.
  const orderPrice = orderPriceOf(i18n, context.order);
  const onPhone = usePhoneScreen();
  const name = PROVIDER_NAMES[provider];
  const chosen = findPackage(packageId);
  const ordered = findPackage(context.packageId ?? '') ?? chosen;
  const price = (pkg = chosen) => (pkg ? formatMoney(i18n, priceAfterDiscount(pkg, discount), CURRENCY) : '');
  const send = actor.send;

  // The buttons several phases offer.
  const cancelPayment = (
    <Button size="sm" onClick={() => send({ type: 'CANCEL' })}>
      <Trans>Cancel payment</Trans>
    </Button>
  );
  const close = (
    <Button size="sm" onClick={() => send({ type: 'DISMISS' })}>
      <Trans>Close</Trans>
    </Button>
  );
  // An outcome said once, with nothing left to do but close it.
  const closingStatus = (text: ReactNode) => (
    <>
      <p className={styles.result} role="status">
        {text}
      </p>
      {close}
    </>
  );
  const checkAgain = (
    <Button size="sm" variant="primary" onClick={() => send({ type: 'CHECK_AGAIN' })}>
      <Trans>Check again</Trans>
    </Button>
  );

  const orderNo = context.order?.orderNo ?? '';
  let status: ReactNode = null;
  switch (phase) {
    case 'findingOrder':
      status = (
        <Working>
          <Trans>Looking up your {name} order…</Trans>
        </Working>
      );
      break;
    case 'lookupFailed':
      status = (
        <>
          <p className={styles.result} role="alert">
            {context.error ? (
              <Trans>
                We could not look up your {name} order: {context.error} Nothing is decided yet: check again in a moment.
              </Trans>
            ) : (
              <Trans>We could not look up your {name} order. Nothing is decided yet: check again in a moment.</Trans>
            )}
          </p>
          <div className={styles.actions}>
            {close}
            {checkAgain}
          </div>
        </>
      );
      break;
    case 'orderNotFound':
      status = closingStatus(
        <Trans>
          We found no recent {name} order of yours to pick up. If you paid, the order shows in your list below once {name} confirms it.
        </Trans>,
      );
      break;
    case 'settledEarlier':
      status = closingStatus(
        <>
          <SettledEarlier orderNo={orderNo} status={context.foundStatus} /> <Trans>Its status is in your list below.</Trans>
        </>,
      );
      break;
    case 'foundPaid':
      // Paid, but this tab and browser were not waiting for it: said as it is, with no news of a payment.
      status = closingStatus(
        <>
          <Trans>Order {orderNo} is paid: its credits are in your balance.</Trans> <Trans>Its status is in your list below.</Trans>
        </>,
      );
      break;
    case 'leftUnpaid':
      status = (
        <>
          <p className={styles.result} role="status">
            <Trans>
              You left {name}’s page without paying. Order {orderNo} stays open at {name} until it expires, and nothing is charged unless you pay it.
              If you did pay, check again.
            </Trans>
          </p>
          <div className={styles.actions}>
            <AgainActions actor={actor} canRetry={Boolean(context.packageId)} />
            {checkAgain}
          </div>
        </>
      );
      break;
    case 'awaitingConfirmations':
      // The API says only that the order is pending: whether crypto was sent is not known here, so the words are "if".
      status = (
        <>
          <Working>
            <Trans>
              If you sent the crypto, {name} is waiting for it to be confirmed on the blockchain, which takes from a few minutes to a few hours. This
              page keeps checking order {orderNo}.
            </Trans>
          </Working>
          <p className={styles.hint}>
            <Trans>
              You can leave this page: once the payment is confirmed, your credits are added and you are told so wherever you are in the app, now or
              when you next come back in this browser.
            </Trans>
          </p>
          <p className={styles.hint}>
            <Trans>If you did not pay, stop watching this order: nothing is charged, and {name} lets it expire.</Trans>
          </p>
          <div className={styles.actions}>
            {canLeave ? (
              <Button size="sm" onClick={() => send({ type: 'DISMISS' })}>
                <Trans>Continue without waiting</Trans>
              </Button>
            ) : null}
            {canStopWatching ? (
              <Button size="sm" variant="ghost" onClick={() => send({ type: 'STOP_WATCHING' })}>
                <Trans>I did not pay</Trans>
              </Button>
            ) : null}
          </div>
        </>
      );
      break;
    case 'confirmingCharge': {
      const method = savedMethods.find((one) => one.id === context.vaultId)?.label ?? name;
      const amount = price(ordered);
      status = (
        <>
          <p role="status">
            <Trans>
              Confirm the payment of {amount} with {method}.
            </Trans>
          </p>
          {/* The chart is in confirmingCharge exactly while this is open; Escape, Close and Cancel send DISMISS. */}
          <Dialog open onDismiss={() => send({ type: 'DISMISS' })} title={t`Confirm your payment`}>
            <p>
              <Trans>
                Pay {amount} with {method}?
              </Trans>
            </p>
            <p className={styles.hint}>
              {ordered ? (
                <Trans>
                  {i18n.number(totalCredits(ordered))} credits. Your saved method is charged at once, without opening {name}.
                </Trans>
              ) : null}
            </p>
            {/* The API prices the order when it makes it: the catalogue's price is all that is known yet. */}
            <p className={styles.hint}>
              <Trans>
                If the order is priced in another currency than {CURRENCY}, you are asked again, in that currency, before anything is charged.
              </Trans>
            </p>
            <div className={styles.confirmActions}>
              <Button onClick={() => send({ type: 'DISMISS' })}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="primary" onClick={() => send({ type: 'CONFIRM_CHARGE' })}>
                <Trans>Pay {amount} now</Trans>
              </Button>
            </div>
          </Dialog>
        </>
      );
      break;
    }
    case 'confirmingCurrency': {
      // A saved method, the order priced in another currency than the price the buyer confirmed: asked again.
      const method = savedMethods.find((one) => one.id === context.vaultId)?.label ?? name;
      const currency = orderPrice?.currency ?? context.order?.currency ?? '';
      const amount = orderPrice?.amount ?? null;
      const charged = amount ? (
        <Trans>
          This order is priced in {currency}, not {CURRENCY}: your saved {method} is charged {amount}.
        </Trans>
      ) : (
        <Trans>
          This order is priced in {currency}, not {CURRENCY}: your saved {method} is charged in {currency}, and PayPal’s receipt shows the amount.
        </Trans>
      );
      status = (
        <>
          <p role="status">{charged}</p>
          {/* The chart is in confirmingCurrency exactly while this is open; Escape, Close and Cancel send DISMISS. */}
          <Dialog open onDismiss={() => send({ type: 'DISMISS' })} title={t`Confirm your payment`}>
            <p>{charged}</p>
            <p className={styles.hint}>
              <Trans>Nothing is charged unless you confirm.</Trans>
            </p>
            <div className={styles.confirmActions}>
              <Button onClick={() => send({ type: 'DISMISS' })}>
                <Trans>Cancel</Trans>
              </Button>
              <Button variant="primary" onClick={() => send({ type: 'CONFIRM_CHARGE' })}>
                {amount ? <Trans>Pay {amount} now</Trans> : <Trans>Pay in {currency} now</Trans>}
              </Button>
            </div>
          </Dialog>
        </>
      );
      break;
    }
    case 'creatingOrder':
      status = (
        <Working>
          <Trans>Creating your order…</Trans>
        </Working>
      );
      break;
    case 'redirecting':
      status = (
        <>
          <Working>
            <Trans>Taking you to {name} to pay…</Trans>
          </Working>
          <Button size="sm" variant="ghost" onClick={() => send({ type: 'CANCEL' })}>
            <Trans>Stay here</Trans>
          </Button>
        </>
      );
      break;
    case 'payingInPaypal':
      status = (
        <>
          {paypalStep === 'capturing' ? (
            <Working>
              <Trans>PayPal approved the payment. Collecting it…</Trans>
            </Working>
          ) : paypalStep === 'fundingDeclined' ? (
            <p className={styles.result} role="alert">
              <Trans>PayPal declined that payment method. Nothing was charged. Choose another way to pay in the PayPal window.</Trans>
            </p>
          ) : (
            <Working>
              <Trans>Finish paying in the PayPal window. If you closed it, cancel and try again.</Trans>
            </Working>
          )}
          {orderPrice ? <OrderPriceNote {...orderPrice} /> : null}
          {/* Live mode: PayPal's own buttons, which open its window and wait for the capture, stay until it answers. */}
          {config.mode === 'live' ? <div id={PAYPAL_BUTTONS_ID} className={styles.paypalButtons} hidden={paypalStep === 'capturing'} /> : null}
          {paypalStep === 'capturing' ? null : cancelPayment}
        </>
      );
      break;
    case 'capturing':
      status = (
        <Working>
          <Trans>PayPal approved the payment. Collecting it…</Trans>
        </Working>
      );
      break;
    case 'awaitingScan': {
      const codeUrl = context.order?.codeUrl ?? '';
      const expires = context.order?.expireTime ? formatDate(i18n, context.order.expireTime, { timeStyle: 'short' }) : null;
      status = (
        <div className={styles.qr}>
          {fitsQrCode(codeUrl) ? (
            <QRCodeSVG value={codeUrl} size={180} marginSize={1} title={t`WeChat Pay QR code`} />
          ) : (
            <p className={styles.result} data-tone="failure" role="alert">
              {t`This payment code is too long to show as a QR code. Cancel the payment and choose another method.`}
            </p>
          )}
          <div>
            {checksStopped ? (
              <p className={styles.result} role="alert">
                <Trans>
                  Scan with WeChat to pay {price(ordered)}. This page stopped checking for your payment because our server did not answer several
                  times in a row. Once you have paid, check again.
                </Trans>
              </p>
            ) : (
              <p>
                <Trans>Scan with WeChat to pay {price(ordered)}. This page updates by itself once you have paid.</Trans>
              </p>
            )}
            {expires ? (
              <p className={styles.hint}>
                <Trans>This page waits for your payment until {expires}.</Trans>
              </p>
            ) : null}
            {onPhone ? (
              <>
                <p className={styles.hint}>
                  <Trans>
                    On a phone, WeChat cannot scan a code shown on its own screen: scan it from another device, or open this page on a computer and
                    scan it with this phone. If WeChat is installed here, you can also try opening the payment in it.
                  </Trans>
                </p>
                {wechatPayLink(codeUrl) ? (
                  <p>
                    <a className={buttonClasses('primary', 'sm')} href={wechatPayLink(codeUrl)}>
                      <Trans>Open in WeChat</Trans>
                    </a>
                  </p>
                ) : null}
              </>
            ) : null}
            {/* The QR code carries codeUrl as it is (weixin:// in production); a link only for a web address. */}
            {config.mode === 'demo' && !onPhone && safeHref(codeUrl) ? (
              <p>
                <a href={safeHref(codeUrl)} target="_blank" rel="noopener">
                  <Trans>Open the demo scan page</Trans>
                </a>
              </p>
            ) : null}
            <div className={styles.actions}>
              {cancelPayment}
              {checksStopped ? checkAgain : null}
            </div>
          </div>
        </div>
      );
      break;
    }
    case 'confirming':
      status = (
        <Working>
          <Trans>Confirming your payment with {name}…</Trans>
        </Working>
      );
      break;
    case 'stoppedAfterErrors':
      status = (
        <>
          <p className={styles.result} role="alert">
            <Trans>
              We could not confirm your payment with {name}: our server did not answer several times in a row, so this page stopped asking. If you
              paid, your credits arrive once it is confirmed; the order stays in your list.
            </Trans>
          </p>
          <div className={styles.actions}>
            {close}
            {checkAgain}
          </div>
        </>
      );
      break;
    case 'paid':
      status = (
        <>
          <p className={styles.result} data-tone="success" role="status">
            {ordered ? (
              <Trans>Paid. {i18n.number(totalCredits(ordered))} credits were added to your balance.</Trans>
            ) : (
              <Trans>Paid. The credits were added to your balance.</Trans>
            )}
          </p>
          {/* What happens next: the balance to spend, and where the order and its invoice are. */}
          <ul className={styles.next}>
            {balance !== null ? (
              <li>
                <Trans>Your balance is now {balanceText(i18n, balance)} credits, ready to use in the playground and the API.</Trans>
              </li>
            ) : null}
            <li>
              <Trans>The order is listed under Orders below, where you can ask for its invoice.</Trans>
            </li>
          </ul>
          <Button size="sm" variant="primary" onClick={() => send({ type: 'DISMISS' })}>
            <Trans>Buy more credits</Trans>
          </Button>
        </>
      );
      break;
    case 'cancelled':
      status = (
        <>
          <p className={styles.result} role="status">
            <Trans>Payment cancelled. Nothing was charged.</Trans>
          </p>
          <AgainActions actor={actor} canRetry={Boolean(context.packageId)} />
        </>
      );
      break;
    case 'failed':
      status = (
        <>
          <p className={styles.result} data-tone="failure" role="alert">
            {context.errorKind === 'unsafeRedirect'
              ? unsafeRedirectMessage(provider)
              : context.errorKind === 'fundingDeclined'
                ? t`PayPal declined your saved payment method. Nothing was charged. Choose again, then pay with PayPal to pick another way to pay.`
                : context.error
                  ? t`The payment did not go through: ${context.error}`
                  : t`The payment did not go through. Nothing was charged.`}
          </p>
          <AgainActions actor={actor} canRetry={Boolean(context.packageId)} />
        </>
      );
      break;
    case 'timedOut':
      status = (
        <>
          <p className={styles.result} role="alert">
            {context.errorKind === 'expired' ? (
              // The page stops at the code's expiry or after 15 minutes, whichever comes first: the code may still work.
              <Trans>No payment arrived while this page was waiting. If you paid, check again; otherwise get a new code.</Trans>
            ) : (
              <Trans>
                {name} has not confirmed the payment yet. If you paid, your credits arrive as soon as it does; the order stays in your list.
              </Trans>
            )}
          </p>
          <div className={styles.actions}>
            {close}
            {context.errorKind === 'expired' ? (
              <Button size="sm" onClick={() => send({ type: 'RETRY' })}>
                <Trans>Get a new code</Trans>
              </Button>
            ) : null}
            {checkAgain}
          </div>
        </>
      );
      break;
    default:
      // choosingPackage (and the instant `starting`): the pay button below.
      break;
  }

  return (
    <>
      {/* Paid: "Buy more credits" is the one thing to do, so the pickers go until the buyer asks for it. */}
      {phase === 'paid' ? null : children(locked)}
      <div className={styles.checkout} aria-live="polite">
        {status ?? (
          <>
            <p>
              {chosen ? (
                <Trans>
                  {i18n.number(totalCredits(chosen))} credits for {price()}, paid with {name}.
                </Trans>
              ) : (
                <Trans>Choose a package.</Trans>
              )}
            </p>
            <div>
              <Button variant="primary" size="lg" disabled={!chosen} onClick={() => send({ type: 'PAY', packageId })}>
                <Trans>
                  Pay {price()} with {name}
                </Trans>
              </Button>
            </div>
            {savedMethods.map((method) => (
              <Button key={method.id} disabled={!chosen} onClick={() => send({ type: 'PAY', packageId, vaultId: method.id })}>
                <Trans>
                  Pay {price()} with your saved {method.label}
                </Trans>
              </Button>
            ))}
            {PROVIDER_KIND[provider] === 'redirect' ? (
              <p className={styles.hint}>
                <Trans>You will pay on {name}’s page and come back here when it is done.</Trans>
              </p>
            ) : null}
            <p className={styles.hint}>
              <Trans>
                By paying you agree to the <LegalLink page="terms">Terms of service</LegalLink>. See the{' '}
                <LegalLink page="refunds">Refund policy</LegalLink> for refunds.
              </Trans>
            </p>
          </>
        )}
      </div>
    </>
  );
}
