import { configure } from '@testing-library/react';
import { beforeAll } from 'vitest';
import { setNotifier } from '../../src/services/notifier';
import { OUTCOME_TIMEOUT_MS } from './waits';

// findBy* and waitFor wait for what the user would see (tests/unit/waits.ts says why this long).
configure({ asyncUtilTimeout: OUTCOME_TIMEOUT_MS });

// As boot does (src/main.tsx): the API client and the actors tell the user things through the app's toasts. Set once
// the test file is loaded, so the toasts are the ones its own mocks (of react-hot-toast, say) make.
beforeAll(async () => {
  const { toast } = await import('../../src/ui/toast');
  setNotifier(toast);
});
