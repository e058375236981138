import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

interface RecordedLoginProps {
  onSuccess(response: { credential?: string }): void;
  onError?(): void;
  text?: string;
  width?: string | number;
  theme?: string;
}

const sdk = vi.hoisted(() => ({
  loginProps: [] as RecordedLoginProps[],
  providerClientIds: [] as string[],
}));

// The SDK's components stand in as recorders: the GSI script cannot load in tests.
vi.mock('@react-oauth/google', () => ({
  GoogleOAuthProvider: ({ clientId, children }: { clientId: string; children: ReactNode }) => {
    sdk.providerClientIds.push(clientId);
    return <>{children}</>;
  },
  GoogleLogin: (props: RecordedLoginProps) => {
    sdk.loginProps.push(props);
    return <div data-testid="google-login" data-theme={props.theme} />;
  },
}));
vi.mock('../../../src/config', () => ({ config: { googleClientId: 'google-client-id' } }));

import { GSI_POLL_INTERVAL_MS, GSI_WAIT_LIMIT_MS, liveGoogle } from '../../../src/services/google/live';

interface FakeNotification {
  isNotDisplayed?(): boolean;
  isSkippedMoment?(): boolean;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

interface InitializeOptions {
  client_id: string;
  callback(response: { credential?: string }): void;
  cancel_on_tap_outside?: boolean;
  itp_support?: boolean;
}

/** A stand-in for `google.accounts.id` that lets a test play Google's part. */
function fakeGsi() {
  let options: InitializeOptions | undefined;
  let listener: ((notification: FakeNotification) => void) | undefined;
  const id = {
    initialize: vi.fn((given: InitializeOptions) => {
      options = given;
    }),
    prompt: vi.fn((given?: (notification: FakeNotification) => void) => {
      listener = given;
    }),
    cancel: vi.fn(),
  };
  return {
    id,
    install() {
      Object.assign(window, { google: { accounts: { id } } });
    },
    options: () => options,
    pickAccount(credential?: string) {
      options?.callback(credential === undefined ? {} : { credential });
    },
    notify(notification: FakeNotification) {
      listener?.(notification);
    },
  };
}

function callbacks() {
  return { onCredential: vi.fn<(credential: string) => void>(), onDismissed: vi.fn<() => void>() };
}

beforeEach(() => {
  sdk.loginProps.length = 0;
  sdk.providerClientIds.length = 0;
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Reflect.deleteProperty(window, 'google');
  delete document.documentElement.dataset.theme;
});

describe('liveGoogle.prompt', () => {
  it('initializes One Tap with the client id and shows it', () => {
    const gsi = fakeGsi();
    gsi.install();
    const stop = liveGoogle.prompt(callbacks());
    expect(gsi.id.initialize).toHaveBeenCalledWith({
      client_id: 'google-client-id',
      callback: expect.any(Function),
      cancel_on_tap_outside: true,
      itp_support: true,
    });
    expect(gsi.id.prompt).toHaveBeenCalledTimes(1);
    stop();
  });

  it('hands on the chosen credential, and ignores the dismissed moment that follows it', () => {
    const gsi = fakeGsi();
    gsi.install();
    const handlers = callbacks();
    liveGoogle.prompt(handlers);
    gsi.pickAccount('jwt-credential');
    gsi.notify({ isDismissedMoment: () => true, getDismissedReason: () => 'credential_returned' });
    expect(handlers.onCredential).toHaveBeenCalledExactlyOnceWith('jwt-credential');
    expect(handlers.onDismissed).not.toHaveBeenCalled();
  });

  it.each<[string, FakeNotification]>([
    ['not displayed', { isNotDisplayed: () => true }],
    ['skipped', { isNotDisplayed: () => false, isSkippedMoment: () => true }],
    ['dismissed', { isSkippedMoment: () => false, isDismissedMoment: () => true }],
  ])('reports a %s prompt as dismissed, once', (_label, notification) => {
    const gsi = fakeGsi();
    gsi.install();
    const handlers = callbacks();
    liveGoogle.prompt(handlers);
    gsi.notify(notification);
    gsi.notify(notification);
    expect(handlers.onDismissed).toHaveBeenCalledTimes(1);
    expect(handlers.onCredential).not.toHaveBeenCalled();
  });

  it('ignores a display moment', () => {
    const gsi = fakeGsi();
    gsi.install();
    const handlers = callbacks();
    liveGoogle.prompt(handlers);
    gsi.notify({ isNotDisplayed: () => false, isSkippedMoment: () => false, isDismissedMoment: () => false });
    expect(handlers.onDismissed).not.toHaveBeenCalled();
  });

  it('cancels One Tap when taken down, and reports nothing afterwards', () => {
    const gsi = fakeGsi();
    gsi.install();
    const handlers = callbacks();
    const stop = liveGoogle.prompt(handlers);
    stop();
    expect(gsi.id.cancel).toHaveBeenCalledTimes(1);
    gsi.pickAccount('late-credential');
    gsi.notify({ isDismissedMoment: () => true });
    expect(handlers.onCredential).not.toHaveBeenCalled();
    expect(handlers.onDismissed).not.toHaveBeenCalled();
  });

  it('waits for the GSI script to arrive, then shows One Tap', () => {
    vi.useFakeTimers();
    const gsi = fakeGsi();
    const handlers = callbacks();
    liveGoogle.prompt(handlers);
    vi.advanceTimersByTime(GSI_POLL_INTERVAL_MS * 3);
    expect(gsi.id.initialize).not.toHaveBeenCalled();
    gsi.install();
    vi.advanceTimersByTime(GSI_POLL_INTERVAL_MS);
    expect(gsi.id.prompt).toHaveBeenCalledTimes(1);
    gsi.pickAccount('jwt-credential');
    expect(handlers.onCredential).toHaveBeenCalledWith('jwt-credential');
  });

  it('gives up, as dismissed, when the GSI script never arrives', () => {
    vi.useFakeTimers();
    const handlers = callbacks();
    liveGoogle.prompt(handlers);
    vi.advanceTimersByTime(GSI_WAIT_LIMIT_MS - GSI_POLL_INTERVAL_MS);
    expect(handlers.onDismissed).not.toHaveBeenCalled();
    vi.advanceTimersByTime(GSI_POLL_INTERVAL_MS);
    expect(handlers.onDismissed).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops waiting when taken down before the script arrives', () => {
    vi.useFakeTimers();
    const gsi = fakeGsi();
    const handlers = callbacks();
    const stop = liveGoogle.prompt(handlers);
    stop();
    expect(vi.getTimerCount()).toBe(0);
    gsi.install();
    vi.advanceTimersByTime(GSI_WAIT_LIMIT_MS * 2);
    expect(gsi.id.initialize).not.toHaveBeenCalled();
    expect(gsi.id.cancel).not.toHaveBeenCalled();
    expect(handlers.onDismissed).not.toHaveBeenCalled();
  });
});

describe('liveGoogle.Provider and Button', () => {
  function lastLoginProps(): RecordedLoginProps {
    const props = sdk.loginProps.at(-1);
    if (!props) throw new Error('GoogleLogin was not rendered');
    return props;
  }

  it('wraps its children in the OAuth provider with the client id', () => {
    render(
      <liveGoogle.Provider>
        <p>page</p>
      </liveGoogle.Provider>,
    );
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(sdk.providerClientIds).toEqual(['google-client-id']);
  });

  it('renders a "continue with" button about 320px wide, in the light theme by default', () => {
    render(<liveGoogle.Button onCredential={vi.fn()} onError={vi.fn()} />);
    expect(lastLoginProps()).toMatchObject({ text: 'continue_with', width: 320, theme: 'outline' });
  });

  it('follows the app theme, including later switches', async () => {
    document.documentElement.dataset.theme = 'dark';
    render(<liveGoogle.Button onCredential={vi.fn()} onError={vi.fn()} />);
    expect(lastLoginProps().theme).toBe('filled_black');
    await act(async () => {
      document.documentElement.dataset.theme = 'light';
      // MutationObserver callbacks run as microtasks.
      await Promise.resolve();
    });
    expect(screen.getByTestId('google-login')).toHaveAttribute('data-theme', 'outline');
  });

  it('hands on the credential, and reports a response without one as an error', () => {
    const onCredential = vi.fn<(credential: string) => void>();
    const onError = vi.fn<(error: unknown) => void>();
    render(<liveGoogle.Button onCredential={onCredential} onError={onError} />);
    lastLoginProps().onSuccess({ credential: 'jwt-credential' });
    expect(onCredential).toHaveBeenCalledExactlyOnceWith('jwt-credential');
    lastLoginProps().onSuccess({});
    expect(onError).toHaveBeenCalledExactlyOnceWith(new Error('Google returned no credential'));
    expect(onCredential).toHaveBeenCalledTimes(1);
  });

  it('reports a library failure as an error', () => {
    const onError = vi.fn<(error: unknown) => void>();
    render(<liveGoogle.Button onCredential={vi.fn()} onError={onError} />);
    lastLoginProps().onError?.();
    expect(onError).toHaveBeenCalledExactlyOnceWith(new Error('Google sign-in failed'));
  });
});
