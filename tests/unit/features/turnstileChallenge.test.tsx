import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

interface RecordedTurnstileProps {
  siteKey: string;
  options: Record<string, unknown>;
  scriptOptions?: { onError?: () => void };
  onWidgetLoad(id: string): void;
  onSuccess(token: string): void;
  onError(code: string): void;
  onExpire(token: string): void;
  onTimeout(): void;
}

const recorded = vi.hoisted(() => ({ props: [] as RecordedTurnstileProps[] }));

// The wrapper stands in as a recorder: Cloudflare's script cannot load in a unit test.
vi.mock('@marsidev/react-turnstile', () => ({
  Turnstile: (props: RecordedTurnstileProps) => {
    recorded.props.push(props);
    return <div data-testid="turnstile" />;
  },
}));
vi.mock('../../../src/config', () => ({ config: { turnstileSiteKey: '0x4AAAAAAAUnitTestKey' } }));

import TurnstileChallenge from '../../../src/features/auth/TurnstileChallenge';

afterEach(() => {
  cleanup();
  recorded.props.length = 0;
});

function renderWidget(action: 'login' | 'register' | 'reset') {
  const callbacks = { onLoad: vi.fn(), onSuccess: vi.fn(), onError: vi.fn(), onExpire: vi.fn(), onTimeout: vi.fn() };
  render(<TurnstileChallenge action={action} {...callbacks} />);
  const props = recorded.props.at(-1);
  if (!props) throw new Error('Turnstile was not rendered');
  return { props, callbacks };
}

describe('TurnstileChallenge', () => {
  it("names the form as the widget's action and keeps Cloudflare's own retry and refresh on", () => {
    const { props } = renderWidget('register');
    expect(props.siteKey).toBe('0x4AAAAAAAUnitTestKey');
    expect(props.options).toMatchObject({ action: 'register', retry: 'auto', refreshExpired: 'auto', refreshTimeout: 'auto' });
  });

  it("hands on the widget's success, expiry and timeout, and reads its error codes", () => {
    const { props, callbacks } = renderWidget('login');
    props.onWidgetLoad('cf-chl-widget-1');
    props.onSuccess('token-1');
    props.onExpire('token-1');
    props.onTimeout();
    props.onError('600010');
    props.onError('110200');
    expect(callbacks.onLoad).toHaveBeenCalledTimes(1);
    expect(callbacks.onSuccess).toHaveBeenCalledWith('token-1');
    expect(callbacks.onExpire).toHaveBeenCalledTimes(1);
    expect(callbacks.onTimeout).toHaveBeenCalledTimes(1);
    expect(callbacks.onError.mock.calls).toEqual([['widgetRetries'], ['siteSetup']]);
  });

  it("says the check is unavailable when Cloudflare's script cannot be fetched", () => {
    const { props, callbacks } = renderWidget('reset');
    props.scriptOptions?.onError?.();
    expect(callbacks.onError).toHaveBeenCalledWith('unavailable');
  });
});
