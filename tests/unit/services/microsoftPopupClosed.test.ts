import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerOrClosed, POPUP_ANSWER_GRACE_MS, POPUP_CLOSED_POLL_MS } from '../../../src/services/microsoft/popupClosed';

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

/** A popup and where the visitor is, as the test sets them. */
function watched(closed = false, focused = true) {
  const state = { closed, focused };
  return {
    state,
    watch: {
      popup: {
        get closed() {
          return state.closed;
        },
      },
      visitorIsBack: () => state.focused,
    },
  };
}

describe('answerOrClosed', () => {
  it('hands over the answer while the popup is open', async () => {
    const outcome = outcomeOf(answerOrClosed(Promise.resolve('#code=1'), watched().watch, cancelled));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toBe('resolved #code=1');
  });

  it('passes the answer’s own error on', async () => {
    const outcome = outcomeOf(answerOrClosed(Promise.reject(new Error('access_denied')), watched().watch, cancelled));
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toBe('rejected access_denied');
  });

  it('waits while the popup is open, however long', async () => {
    const outcome = outcomeOf(answerOrClosed(new Promise<string>(() => {}), watched(false, false).watch, cancelled));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(outcome.current).toBe('pending');
  });

  it('is cancelled once the popup is closed, the visitor is back, and no answer followed within the grace', async () => {
    const { state, watch } = watched();
    const outcome = outcomeOf(answerOrClosed(new Promise<string>(() => {}), watch, cancelled));
    state.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS + POPUP_ANSWER_GRACE_MS - 1);
    expect(outcome.current).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.current).toBe('rejected user_cancelled');
  });

  it('takes an answer that arrives within the grace after the popup closed', async () => {
    let answer: (value: string) => void = () => {};
    const outcome = outcomeOf(answerOrClosed(new Promise<string>((resolve) => (answer = resolve)), watched(true).watch, cancelled));
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS + POPUP_ANSWER_GRACE_MS / 2);
    answer('#code=late');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toBe('resolved #code=late');
    // Nothing else happens later: the cancel never fires after the answer.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcome.current).toBe('resolved #code=late');
  });

  it('keeps waiting for a popup that reads closed while the visitor is still in it (cut off by COOP), and takes its answer', async () => {
    let answer: (value: string) => void = () => {};
    const { state, watch } = watched(true, false);
    const outcome = outcomeOf(answerOrClosed(new Promise<string>((resolve) => (answer = resolve)), watch, cancelled));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outcome.current).toBe('pending');
    answer('#code=from-the-bridge');
    await vi.advanceTimersByTimeAsync(0);
    expect(outcome.current).toBe('resolved #code=from-the-bridge');
    state.focused = true;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(outcome.current).toBe('resolved #code=from-the-bridge');
  });

  it('cancels a cut-off popup once the visitor closed it and is back on the page', async () => {
    const { state, watch } = watched(true, false);
    const outcome = outcomeOf(answerOrClosed(new Promise<string>(() => {}), watch, cancelled));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(outcome.current).toBe('pending');
    state.focused = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_POLL_MS + POPUP_ANSWER_GRACE_MS);
    expect(outcome.current).toBe('rejected user_cancelled');
  });
});
