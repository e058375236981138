import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isDemoPassToken } from '../../../src/demo/botCheck';
import { CHALLENGE_LOAD_MS, CHALLENGE_RETRY_MS, CHALLENGE_VERIFY_MS, DemoChallenge } from '../../../src/demo/DemoChallenge';
import type { ChallengeFailure } from '../../../machines/botCheck';
import type { ChallengeWidgetProps } from '../../../src/services/challenge';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function callbacks() {
  return {
    action: 'login' as const,
    onLoad: vi.fn<() => void>(),
    onSuccess: vi.fn<(token: string) => void>(),
    onError: vi.fn<(failure: ChallengeFailure) => void>(),
    onExpire: vi.fn<() => void>(),
    onTimeout: vi.fn<() => void>(),
  };
}

function renderChallenge(props: ChallengeWidgetProps) {
  const view = render(
    <I18nProvider i18n={i18n}>
      <DemoChallenge {...props} />
    </I18nProvider>,
  );
  return {
    rerender: (next: ChallengeWidgetProps) =>
      view.rerender(
        <I18nProvider i18n={i18n}>
          <DemoChallenge {...next} />
        </I18nProvider>,
      ),
  };
}

function finishLoading() {
  act(() => vi.advanceTimersByTime(CHALLENGE_LOAD_MS));
}

describe('the demo bot check', () => {
  it('loads, then passes with a demo-pass token when "I am human" is ticked', () => {
    const props = callbacks();
    renderChallenge(props);
    expect(screen.queryByLabelText('I am human')).toBeNull();
    expect(props.onLoad).not.toHaveBeenCalled();

    finishLoading();
    expect(props.onLoad).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByLabelText('I am human'));
    expect(screen.getByText('Verifying…')).toBeInTheDocument();
    expect(props.onSuccess).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(CHALLENGE_VERIFY_MS));
    expect(props.onSuccess).toHaveBeenCalledTimes(1);
    const token: unknown = props.onSuccess.mock.calls[0]?.[0];
    expect(token).toMatch(/^demo-pass-[0-9a-f]{24}$/);
    expect(isDemoPassToken(String(token))).toBe(true);
    expect(props.onError).not.toHaveBeenCalled();
  });

  it('keeps loading when the parent re-renders, and reports to the latest callbacks', () => {
    const first = callbacks();
    const view = renderChallenge(first);
    act(() => vi.advanceTimersByTime(CHALLENGE_LOAD_MS / 2));
    const second = callbacks();
    view.rerender(second);
    act(() => vi.advanceTimersByTime(CHALLENGE_LOAD_MS / 2));
    expect(first.onLoad).not.toHaveBeenCalled();
    expect(second.onLoad).toHaveBeenCalledTimes(1);
  });

  it('can fail the check or pass with an empty token', () => {
    const props = callbacks();
    renderChallenge(props);
    finishLoading();
    fireEvent.click(screen.getByRole('button', { name: 'Pass with an empty token' }));
    expect(props.onSuccess).toHaveBeenCalledWith('');
    fireEvent.click(screen.getByRole('button', { name: 'Fail the check' }));
    expect(props.onError).toHaveBeenCalledExactlyOnceWith('tryAgain');
    expect(screen.getByText('The check failed.')).toBeInTheDocument();
  });

  it('can fail and then retry by itself, as Turnstile does, offering a fresh check that passes', () => {
    const props = callbacks();
    renderChallenge(props);
    finishLoading();
    fireEvent.click(screen.getByRole('button', { name: 'Fail, then retry by itself' }));
    expect(props.onError).toHaveBeenCalledExactlyOnceWith('widgetRetries');
    expect(screen.getByText('The check failed. Retrying in a moment…')).toBeInTheDocument();
    expect(screen.getByLabelText('I am human')).toBeDisabled();

    act(() => vi.advanceTimersByTime(CHALLENGE_RETRY_MS));
    fireEvent.click(screen.getByLabelText('I am human'));
    act(() => vi.advanceTimersByTime(CHALLENGE_VERIFY_MS));
    expect(props.onSuccess).toHaveBeenCalledTimes(1);
  });

  it('can time out, with a fresh check ready at once', () => {
    const props = callbacks();
    renderChallenge(props);
    finishLoading();
    fireEvent.click(screen.getByRole('button', { name: 'Time out' }));
    expect(props.onTimeout).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('I am human')).toBeEnabled();
  });

  it('does not report after it is gone', () => {
    const props = callbacks();
    renderChallenge(props);
    finishLoading();
    fireEvent.click(screen.getByLabelText('I am human'));
    cleanup();
    act(() => vi.advanceTimersByTime(CHALLENGE_VERIFY_MS * 2));
    expect(props.onSuccess).not.toHaveBeenCalled();
  });
});
