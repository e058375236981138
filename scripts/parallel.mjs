#!/usr/bin/env node
// node scripts/parallel.mjs SCRIPT... — runs npm scripts side by side (each is single-threaded, the machine has
// more than one core) and fails if any of them fails. Each script's output is printed whole when it ends, so
// nothing interleaves.
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs SCRIPT...');
  process.exit(2);
}

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(`==> ${script}: ${ok ? 'ok' : `FAILED (${signal ?? `exit ${code}`})`} in ${seconds} s\n${output}`);
      resolve(ok);
    });
  });
}

const results = await Promise.all(scripts.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
