import { Suspense, lazy } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HiddenIfUnavailable } from '../../../src/app/HiddenIfUnavailable';
import { untilOutcome } from '../waits';

afterEach(cleanup);

describe('the early-renewal offer mounted by the app shell', () => {
  it('shows nothing, and leaves the page alone, when its code cannot be fetched (offline)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Offline = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    render(
      <main>
        <h1>Overview</h1>
        <HiddenIfUnavailable>
          <Suspense fallback={<p>loading the offer</p>}>
            <Offline />
          </Suspense>
        </HiddenIfUnavailable>
      </main>,
    );
    await vi.waitFor(() => expect(screen.queryByText('loading the offer')).not.toBeInTheDocument(), untilOutcome);
    expect(screen.getByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByRole('main').children).toHaveLength(1);
  });

  it('shows the offer when its code arrives', async () => {
    const Offer = lazy(() => Promise.resolve({ default: () => <dialog open>Renew early</dialog> }));
    render(
      <HiddenIfUnavailable>
        <Suspense fallback={null}>
          <Offer />
        </Suspense>
      </HiddenIfUnavailable>,
    );
    expect(await screen.findByText('Renew early')).toBeInTheDocument();
  });
});
