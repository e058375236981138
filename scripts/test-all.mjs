#!/usr/bin/env node
// npm test — every quality gate, in order, with a summary of where the time went. A phase is one npm script, or a
// few run side by side (their output is printed whole as each ends, so nothing interleaves; one may stream). The first
// phase that fails stops the run, as `a && b && …` would; the summary still shows what ran and how long it took.
import { spawn } from 'node:child_process';

/** @type {{ name: string, scripts: string[], streamed?: string }[]} */
const PHASES = [
  // typecheck, lint and format:check (side by side: scripts/parallel.mjs) and the unused-code check: four
  // single-threaded processes, out of the browser tests' phase (the longest). Beside the unit tests too, they saved
  // 3 s of 139 in a clean-clone CI run on the 2-core machine (2026-11-29), and a type error waited for them.
  { name: 'static', scripts: ['check:static', 'check:unused'] },
  { name: 'test:unit', scripts: ['test:unit'] },
  // The catalogue check (one process) runs beside the machine tests, whose last files leave a core idle; neither
  // reads what the other writes (the extraction rewrites locales/, which the machine tests never import).
  { name: 'machines+i18n', scripts: ['coverage:machines', 'i18n:check'] },
  { name: 'build', scripts: ['build'] },
  { name: 'check:size', scripts: ['check:size'] },
  { name: 'lighthouse', scripts: ['lighthouse'] },
  { name: 'first-tap', scripts: ['first-tap'] },
  // The browser tests, with the engine smoke set and the live suite beside them. The demo
  // suite keeps both cores busy most of the time, but not all of it (its tests also wait on the demo's pacing and on
  // what they assert). The others mostly wait (the live suite on its API's answers, the engines on the demo's
  // pacing): beside the demo suite they fill its idle time, where after it they took two minutes of their own.
  // Measured in a clean-clone CI run on the 2-core machine (2026-11-27, knip then beside them too): 419 s, the demo
  // suite the longest (alone it takes about 356 s; the engines, the live suite and knip took 77, 165 and 13 s). They share nothing: their own
  // builds (dist/ and dist-live/), servers, ports and result folders (test-results/demo, engines and live). The
  // timing gates (lighthouse, first-tap) run before, alone. The demo suite's output is printed as it goes; the
  // others' whole as each ends.
  { name: 'browser tests', scripts: ['test:e2e', 'test:engines', 'test:live'], streamed: 'test:e2e' },
];

function seconds(since) {
  return (Number(process.hrtime.bigint() - since) / 1e9).toFixed(1);
}

/** Runs one npm script; `buffered` keeps its output until it ends (for scripts run side by side). */
function runScript(script, buffered) {
  return new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn('npm', ['run', script], { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    if (buffered) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code, signal) => {
      const ok = code === 0;
      if (buffered) process.stdout.write(`--> ${script}: ${ok ? 'ok' : 'FAILED'} in ${seconds(started)} s\n${output}`);
      resolve({ script, ok, status: signal ?? `exit ${code}`, took: seconds(started) });
    });
  });
}

const rows = [];
function summary() {
  console.log(`\n${'phase'.padEnd(20)} ${'time'.padStart(8)}`);
  for (const row of rows) console.log(row);
}

const startedAll = process.hrtime.bigint();
for (const phase of PHASES) {
  console.log(`\n==> ${phase.name}`);
  const started = process.hrtime.bigint();
  const results = await Promise.all(phase.scripts.map((script) => runScript(script, phase.scripts.length > 1 && script !== phase.streamed)));
  const failed = results.filter((result) => !result.ok);
  const took = seconds(started);
  const parts = phase.scripts.length > 1 ? `  (${results.map((result) => `${result.script} ${result.took} s`).join(', ')})` : '';
  rows.push(`${phase.name.padEnd(20)} ${took.padStart(8)} s  ${failed.length ? 'FAILED' : 'ok'}${parts}`);
  console.log(`<== ${phase.name}: ${took} s${failed.length ? ` (FAILED: ${failed.map((r) => `${r.script}, ${r.status}`).join('; ')})` : ''}`);
  if (failed.length) {
    summary();
    process.exit(1);
  }
}
rows.push(`${'total'.padEnd(20)} ${seconds(startedAll).padStart(8)} s`);
summary();
