#!/usr/bin/env node
// node scripts/generate.mjs NAME — writes the files generator NAME gives (scripts/generated-files.ts: openapi,
// samples). The module is TypeScript importing the app's source, so Vite's module runner loads it.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const name = process.argv[2];

const { module } = await runnerImport(join(ROOT, 'scripts/generated-files.ts'), { configFile: false, root: ROOT, logLevel: 'warn' });
const generate = Object.hasOwn(module.GENERATORS, name ?? '') ? module.GENERATORS[name] : undefined;
if (!generate) {
  console.error(`usage: node scripts/generate.mjs ${Object.keys(module.GENERATORS).join('|')}`);
  process.exit(2);
}
const { directory, files } = generate();
if (directory) rmSync(join(ROOT, directory), { recursive: true, force: true });
for (const file of files) {
  mkdirSync(dirname(join(ROOT, file.path)), { recursive: true });
  writeFileSync(join(ROOT, file.path), file.content);
}
console.log(`${name}: wrote ${files.length} file${files.length === 1 ? '' : 's'}${directory ? ` into ${directory}/` : ''}`);
