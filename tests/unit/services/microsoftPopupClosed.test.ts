import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOrClosed, closedFlagIsTrustworthy, POPUP_ANSWER_GRACE_MS, POPUP_CLOSED_POLL_MS } from '../../../src/services/microsoft/popupClosed';

const cancelled = () => new Error('user_cancelled');

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A promise's outcome, read without letting a rejection go unhandled. */
function outcomeOf<T>(promise: Promise<T>): { current: string } {
  const outcome = { current: 'pending' };
  promise.then(
    (value) => (outcome.current = `resolved ${String(value)}`),
    (error: unknown) => (outcome.current = `rejected ${error instanceof Error ? error.message : String(error)}`),
  );
  return outcome;
}

describe('answerOrClosed', () => {
  it('hands over the answer while the popup is open', async () => {
    const outcome = outcomeOf(answerOrClosed(Promise.resolve('#code=1'), { closed: false }, cancelled));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toBe('resolved #code=1');
  });

  it('passes the answer’s own error on', async () => {
    const outcome = outcomeOf(answerOrClosed(Promise.reject(new Error('access_denied')), { closed: false }, cancelled));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toBe('rejected access_denied');
  });

  it('waits while the popup is open, however long', async () => {
    const outcome = outcomeOf(answerOrClosed(new Promise<string>(() => {}), { closed: false }, cancelled));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(outcome.current).toBe('pending');
  });

  it('is cancelled once the popup is closed and no answer followed within the grace', async () => {
    const popup = { closed: false };
    const outcome = outcomeOf(answerOrClosed(new Promise<string>(() => {}), popup, cancelled));
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS + POPUP_ANSWER_GRACE_MS - 1);
    expect(outcome.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.current).toBe('rejected user_cancelled');
  });

  it('takes an answer that arrives within the grace after the popup closed', async () => {
    let answer: (value: string) => void = () => {};
    const popup = { closed: true };
    const outcome = outcomeOf(answerOrClosed(new Promise<string>((resolve) => (answer = resolve)), popup, cancelled));
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS + POPUP_ANSWER_GRACE_MS / 2);
    answer('#code=late');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toBe('resolved #code=late');
    // Nothing else happens later: the cancel never fires after the answer.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcome.current).toBe('resolved #code=late');
  });
});

describe('closedFlagIsTrustworthy', () => {
  it('trusts the flag in a tab nobody opened, or one this site opened', () => {
    expect(closedFlagIsTrustworthy(window)).toBe(true);
    const sameSite = { top: null as unknown, opener: null as unknown };
    sameSite.top = { opener: { location: { href: 'https://www.example.com/' } } };
    expect(closedFlagIsTrustworthy(sameSite as unknown as Window)).toBe(true);
  });

  it("does not in a tab another site's page opened: Entra ID then cuts the popup off", () => {
    const crossSite = {
      top: {
        opener: {
          get location(): never {
            throw new DOMException('Blocked a frame with origin from accessing a cross-origin frame.', 'SecurityError');
          },
        },
      },
    };
    expect(closedFlagIsTrustworthy(crossSite as unknown as Window)).toBe(false);
  });
});
