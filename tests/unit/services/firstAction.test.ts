import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: it remembers the first action for the page's life. */
async function freshFirstAction() {
  vi.resetModules();
  return (await import('../../../src/services/firstAction')).afterFirstAction;
}

/** Whether the promise has settled once pending callbacks have run. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe('afterFirstAction', () => {
  afterEach(() => {
    delete document.documentElement.dataset.start;
  });

  it('waits for a press, a key or focus', async () => {
    const afterFirstAction = await freshFirstAction();
    const acted = afterFirstAction();
    expect(await settled(acted)).toBe(false);
    window.dispatchEvent(new Event('keydown'));
    expect(await settled(acted)).toBe(true);
  });

  it('has happened already when the app itself came at the first action (a scroll, say)', async () => {
    document.documentElement.dataset.start = 'wanted';
    const afterFirstAction = await freshFirstAction();
    expect(await settled(afterFirstAction())).toBe(true);
  });
});
