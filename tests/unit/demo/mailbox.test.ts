import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => vi.fn());
vi.mock('react-hot-toast', () => ({ default: toast }));

const { deliverCode, lastCodeFor, MAILBOX_TOAST_MS } = await import('../../../src/demo/mailbox');

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('the demo mailbox', () => {
  it('shows the code in a long toast, one per address, and remembers the last code', () => {
    deliverCode('Someone@Example.com', '482913', 'register');
    deliverCode('someone@example.com', '105722', 'register');

    expect(toast).toHaveBeenNthCalledWith(1, 'Demo mailbox: your code is 482913', {
      id: 'email-code:someone@example.com',
      duration: MAILBOX_TOAST_MS,
    });
    expect(toast).toHaveBeenNthCalledWith(2, 'Demo mailbox: your code is 105722', { id: 'email-code:someone@example.com', duration: 30_000 });
    expect(lastCodeFor('SOMEONE@example.com')).toBe('105722');
    expect(lastCodeFor('someone@example.com', 'resetPassword')).toBeUndefined();
    expect(lastCodeFor('nobody@example.com')).toBeUndefined();
  });
});
