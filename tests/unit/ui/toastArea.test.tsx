import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import ToastStack, { MAX_VISIBLE_TOASTS } from '../../../src/ui/ToastStack';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  act(() => toast.remove());
  cleanup();
});

describe('the toast area', () => {
  it(`shows at most ${MAX_VISIBLE_TOASTS} toasts, the newest, so a run of failures cannot cover a dialog's buttons`, async () => {
    render(<ToastStack />);
    act(() => {
      for (let index = 1; index <= 6; index += 1) toast.error(`Failure ${index}`);
    });
    // The older ones are dismissed (they leave with their exit animation).
    await screen.findByText('Failure 6');
    await waitFor(() => {
      for (const index of [1, 2, 3]) expect(screen.queryByText(`Failure ${index}`)).not.toBeInTheDocument();
    });
    for (const index of [4, 5, 6]) expect(screen.getByText(`Failure ${index}`)).toBeInTheDocument();
  });

  it('moves into an open modal dialog, and keeps a toast shown again under its id right after its dismissal', async () => {
    // The demo mailbox's case: the sign-up closes its code's toast and its dialog; a reset code for the same address,
    // asked for in a dialog opened again within the second, comes under the same id and has to stay.
    render(<ToastStack />);
    const dialog = document.createElement('dialog');
    document.body.append(dialog);
    act(() => dialog.showModal());
    act(() => void toast('Code 111111', { id: 'code' }));
    expect(dialog).toContainElement(await screen.findByText('Code 111111'));
    await act(async () => {
      toast.dismiss('code');
      dialog.close();
      await pause(100);
      dialog.showModal();
      await pause(100);
      toast('Code 222222', { id: 'code' });
    });
    expect(dialog).toContainElement(await screen.findByText('Code 222222'));
    // Past the library's one-second removal of the dismissed toast.
    await act(() => pause(1_500));
    expect(dialog).toContainElement(screen.getByText('Code 222222'));
    act(() => dialog.close());
    await waitFor(() => expect(dialog).not.toContainElement(screen.getByText('Code 222222')));
    dialog.remove();
  });

  it('loads the library with the first toast, and shows what was asked for before it came, within the limit', async () => {
    // A fresh module graph: the app as a first visit starts it, with no toast library loaded (tests/setup.ts loads it).
    vi.doUnmock('../../../src/ui/toast');
    vi.resetModules();
    const facade = await import('../../../src/ui/toast');
    const { ToastArea: FreshToastArea } = await import('../../../src/ui/ToastArea');
    const { container } = render(<FreshToastArea />);
    expect(facade.toastsLoaded()).toBe(false);
    expect(container).toBeEmptyDOMElement();
    for (let index = 1; index <= 5; index += 1) facade.toast.error(`Early ${index}`);
    await screen.findByText('Early 5');
    expect(facade.toastsLoaded()).toBe(true);
    // Shown once the stack was there, so its limit holds for them too.
    await waitFor(() => {
      for (const index of [1, 2]) expect(screen.queryByText(`Early ${index}`)).not.toBeInTheDocument();
    });
    for (const index of [3, 4, 5]) expect(screen.getByText(`Early ${index}`)).toBeInTheDocument();
    const fresh = (await import('react-hot-toast')).default;
    act(() => fresh.remove());
  });
});
