import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: it remembers the first action for the page's life. */
async function freshFirstAction() {
  vi.resetModules();
  return (await import('../../../src/services/firstAction')).afterFirstAction;
}

/** Whether the promise has settled once the timers, frames and idle callbacks due by then have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(100);
  return done;
}

describe('afterFirstAction', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
    document.documentElement.dataset.boot = 'ready';
  });
  afterEach(() => {
    vi.useRealTimers();
    delete document.documentElement.dataset.start;
    delete document.documentElement.dataset.boot;
  });

  it('waits for the end of a press, a key or focus, then for what it opened to paint', async () => {
    const afterFirstAction = await freshFirstAction();
    const acted = afterFirstAction();
    expect(await settled(acted)).toBe(false);
    // A press that has not ended has not clicked yet.
    window.dispatchEvent(new Event('pointerdown'));
    expect(await settled(acted)).toBe(false);
    window.dispatchEvent(new Event('keyup'));
    expect(await settled(acted)).toBe(true);
  });

  it("takes over the watch from the page's boot script as it starts watching itself", async () => {
    const handedOver = vi.fn();
    document.addEventListener('app:action-watch-taken', handedOver);
    const afterFirstAction = await freshFirstAction();
    const acted = afterFirstAction();
    expect(handedOver).toHaveBeenCalledTimes(1);
    // Its own watch sees the first action.
    window.dispatchEvent(new Event('pointerup'));
    expect(await settled(acted)).toBe(true);
    document.removeEventListener('app:action-watch-taken', handedOver);
  });

  it('leaves the watch alone when the visitor has acted already', async () => {
    const handedOver = vi.fn();
    document.addEventListener('app:action-watch-taken', handedOver);
    document.documentElement.dataset.start = 'wanted';
    const afterFirstAction = await freshFirstAction();
    await settled(afterFirstAction());
    expect(handedOver).not.toHaveBeenCalled();
    document.removeEventListener('app:action-watch-taken', handedOver);
  });

  it('has happened already when the visitor acted before the app came (a scroll, say)', async () => {
    document.documentElement.dataset.start = 'wanted';
    const afterFirstAction = await freshFirstAction();
    expect(await settled(afterFirstAction())).toBe(true);
  });

  it('waits for the first page to be on screen: a held click opens its dialog then', async () => {
    document.documentElement.dataset.start = 'wanted';
    document.documentElement.dataset.boot = 'hydrate';
    const afterFirstAction = await freshFirstAction();
    const acted = afterFirstAction();
    expect(await settled(acted)).toBe(false);
    document.documentElement.dataset.boot = 'ready';
    document.dispatchEvent(new Event('app:ready'));
    expect(await settled(acted)).toBe(true);
  });
});
