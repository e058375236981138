import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ONE_TAP_DELAY_MS, createDemoGoogle } from '../../../src/demo/social/google';
import { MICROSOFT_INIT_DELAY_MS, MICROSOFT_INIT_FAILS_KEY, createDemoMicrosoft } from '../../../src/demo/social/microsoft';
import { decodeDemoCredential } from '../../../src/demo/socialCredential';
import { memoryStorage, type KeyValueStorage } from '../../../src/demo/storage';
import { classifyMicrosoftError } from '../../../src/services/microsoft/errors';
import type { GoogleCredential } from '../../../src/common/types';
import type { GoogleSignIn, MicrosoftSignIn } from '../../../src/services/socialSignIn';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
// Popups mounted outside Testing Library's tree: a failed test must not leave one behind for the next.
const leftovers: (() => void)[] = [];
afterEach(() => {
  cleanup();
  for (const takeDown of leftovers.splice(0)) act(() => takeDown());
  for (const dialog of screen.queryAllByRole('dialog', { name: 'Pick an account' })) {
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
  }
  vi.useRealTimers();
});

/** The payload of a JWT-shaped credential, read the way any client would: base64url JSON in the middle. */
function payloadOf(credential: string): Record<string, unknown> {
  const part = credential.split('.')[1] ?? '';
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
  return JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
}

function cancelDialog(dialog: HTMLElement) {
  // Escape on a modal <dialog> fires a cancelable `cancel` event (happy-dom does not synthesise it from the key).
  act(() => {
    dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
  });
}

describe('demo Google: the button and its account chooser', () => {
  function renderButton(google: GoogleSignIn, onOuterSubmit = vi.fn()) {
    const onCredential = vi.fn<(result: GoogleCredential) => void>();
    const onError = vi.fn<(error: unknown) => void>();
    render(
      <I18nProvider i18n={i18n}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onOuterSubmit();
          }}
        >
          <google.Button onCredential={onCredential} onError={onError} />
        </form>
      </I18nProvider>,
    );
    return { onCredential, onError };
  }

  function openChooser(): HTMLElement {
    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    return screen.getByRole('dialog', { name: 'Choose an account' });
  }

  it('opens a modal chooser; choosing the demo account hands over a credential for its address', () => {
    const { onCredential, onError } = renderButton(createDemoGoogle({ storage: memoryStorage() }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const chooser = openChooser();
    expect(chooser.tagName).toBe('DIALOG');
    expect((chooser as HTMLDialogElement).open).toBe(true);
    expect(within(chooser).getByText('to continue to Nano Banana API')).toBeVisible();
    const account = within(chooser).getByRole('button', { name: /Demo User/ });
    expect(account).toHaveFocus();

    fireEvent.click(account);
    expect(onCredential).toHaveBeenCalledTimes(1);
    const { credential = '', nonce = '' } = onCredential.mock.calls[0]?.[0] ?? {};
    // Each attempt comes with a nonce of its own, as the live page's do.
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    expect(payloadOf(credential)).toMatchObject({ email: 'demo.user@gmail.com', name: 'Demo User', iss: 'https://accounts.google.com' });
    expect(decodeDemoCredential(credential)?.provider).toBe('google');
    expect(onError).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toHaveFocus();
  });

  it('Cancel and Escape close the chooser without calling back, like closing Google’s popup', () => {
    const { onCredential, onError } = renderButton(createDemoGoogle({ storage: memoryStorage() }));
    fireEvent.click(within(openChooser()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    cancelDialog(openChooser());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onCredential).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it.each([
    ['A sign-in library error', 'library error'],
    ['Popup blocked', 'popup blocked'],
    ['Interaction in progress', 'interaction in progress'],
    ['No ID token', 'no credential'],
  ])('the simulated "%s" reaches onError, as every GoogleLogin failure does', (button, reason) => {
    const { onCredential, onError } = renderButton(createDemoGoogle({ storage: memoryStorage() }));
    const simulate = within(openChooser()).getByRole('region', { name: 'Simulate' });
    fireEvent.click(within(simulate).getByRole('button', { name: button }));
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toEqual(new Error(`Demo: Google sign-in library error: ${reason}`));
    expect(onCredential).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Use another account" validates, signs in with the new account and remembers it', () => {
    const storage = memoryStorage();
    const outerSubmit = vi.fn();
    const { onCredential } = renderButton(createDemoGoogle({ storage }), outerSubmit);
    const chooser = openChooser();
    fireEvent.click(within(chooser).getByRole('button', { name: 'Use another account' }));
    const name = within(chooser).getByRole('textbox', { name: 'Name' });
    const email = within(chooser).getByRole('textbox', { name: 'E-mail' });
    expect(name).toHaveFocus();

    fireEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    expect(within(chooser).getByText('Enter a name.')).toBeVisible();
    expect(within(chooser).getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(name, { target: { value: '  Ada Lovelace ' } });
    fireEvent.change(email, { target: { value: 'ada@' } });
    fireEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    expect(within(chooser).queryByText('Enter a name.')).toBeNull();
    expect(within(chooser).getByText('Enter a valid e-mail address.')).toBeVisible();
    expect(email).toHaveFocus();
    expect(onCredential).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.click(within(chooser).getByRole('button', { name: 'Next' }));
    expect(onCredential).toHaveBeenCalledTimes(1);
    expect(payloadOf(onCredential.mock.calls[0]?.[0]?.credential ?? '')).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
    // The chooser's form is its own: submitting it must not submit the login form around the button.
    expect(outerSubmit).not.toHaveBeenCalled();

    expect(JSON.parse(storage.getItem('nanobanana.demo.googleAccounts') ?? '[]')).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com' },
      { name: 'Demo User', email: 'demo.user@gmail.com' },
    ]);
    const again = openChooser();
    expect(within(again).getByRole('button', { name: /Ada Lovelace/ })).toHaveFocus();
    expect(within(again).getByRole('button', { name: /Demo User/ })).toBeVisible();
  });

  it('falls back to the demo account when the stored list is unreadable', () => {
    renderButton(createDemoGoogle({ storage: memoryStorage({ 'nanobanana.demo.googleAccounts': '{not json' }) }));
    const chooser = openChooser();
    expect(within(chooser).getAllByRole('listitem')).toHaveLength(2);
    expect(within(chooser).getByRole('button', { name: /demo\.user@gmail\.com/ })).toBeVisible();
  });
});

describe('demo Google: One Tap', () => {
  function prompt(storage: KeyValueStorage = memoryStorage(), sessionStorage: KeyValueStorage = memoryStorage()) {
    vi.useFakeTimers();
    const google = createDemoGoogle({ storage, sessionStorage });
    const onCredential = vi.fn<(result: GoogleCredential) => void>();
    const onDismissed = vi.fn<() => void>();
    let takeDown = () => {};
    act(() => {
      takeDown = google.prompt({ onCredential, onDismissed });
    });
    leftovers.push(takeDown);
    return { onCredential, onDismissed, takeDown: () => act(() => takeDown()) };
  }

  const card = () => screen.queryByRole('dialog', { name: 'Sign in with Google' });

  function waitForCard(): HTMLElement {
    act(() => vi.advanceTimersByTime(ONE_TAP_DELAY_MS - 1));
    expect(card()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const shown = card();
    if (!shown) throw new Error('One Tap did not appear');
    return shown;
  }

  it('appears after a moment as a non-modal card; Continue hands over a credential and takes it down', () => {
    const { onCredential, onDismissed } = prompt();
    const shown = waitForCard();
    expect(shown.tagName).not.toBe('DIALOG');
    expect(shown).toHaveAttribute('aria-modal', 'false');
    expect(within(shown).getByText('Sign in to Nano Banana API with Google')).toBeVisible();

    fireEvent.click(within(shown).getByRole('button', { name: 'Continue as Demo User' }));
    expect(onCredential).toHaveBeenCalledTimes(1);
    expect(payloadOf(onCredential.mock.calls[0]?.[0]?.credential ?? '')).toMatchObject({ email: 'demo.user@gmail.com' });
    expect(onDismissed).not.toHaveBeenCalled();
    expect(card()).toBeNull();
  });

  it('lists every remembered account', () => {
    const storage = memoryStorage({
      'nanobanana.demo.googleAccounts': JSON.stringify([
        { name: 'Ada', email: 'ada@example.com' },
        { name: 'Demo User', email: 'demo.user@gmail.com' },
      ]),
    });
    const { onCredential } = prompt(storage);
    fireEvent.click(within(waitForCard()).getByRole('button', { name: 'Continue as Ada' }));
    expect(payloadOf(onCredential.mock.calls[0]?.[0]?.credential ?? '')).toMatchObject({ email: 'ada@example.com' });
  });

  it('Close dismisses it', () => {
    const { onCredential, onDismissed } = prompt();
    fireEvent.click(within(waitForCard()).getByRole('button', { name: 'Close' }));
    expect(onDismissed).toHaveBeenCalledTimes(1);
    expect(onCredential).not.toHaveBeenCalled();
    expect(card()).toBeNull();
  });

  it('once closed, it stays away for the rest of the visit: the next prompt is not shown and reports dismissed', () => {
    const visit = memoryStorage();
    prompt(memoryStorage(), visit);
    fireEvent.click(within(waitForCard()).getByRole('button', { name: 'Close' }));
    const again = prompt(memoryStorage(), visit);
    act(() => vi.advanceTimersByTime(ONE_TAP_DELAY_MS));
    expect(card()).toBeNull();
    expect(again.onDismissed).toHaveBeenCalledTimes(1);
    expect(again.onCredential).not.toHaveBeenCalled();
    // Choosing an account is no closing: a visit where One Tap signed someone in still gets it after sign-out.
    const chosenVisit = memoryStorage();
    prompt(memoryStorage(), chosenVisit);
    fireEvent.click(within(waitForCard()).getByRole('button', { name: 'Continue as Demo User' }));
    prompt(memoryStorage(), chosenVisit);
    expect(waitForCard()).toBeVisible();
  });

  it('the returned cleanup removes the card (and any container) without calling back', () => {
    const before = document.body.childElementCount;
    const { onCredential, onDismissed, takeDown } = prompt();
    waitForCard();
    takeDown();
    expect(card()).toBeNull();
    expect(document.body.childElementCount).toBe(before);
    takeDown();
    expect(onCredential).not.toHaveBeenCalled();
    expect(onDismissed).not.toHaveBeenCalled();
  });

  it('cleanup before it appears means it never does', () => {
    const { takeDown } = prompt();
    takeDown();
    act(() => vi.advanceTimersByTime(ONE_TAP_DELAY_MS * 2));
    expect(card()).toBeNull();
  });
});

describe('demo Microsoft', () => {
  async function initialized(storage: KeyValueStorage = memoryStorage()): Promise<MicrosoftSignIn> {
    const microsoft = createDemoMicrosoft({ storage, initDelayMs: 0 });
    await microsoft.initialize();
    return microsoft;
  }

  /** Starts a sign-in and settles it into a value, so a rejection is never left unhandled. */
  function startSignIn(microsoft: MicrosoftSignIn) {
    let pending: Promise<{ idToken: string | null }> = Promise.resolve({ idToken: null });
    act(() => {
      pending = microsoft.signIn();
    });
    return pending.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  }

  const picker = () => screen.getByRole('dialog', { name: 'Pick an account' });

  function errorCodeOf(outcome: { ok: boolean; error?: unknown }): unknown {
    expect(outcome.ok).toBe(false);
    return (outcome.error as { errorCode?: unknown }).errorCode;
  }

  it('initialize takes a moment, then resolves; the QA switch makes it reject', async () => {
    vi.useFakeTimers();
    const resolved = vi.fn();
    void createDemoMicrosoft({ storage: memoryStorage() }).initialize().then(resolved);
    await vi.advanceTimersByTimeAsync(MICROSOFT_INIT_DELAY_MS - 1);
    expect(resolved).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toHaveBeenCalled();

    const failing = createDemoMicrosoft({ storage: memoryStorage({ [MICROSOFT_INIT_FAILS_KEY]: '1' }) }).initialize();
    const settled = failing.then(
      () => 'resolved',
      () => 'rejected',
    );
    await vi.advanceTimersByTimeAsync(MICROSOFT_INIT_DELAY_MS);
    expect(await settled).toBe('rejected');
  });

  it('signIn before initialize rejects as MSAL does', async () => {
    const microsoft = createDemoMicrosoft({ storage: memoryStorage(), initDelayMs: 0 });
    const outcome = await startSignIn(microsoft);
    expect(errorCodeOf(outcome)).toBe('uninitialized_public_client_application');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('choosing an account resolves with its ID token and takes the picker down', async () => {
    const microsoft = await initialized();
    const result = startSignIn(microsoft);
    const account = within(picker()).getByRole('button', { name: /Demo User/ });
    expect(account).toHaveFocus();
    act(() => fireEvent.click(account));
    const outcome = await result;
    if (!outcome.ok) throw new Error('expected a token');
    expect(payloadOf(outcome.value.idToken ?? '')).toMatchObject({
      email: 'demo.user@outlook.com',
      iss: 'https://login.microsoftonline.com/demo/v2.0',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Popup blocked', 'popup_window_error', 'popupBlocked'],
    ['Interaction in progress', 'interaction_in_progress', 'interactionInProgress'],
    ['Service not ready', 'uninitialized_public_client_application', 'authServiceNotReady'],
    ['Other error', 'server_error', 'other'],
  ])('"%s" rejects with errorCode %s, which the live classifier maps to %s', async (label, code, kind) => {
    const microsoft = await initialized();
    const result = startSignIn(microsoft);
    act(() => fireEvent.click(within(within(picker()).getByRole('region', { name: 'Simulate' })).getByRole('button', { name: label })));
    const outcome = await result;
    expect(errorCodeOf(outcome)).toBe(code);
    expect(outcome.ok ? null : outcome.error).toBeInstanceOf(Error);
    expect(classifyMicrosoftError(outcome.ok ? null : outcome.error).kind).toBe(kind);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"Other error" carries the demo message', async () => {
    const microsoft = await initialized();
    const result = startSignIn(microsoft);
    act(() => fireEvent.click(within(picker()).getByRole('button', { name: 'Other error' })));
    const outcome = await result;
    expect(classifyMicrosoftError(outcome.ok ? null : outcome.error)).toEqual({ kind: 'other', message: 'Demo: Microsoft returned an error' });
  });

  it('"No ID token" resolves with a null token', async () => {
    const microsoft = await initialized();
    const result = startSignIn(microsoft);
    act(() => fireEvent.click(within(picker()).getByRole('button', { name: 'No ID token' })));
    expect(await result).toEqual({ ok: true, value: { idToken: null } });
  });

  it('Cancel and Escape reject with user_cancelled', async () => {
    const microsoft = await initialized();
    const first = startSignIn(microsoft);
    act(() => fireEvent.click(within(picker()).getByRole('button', { name: 'Cancel' })));
    expect(errorCodeOf(await first)).toBe('user_cancelled');
    const second = startSignIn(microsoft);
    cancelDialog(picker());
    expect(errorCodeOf(await second)).toBe('user_cancelled');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a second sign-in while the picker is open rejects interaction_in_progress; the first carries on', async () => {
    const microsoft = await initialized();
    const first = startSignIn(microsoft);
    const second = await startSignIn(microsoft);
    expect(errorCodeOf(second)).toBe('interaction_in_progress');
    expect(screen.getAllByRole('dialog')).toHaveLength(1);

    act(() => fireEvent.click(within(picker()).getByRole('button', { name: /Demo User/ })));
    expect((await first).ok).toBe(true);
    // Once the picker is gone, a new sign-in may start.
    const third = startSignIn(microsoft);
    act(() => fireEvent.click(within(picker()).getByRole('button', { name: 'Cancel' })));
    expect(errorCodeOf(await third)).toBe('user_cancelled');
  });

  it('"Use another account" validates, then resolves for the new account and remembers it', async () => {
    const storage = memoryStorage();
    const microsoft = await initialized(storage);
    const result = startSignIn(microsoft);
    const dialog = picker();
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Use another account' })));
    act(() => fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Grace' } }));
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Next' })));
    expect(within(dialog).getByText('Enter a valid e-mail address.')).toBeVisible();
    act(() => fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-mail' }), { target: { value: 'grace@example.org' } }));
    act(() => fireEvent.click(within(dialog).getByRole('button', { name: 'Next' })));
    const outcome = await result;
    if (!outcome.ok) throw new Error('expected a token');
    expect(payloadOf(outcome.value.idToken ?? '')).toMatchObject({ email: 'grace@example.org', name: 'Grace' });
    expect(JSON.parse(storage.getItem('nanobanana.demo.microsoftAccounts') ?? '[]')).toEqual([
      { name: 'Grace', email: 'grace@example.org' },
      { name: 'Demo User', email: 'demo.user@outlook.com' },
    ]);
  });
});
