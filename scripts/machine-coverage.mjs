#!/usr/bin/env node
// npm run coverage:machines — runs the model-based machine tests, then merges their coverage reports into
// reports/machine-coverage.json and fails unless every catalogued machine is covered 100 %.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT_DIR = join(ROOT, 'reports', 'machine-coverage');
const MERGED = join(ROOT, 'reports', 'machine-coverage.json');
const CATALOGUE = join(REPORT_DIR, '_catalogue.json');

// Stale reports from a removed machine or an earlier run must not count.
rmSync(REPORT_DIR, { recursive: true, force: true });

// Both cores: Vitest's default is one worker fewer than the cores, i.e. one worker on a two-core CI machine, while the
// model-based tests are plain computation in Node (no DOM, no timed waits) that a second worker halves.
const run = spawnSync('npx', ['vitest', 'run', '--maxWorkers=100%', 'tests/machines'], {
  cwd: ROOT,
  stdio: 'inherit',
  shell: process.platform === 'win32',
});
if (run.status !== 0) {
  console.error(`\nmachine-coverage: the machine tests failed (exit ${run.status ?? run.signal}).`);
  process.exit(run.status || 1);
}

if (!existsSync(CATALOGUE)) {
  console.error('machine-coverage: tests/machines/catalogue.test.ts wrote no catalogue; cannot tell which machines need a report.');
  process.exit(1);
}
const catalogue = JSON.parse(readFileSync(CATALOGUE, 'utf8'));

const reports = readdirSync(REPORT_DIR)
  .filter((name) => name.endsWith('.json') && !name.startsWith('_'))
  .map((name) => JSON.parse(readFileSync(join(REPORT_DIR, name), 'utf8')))
  .sort((a, b) => a.id.localeCompare(b.id));

const merged = reports.map(({ id, states, statesCovered, transitions, transitionsCovered }) => ({
  id,
  states,
  statesCovered,
  transitions,
  transitionsCovered,
}));
writeFileSync(MERGED, `${JSON.stringify(merged, null, 2)}\n`);

const percent = (covered, total) => (total === 0 ? 100 : (100 * covered) / total);
const format = (covered, total) => `${covered}/${total} (${percent(covered, total).toFixed(1)} %)`;
console.log('\nMachine coverage');
console.table(
  Object.fromEntries(
    merged.map((r) => [r.id, { states: format(r.statesCovered, r.states), transitions: format(r.transitionsCovered, r.transitions) }]),
  ),
);

const problems = [];
for (const report of reports) {
  if (report.statesCovered < report.states || report.transitionsCovered < report.transitions) {
    problems.push(`${report.id}: under 100 %`);
    for (const state of report.uncoveredStates ?? []) problems.push(`  state never entered: ${state}`);
    for (const transition of report.uncoveredTransitions ?? []) problems.push(`  transition never taken: ${transition}`);
  }
}
const reported = new Set(reports.map((report) => report.id));
for (const id of catalogue)
  if (!reported.has(id)) problems.push(`${id}: in machines/index.ts but no coverage report (add tests/machines/${id}.test.ts)`);

if (problems.length) {
  console.error(`\nmachine-coverage: FAILED\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`machine-coverage: ${merged.length} machines, every state and transition covered. Wrote ${MERGED}.`);
