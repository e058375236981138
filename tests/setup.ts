import '@testing-library/jest-dom/vitest';

import { vi } from 'vitest';
import type * as ToastModule from '../src/ui/toast';

// The app loads react-hot-toast with the first toast (src/ui/toast.ts). Tests check what reaches react-hot-toast
// (a spy, or a mock of it) right after the call that toasts, so here the library is in before the test runs, as
// it is in the app from the first toast on. tests/unit/ui/toastArea.test.tsx tests the loading itself.
vi.mock('../src/ui/toast', async (importOriginal) => {
  const actual = await importOriginal<typeof ToastModule>();
  await actual.loadToasts();
  return actual;
});
