/**
 * A lazy part whose code fails to arrive: the boundary shows its fallback (the rest stays), and a retry
 * imports again instead of repeating the old failure, as React.lazy alone would.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadBoundary } from '../../../src/ui/LoadBoundary';
import { retryableLazy } from '../../../src/ui/retryableLazy';

afterEach(cleanup);

function Part({ name }: { name: string }) {
  return <p>Loaded {name}</p>;
}

/** An import that fails while `offline.value` is true. */
function flakyImport(offline: { value: boolean }) {
  return vi.fn(async () => {
    if (offline.value) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: Part };
  });
}

function Page({ Lazy, onError }: { Lazy: ReturnType<typeof retryableLazy<{ name: string }>>; onError?: (error: Error) => void }) {
  return (
    <main>
      <h1>Still here</h1>
      <LoadBoundary
        onError={onError}
        fallback={(error, retry) => (
          <p role="alert">
            Could not load: {error.message}{' '}
            <button type="button" onClick={retry}>
              Try again
            </button>
          </p>
        )}
      >
        <Suspense fallback={<p>Loading…</p>}>
          <Lazy name="chart" />
        </Suspense>
      </LoadBoundary>
    </main>
  );
}

describe('LoadBoundary with retryableLazy', () => {
  it('shows the fallback in place of the failed part only, and imports once per attempt', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = { value: true };
    const load = flakyImport(offline);
    const onError = vi.fn();
    render(<Page Lazy={retryableLazy(load)} onError={onError} />);

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load: Failed to fetch dynamically imported module');
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);

    // Still offline: the retry imports again (not the remembered failure) and fails again.
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledTimes(2);

    offline.value = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loaded chart')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps a loaded part: showing it again imports nothing', async () => {
    const load = flakyImport({ value: false });
    const Lazy = retryableLazy(load);
    const { unmount } = render(<Page Lazy={Lazy} />);
    expect(await screen.findByText('Loaded chart')).toBeInTheDocument();
    unmount();
    await act(async () => {
      render(<Page Lazy={Lazy} />);
    });
    expect(screen.getByText('Loaded chart')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
