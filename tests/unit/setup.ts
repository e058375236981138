import { configure } from '@testing-library/react';
import { OUTCOME_TIMEOUT_MS } from './waits';

// findBy* and waitFor wait for what the user would see (tests/unit/waits.ts says why this long).
configure({ asyncUtilTimeout: OUTCOME_TIMEOUT_MS });
