import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { machineCatalogue } from '../../machines/index';
import { COVERAGE_DIR } from './pathRunner';

it('catalogue: every machine is listed once, under its own id, with a one-line description', () => {
  const ids = machineCatalogue.map((entry) => entry.id);
  expect(new Set(ids).size).toBe(ids.length);
  for (const entry of machineCatalogue) {
    expect(entry.id).toBe(entry.machine.id);
    expect(entry.description.trim()).not.toBe('');
    expect(entry.description).not.toContain('\n');
  }
  // scripts/machine-coverage.mjs compares this list with the coverage reports: a machine without one fails.
  mkdirSync(COVERAGE_DIR, { recursive: true });
  writeFileSync(join(COVERAGE_DIR, '_catalogue.json'), `${JSON.stringify(ids, null, 2)}\n`);
});
