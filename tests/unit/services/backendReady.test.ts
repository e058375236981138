import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACKEND_START_LIMIT_MS, backendReady, setBackendReady } from '../../../src/services/backendReady';

describe('backendReady', () => {
  afterEach(() => {
    vi.useRealTimers();
    setBackendReady(Promise.resolve());
  });

  it('waits for the demo API to start', async () => {
    let start = () => undefined as void;
    setBackendReady(new Promise<void>((resolve) => (start = resolve)));
    let passed = false;
    void backendReady().then(() => (passed = true));
    await Promise.resolve();
    expect(passed).toBe(false);
    start();
    await backendReady();
    expect(passed).toBe(true);
  });

  it('lets requests through, with a logged error, when the start fails or never ends', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setBackendReady(Promise.reject(new Error('no service worker')));
    await backendReady();
    expect(log).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    setBackendReady(new Promise<void>(() => undefined));
    const waiting = backendReady();
    await vi.advanceTimersByTimeAsync(BACKEND_START_LIMIT_MS);
    await waiting;
    expect(log).toHaveBeenCalledTimes(2);
    expect(String(log.mock.calls[1]?.[1])).toContain('did not start');
  });
});
