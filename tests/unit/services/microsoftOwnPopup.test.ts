import { describe, expect, it, vi } from 'vitest';
import { classifyMicrosoftError } from '../../../src/services/microsoft/errors';
import { createOwnPopupGuard, OwnPopupOpenError } from '../../../src/services/microsoft/ownPopup';

/** A popup sign-in the test settles by hand. */
function pendingPopup() {
  let settle: { resolve: (value: string) => void; reject: (error: Error) => void } = { resolve: () => {}, reject: () => {} };
  const promise = new Promise<string>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, settle };
}

describe('createOwnPopupGuard', () => {
  it("runs a sign-in when none of this page's is open, and hands back its answer", async () => {
    const guard = createOwnPopupGuard();
    await expect(guard.run(() => Promise.resolve('token'))).resolves.toBe('token');
  });

  it('refuses a second sign-in while the first is open, without starting it, then lets the next one through', async () => {
    const guard = createOwnPopupGuard();
    const popup = pendingPopup();
    const first = guard.run(() => popup.promise);
    const second = vi.fn(() => Promise.resolve('second'));

    await expect(guard.run(second)).rejects.toBeInstanceOf(OwnPopupOpenError);
    expect(second).not.toHaveBeenCalled();

    popup.settle.resolve('first');
    await expect(first).resolves.toBe('first');
    await expect(guard.run(second)).resolves.toBe('second');
  });

  it('is free again once a sign-in fails, and passes its error on untouched', async () => {
    const guard = createOwnPopupGuard();
    const popup = pendingPopup();
    const failure = new Error('user_cancelled');
    const first = guard.run(() => popup.promise);
    popup.settle.reject(failure);
    await expect(first).rejects.toBe(failure);
    await expect(guard.run(() => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('is free again when starting the sign-in throws at once', async () => {
    const guard = createOwnPopupGuard();
    const failure = new Error('popup_window_error');
    await expect(
      guard.run(() => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    await expect(guard.run(() => Promise.resolve('again'))).resolves.toBe('again');
  });

  it('refuses with the code the button words as "a sign-in is already in progress"', () => {
    expect(classifyMicrosoftError(new OwnPopupOpenError())).toEqual({ kind: 'interactionInProgress' });
  });
});
