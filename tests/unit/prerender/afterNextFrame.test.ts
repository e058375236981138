import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextFrame } from '../../../src/prerender/boot';

/** Whether the promise has settled by now (after the microtasks queued so far). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('afterNextFrame: the pause between the start’s steps', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the next frame, then a task: not a task alone', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const paused = afterNextFrame();
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(paused), 'a task passed, no frame yet').toBe(false);
    frames.shift()?.(performance.now());
    expect(await settled(paused), 'the frame, but not yet the task after it').toBe(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(await settled(paused)).toBe(true);
  });

  it('goes on after 100 ms where no frame comes (a hidden tab)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const paused = afterNextFrame();
    await vi.advanceTimersByTimeAsync(99);
    expect(await settled(paused)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(paused)).toBe(true);
  });
});
