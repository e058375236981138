import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import ToastStack, { MAX_VISIBLE_TOASTS } from '../../../src/ui/ToastStack';

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
