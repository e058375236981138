/**
 * The balance: the task API's own call with the user's key, user-info's figure only when that call cannot be
 * read, and never a toast for a read the user did not ask for.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import toast from 'react-hot-toast';
import { endpoints } from '../../../src/api/contract';
import { withBalance } from '../../../src/actors/user';
import { startTaskServer, TASK_HOST } from './taskServer';

const server = startTaskServer();
const CREDIT_URL = `${TASK_HOST}${endpoints.credit.path}`;

beforeEach(() => {
  vi.restoreAllMocks();
});

describe('withBalance', () => {
  it('takes the task API’s balance, read with the user’s key, over whatever user-info said', async () => {
    let auth: string | null = null;
    server.use(
      http.get(CREDIT_URL, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({ code: 200, msg: 'success', data: 42 });
      }),
    );
    await expect(withBalance({ apiKey: 'nb_key', credits: null })).resolves.toEqual({ apiKey: 'nb_key', credits: 42 });
    await expect(withBalance({ apiKey: 'nb_key', credits: 7 })).resolves.toEqual({ apiKey: 'nb_key', credits: 42 });
    expect(auth).toBe('Bearer nb_key');
  });

  it('keeps user-info’s figure (or none) when the balance cannot be read, and toasts nothing', async () => {
    const toastError = vi.spyOn(toast, 'error');
    server.use(http.get(CREDIT_URL, () => HttpResponse.json({ code: 401, msg: 'invalid key', data: null })));
    await expect(withBalance({ apiKey: 'nb_key', credits: 7 })).resolves.toEqual({ apiKey: 'nb_key', credits: 7 });
    server.use(http.get(CREDIT_URL, () => HttpResponse.error()));
    await expect(withBalance({ apiKey: 'nb_key', credits: null })).resolves.toEqual({ apiKey: 'nb_key', credits: null });
    server.use(http.get(CREDIT_URL, () => HttpResponse.json({ code: 200, msg: 'success', data: 'lots' })));
    await expect(withBalance({ apiKey: 'nb_key', credits: null })).resolves.toEqual({ apiKey: 'nb_key', credits: null });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('asks nothing without a key, and does not wait long for a slow balance', async () => {
    await expect(withBalance({ apiKey: '', credits: null })).resolves.toEqual({ apiKey: '', credits: null });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      server.use(
        http.get(CREDIT_URL, async () => {
          await delay('infinite');
          return HttpResponse.json({ code: 200, msg: 'success', data: 1 });
        }),
      );
      const pending = withBalance({ apiKey: 'nb_key', credits: 3 });
      await vi.advanceTimersByTimeAsync(5_000);
      await expect(pending).resolves.toEqual({ apiKey: 'nb_key', credits: 3 });
    } finally {
      vi.useRealTimers();
    }
  });
});
