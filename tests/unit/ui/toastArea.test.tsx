import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import toast from 'react-hot-toast';
import { MAX_VISIBLE_TOASTS, ToastArea } from '../../../src/ui/ToastArea';

afterEach(() => {
  act(() => toast.remove());
  cleanup();
});

describe('the toast area', () => {
  it(`shows at most ${MAX_VISIBLE_TOASTS} toasts, the newest, so a run of failures cannot cover a dialog's buttons`, async () => {
    render(<ToastArea />);
    act(() => {
      for (let index = 1; index <= 6; index += 1) toast.error(`Failure ${index}`);
    });
    // The older ones are dismissed (they leave with their exit animation).
    await screen.findByText('Failure 6');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 1200)));
    for (const index of [4, 5, 6]) expect(screen.getByText(`Failure ${index}`)).toBeInTheDocument();
    for (const index of [1, 2, 3]) expect(screen.queryByText(`Failure ${index}`)).not.toBeInTheDocument();
  });
});
