/**
 * The login flow as a user meets it: the real global actors, the real views, the demo server (msw/node)
 * behind the real API client. Each step checks the statechart's state AND what the view shows for it,
 * so a machine that moves without the view following (or the reverse) fails here.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { waitFor as waitForActor, type AnyActorRef } from 'xstate';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApp, type AppActor } from '../../../src/actors/app';
import { App } from '../../../src/app/App';
import { DemoChallenge } from '../../../src/demo/DemoChallenge';
import { demoGoogle, demoMicrosoft } from '../../../src/demo/boot';
import { lastCodeFor } from '../../../src/demo/mailbox';
import { createDemoServer } from '../../../src/demo/node';
import type { ChallengeWidget, ChallengeWidgetProps } from '../../../src/services/challenge';
import type { ModeServices } from '../../../src/services/ServicesContext';
import type { ChallengeEndingFailure } from '../../../machines/botCheck';

const demo = createDemoServer();
const PASSWORD = 'correct-horse-9';
let counter = 0;
const uniqueEmail = (tag = '') => `flow${tag}.${++counter}.${Math.random().toString(36).slice(2, 7)}@example.com`;

beforeAll(() => demo.server.listen({ onUnhandledRequest: 'error' }));
let running: AppActor | null = null;
afterEach(() => {
  running?.stop();
  running = null;
  cleanup();
  demo.controls.reset();
  localStorage.clear();
  document.cookie = 'authorization=; Max-Age=0; path=/';
  // A sign-up leaves for the welcome; the next test starts on the home page again.
  history.replaceState(null, '', '/');
});
afterAll(() => demo.server.close());

/** The `action` each bot-check widget was shown with, in order. */
const widgetActions: string[] = [];
/** The demo's bot check, noting the form it was told it guards. */
function RecordingChallenge(props: ChallengeWidgetProps) {
  widgetActions.push(props.action);
  return <DemoChallenge {...props} />;
}

async function renderApp(
  ChallengeWidget: ChallengeWidget = RecordingChallenge,
  // One Tap is not part of this flow: a prompt that never shows keeps it out of the way.
  providers: Pick<ModeServices, 'google' | 'microsoft'> = { google: { ...demoGoogle, prompt: () => () => undefined }, microsoft: demoMicrosoft },
): Promise<AppActor> {
  widgetActions.length = 0;
  const app = startApp({ google: providers.google });
  running = app;
  await waitForActor(actor(app, 'locale'), (s) => s.hasTag('ready'));
  render(<App actor={app} services={{ ChallengeWidget, ...providers }} />);
  await screen.findByRole('banner');
  return app;
}

function actor(app: AppActor, systemId: string): AnyActorRef {
  const found = app.system.get(systemId) as AnyActorRef | undefined;
  if (!found) throw new Error(`no ${systemId} actor`);
  return found;
}
const stateOf = (app: AppActor, systemId: string) => actor(app, systemId).getSnapshot().value as unknown;
/** The login modal: the open native <dialog> (the demo's Google and Microsoft pickers are not opened here). */
function dialog(): HTMLElement {
  const open = document.querySelector<HTMLDialogElement>('dialog[open]');
  if (!open) throw new Error('the login modal is not open');
  return open;
}

async function signUpUntilSubmit(user: ReturnType<typeof userEvent.setup>, app: AppActor, email: string) {
  await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Get API key' }));
  // loginModal: open.initial, on the sign-up view
  expect(stateOf(app, 'loginModal')).toEqual({ open: 'initial' });
  expect(within(dialog()).getByRole('heading', { name: 'Create your account' })).toBeVisible();

  // The modal's forms are a chunk of their own: the first look waits for them.
  await user.type(await within(dialog()).findByLabelText('E-mail'), email);
  await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
  // emailCode: cooldown — the button counts down and cannot be pressed again
  const resend = await within(dialog()).findByRole('button', { name: /Resend in \d+ s/ });
  expect(resend).toBeDisabled();
  const code = lastCodeFor(email);
  expect(code).toMatch(/^\d{6}$/);
  await user.type(within(dialog()).getByLabelText('Verification code'), code ?? '');
  await user.type(within(dialog()).getByLabelText('Password'), PASSWORD);
  await user.click(within(dialog()).getByRole('button', { name: 'Create account' }));
}

describe('login flow, machine and view together', () => {
  it('idle → pending → signedIn: the modal closes and the header shows the account', async () => {
    const user = userEvent.setup();
    const app = await renderApp();
    expect(stateOf(app, 'login')).toBe('idle');
    expect(stateOf(app, 'loginModal')).toBe('closed');
    expect(screen.queryByRole('dialog')).toBeNull();

    const email = uniqueEmail();
    await signUpUntilSubmit(user, app, email);

    await waitFor(() => expect(stateOf(app, 'login')).toBe('signedIn'));
    expect(stateOf(app, 'loginModal')).toBe('closed');
    expect(await screen.findByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
    expect(actor(app, 'user').getSnapshot().hasTag('signedIn')).toBe(true);
    expect(document.cookie).toContain('authorization=');
    // A new account: the login flow takes it to the overview's welcome.
    expect(`${location.pathname}${location.search}`).toBe('/dashboard?welcome');
  });

  it('pending → verify → retrying → signedIn, with a failed check and an empty token on the way', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = await renderApp();
    const email = uniqueEmail('+botcheck');
    await signUpUntilSubmit(user, app, email);

    // verify.loadingChallenge → verify.awaitingToken: the modal is in verify mode and the widget is ready
    await waitFor(() => expect(stateOf(app, 'login')).toEqual({ verify: { challengeShown: 'awaitingToken' } }));
    expect(stateOf(app, 'loginModal')).toEqual({ open: 'verify' });
    expect(within(dialog()).getByRole('heading', { name: 'Confirm you are human' })).toBeVisible();
    expect(within(dialog()).getByText('Complete the check to continue.')).toBeVisible();
    // The form is kept, hidden, so nothing typed is lost if the retry fails.
    expect(within(dialog()).getByLabelText('E-mail', { selector: 'input' })).toHaveValue(email);

    // verify.challengeShown.retryingAfterError: the widget stays on screen and tries again by itself
    await user.click(within(dialog()).getByRole('button', { name: 'Fail, then retry by itself' }));
    expect(stateOf(app, 'login')).toEqual({ verify: { challengeShown: 'retryingAfterError' } });
    expect(within(dialog()).getByText('The check ran into a problem and is trying again by itself.')).toBeVisible();
    expect(within(dialog()).queryByRole('button', { name: 'Try the check again' })).toBeNull();
    await waitFor(() => expect(within(dialog()).getByRole('checkbox', { name: 'I am human' })).toBeEnabled());

    // verify.challengeShown.refreshingTimedOutChallenge: a fresh check, on the same widget
    await user.click(within(dialog()).getByRole('button', { name: 'Time out' }));
    expect(stateOf(app, 'login')).toEqual({ verify: { challengeShown: 'refreshingTimedOutChallenge' } });
    expect(within(dialog()).getByText('The check timed out. Complete the new one to continue.')).toBeVisible();

    // verify.challengeFailed: the widget is taken down, and the modal says what to do
    await user.click(within(dialog()).getByRole('button', { name: 'Fail the check' }));
    expect(stateOf(app, 'login')).toEqual({ verify: 'challengeFailed' });
    expect(within(dialog()).getByText('The check did not pass. Try it again.')).toBeVisible();
    expect(within(dialog()).queryByRole('checkbox', { name: 'I am human' })).toBeNull();

    // RELOAD_CHALLENGE, then an empty token: refused with "Authentication failed", no retry
    await user.click(within(dialog()).getByRole('button', { name: 'Try the check again' }));
    await waitFor(() => expect(stateOf(app, 'login')).toEqual({ verify: { challengeShown: 'awaitingToken' } }));
    await user.click(within(dialog()).getByRole('button', { name: 'Pass with an empty token' }));
    expect(consoleError).toHaveBeenCalledWith('Authentication failed');
    expect(stateOf(app, 'login')).toEqual({ verify: { challengeShown: 'awaitingToken' } });

    // CHALLENGE_SOLVED → retrying → signedIn
    await user.click(within(dialog()).getByRole('checkbox', { name: 'I am human' }));
    await waitFor(() => expect(stateOf(app, 'login')).toBe('signedIn'));
    expect(stateOf(app, 'loginModal')).toBe('closed');
    expect(await screen.findByRole('button', { name: `Account menu for ${email}` })).toBeVisible();
    // Every widget of this sign-up was told the form it guards.
    expect(new Set(widgetActions)).toEqual(new Set(['register']));
  });

  it('an expired token keeps the widget; a check that ends without a token takes it down and says what to do, for each failure', async () => {
    const advice: Record<ChallengeEndingFailure, string> = {
      tryAgain: 'The check did not pass. Try it again.',
      unavailable: 'The check could not load. Check your connection and try again; if it still does not load, reload the page.',
      browser: 'This browser cannot complete the check. Update it, or turn off extensions that change how it identifies itself, then try again.',
      clock: "Your device's clock is wrong, so the check cannot pass. Set the correct date and time, then try again.",
      cache: 'Your browser kept an outdated copy of the check. Clear its cache, then try again.',
      siteSetup: 'The check is not set up correctly for this site. Try again later; if it keeps failing, contact support.',
    };
    const kinds = Object.keys(advice) as ChallengeEndingFailure[];
    /** A widget that fails as its button says. */
    function FailingChallenge({ action, onLoad, onError, onExpire }: ChallengeWidgetProps) {
      widgetActions.push(action);
      return (
        <>
          <button type="button" onClick={() => onLoad()}>
            load
          </button>
          <button type="button" onClick={() => onExpire()}>
            expire
          </button>
          {kinds.map((kind) => (
            <button key={kind} type="button" onClick={() => onError(kind)}>
              {`fail: ${kind}`}
            </button>
          ))}
        </>
      );
    }
    const user = userEvent.setup();
    const app = await renderApp(FailingChallenge);
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' }));
    await user.type(await within(dialog()).findByLabelText('E-mail'), uniqueEmail('+botcheck'));
    await user.type(within(dialog()).getByLabelText('Password'), PASSWORD);
    await user.click(within(dialog()).getByRole('button', { name: 'Sign in' }));

    // An expired token is the widget's to renew: it stays, and the modal says so.
    await user.click(await within(dialog()).findByRole('button', { name: 'expire' }));
    expect(stateOf(app, 'login')).toEqual({ verify: { challengeShown: 'refreshingExpiredToken' } });
    expect(within(dialog()).getByText('The check expired and is renewing itself. Complete it again if it asks.')).toBeVisible();
    expect(within(dialog()).getByRole('button', { name: 'expire' })).toBeVisible();

    for (const kind of kinds) {
      await user.click(await within(dialog()).findByRole('button', { name: `fail: ${kind}` }));
      expect(stateOf(app, 'login')).toEqual({ verify: 'challengeFailed' });
      expect(within(dialog()).getByText(advice[kind])).toBeVisible();
      expect(within(dialog()).queryByRole('button', { name: `fail: ${kind}` })).toBeNull();
      await user.click(within(dialog()).getByRole('button', { name: 'Try the check again' }));
    }
    expect(new Set(widgetActions)).toEqual(new Set(['login']));
  });

  it('pending → failed: the server message is shown and the form keeps what was typed', async () => {
    const user = userEvent.setup();
    const app = await renderApp();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' }));
    await user.type(await within(dialog()).findByLabelText('E-mail'), 'nobody@example.com');
    await user.type(within(dialog()).getByLabelText('Password'), 'not-the-password');
    await user.click(within(dialog()).getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(stateOf(app, 'login')).toBe('failed'));
    // The toast is still fading in here; the browser tests check it on screen.
    expect(await screen.findByText('Incorrect e-mail or password.')).toBeInTheDocument();
    expect(stateOf(app, 'loginModal')).toEqual({ open: 'initial' });
    expect(within(dialog()).getByLabelText('E-mail')).toHaveValue('nobody@example.com');
    expect(within(dialog()).getByLabelText('Password')).toHaveValue('not-the-password');
    expect(within(dialog()).getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('emailCode: sending → failed: a code asked for again too soon is refused, and the code field says why', async () => {
    const user = userEvent.setup();
    await renderApp();
    const email = uniqueEmail();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Get API key' }));
    await user.type(await within(dialog()).findByLabelText('E-mail'), email);
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));
    await within(dialog()).findByRole('button', { name: /Resend in \d+ s/ });
    // The form again, with a new "Send code" (its countdown went with the old one); the server still counts.
    await user.click(within(dialog()).getByRole('button', { name: 'Sign in' }));
    await user.click(await within(dialog()).findByRole('button', { name: 'Create an account' }));
    // The address goes along from view to view.
    expect(await within(dialog()).findByLabelText('E-mail')).toHaveValue(email);
    await user.click(within(dialog()).getByRole('button', { name: 'Send code' }));

    const again = await within(dialog()).findByRole('button', { name: 'Send again' });
    const codeField = within(dialog()).getByLabelText('Verification code');
    expect(codeField).toHaveAccessibleDescription(/Please wait \d+ s before asking for another code\./);
    expect(codeField).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(/Please wait \d+ s/);
    expect(again).toBeEnabled();
  });

  it('CLOSE while verifying cancels the bot check: the login flow returns to idle', async () => {
    const user = userEvent.setup();
    const app = await renderApp();
    await signUpUntilSubmit(user, app, uniqueEmail('+botcheck'));
    await waitFor(() => expect(stateOf(app, 'login')).toMatchObject({ verify: expect.anything() }));
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    expect(stateOf(app, 'loginModal')).toBe('closed');
    expect(stateOf(app, 'login')).toBe('idle');
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Microsoft: the popup of the button hands its ID token to the global login flow, which signs in', async () => {
    const user = userEvent.setup();
    const app = await renderApp();
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' }));
    const button = await within(dialog()).findByRole('button', { name: 'Continue with Microsoft' });
    // microsoftButton: initializing (disabled) → ready
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const picker = await screen.findByRole('dialog', { name: 'Pick an account' });
    await user.click(within(picker).getByRole('button', { name: /demo\.user@outlook\.com/ }));

    await waitFor(() => expect(stateOf(app, 'login')).toBe('signedIn'));
    expect(actor(app, 'login').getSnapshot().context.request).toMatchObject({ kind: 'microsoft' });
    expect(await screen.findByRole('button', { name: 'Account menu for demo.user@outlook.com' })).toBeVisible();
  });

  it("a build without a provider's setting shows no button for it", async () => {
    const user = userEvent.setup();
    await renderApp(RecordingChallenge, { google: null, microsoft: demoMicrosoft });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog()).findByRole('button', { name: 'Continue with Microsoft' })).toBeVisible();
    expect(within(dialog()).queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(within(dialog()).getByText('or with e-mail')).toBeVisible();
  });

  it('a build with neither provider shows the e-mail form alone, without a divider', async () => {
    const user = userEvent.setup();
    await renderApp(RecordingChallenge, { google: null, microsoft: null });
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Sign in' }));
    expect(await within(dialog()).findByLabelText('E-mail')).toBeVisible();
    expect(within(dialog()).queryByRole('button', { name: /Continue with/ })).toBeNull();
    expect(within(dialog()).queryByText('or with e-mail')).toBeNull();
  });
});
