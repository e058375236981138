#!/usr/bin/env node
// Serves a build with Debian's nginx and the config the build wrote (nginx-config.ts), as a deployment does:
//
//   npm run serve:nginx -- PORT [DIR]            DIR defaults to dist; listens on 127.0.0.1:PORT, in the foreground
//   node scripts/serve-nginx.mjs --server-block LISTEN ROOT
//                                                prints the server block alone (the Dockerfile's conf.d file)
//
// nginx runs as the current user with its pid, logs and temporary files in a folder of its own under the system's
// temp folder, so /etc/nginx is never touched. Ctrl+C (SIGINT) or SIGTERM stops it and removes that folder.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const NGINX = process.env.NGINX_BIN || '/usr/sbin/nginx';
/** The fragment the build writes, relative to the build directory (NGINX_SITE_FILE in nginx-config.ts). */
const SITE_FILE = '.nginx/site.conf';
const MIME_TYPES = '/etc/nginx/mime.types';

/** The server block around the build's fragment: the only part a container and a local run write differently. */
export function serverBlock(listen, root) {
  const dir = resolve(root);
  return ['server {', `    listen ${listen};`, `    root ${dir};`, `    include ${join(dir, SITE_FILE)};`, '}', ''].join('\n');
}

/** A whole nginx.conf for one foreground server whose every writable path is under `tmp`. */
function mainConfig(port, root, tmp) {
  return [
    'daemon off;',
    'worker_processes 1;',
    `pid ${join(tmp, 'nginx.pid')};`,
    'error_log stderr warn;',
    'events { worker_connections 256; }',
    'http {',
    `    include ${MIME_TYPES};`,
    '    default_type application/octet-stream;',
    '    access_log off;',
    '    sendfile on;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `    ${kind}_temp_path ${join(tmp, kind)};`),
    ...serverBlock(`127.0.0.1:${port}`, root)
      .trimEnd()
      .split('\n')
      .map((line) => `    ${line}`),
    '}',
    '',
  ].join('\n');
}

function fail(message) {
  console.error(`serve-nginx: ${message}`);
  process.exit(1);
}

function serve(portText, dirText = 'dist') {
  const port = Number(portText);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail('usage: npm run serve:nginx -- PORT [DIR]');
  const root = resolve(dirText);
  if (!existsSync(join(root, SITE_FILE))) fail(`${join(root, SITE_FILE)} is missing: build first (npm run build).`);
  if (!existsSync(NGINX)) fail(`${NGINX} is missing: apt-get install nginx.`);

  const tmp = mkdtempSync(join(tmpdir(), 'serve-nginx-'));
  const config = join(tmp, 'nginx.conf');
  writeFileSync(config, mainConfig(port, root, tmp));
  // -e: the log nginx opens before it reads the config (the default one under /var/log is not ours to write).
  const nginx = spawn(NGINX, ['-p', tmp, '-e', 'stderr', '-c', config], { stdio: 'inherit' });
  console.log(`serve-nginx: ${root} on http://127.0.0.1:${port}`);

  const cleanUp = () => rmSync(tmp, { recursive: true, force: true });
  // SIGQUIT is nginx's graceful stop: requests under way finish, then it exits.
  const stop = () => nginx.kill('SIGQUIT');
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  nginx.on('error', (error) => {
    cleanUp();
    fail(error.message);
  });
  nginx.on('exit', (code, signal) => {
    cleanUp();
    process.exit(code ?? (signal === 'SIGQUIT' ? 0 : 1));
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [first, ...rest] = process.argv.slice(2);
  if (first === '--server-block') {
    const [listen, root] = rest;
    if (!listen || !root) fail('usage: node scripts/serve-nginx.mjs --server-block LISTEN ROOT');
    process.stdout.write(serverBlock(listen, root));
  } else {
    serve(first, rest[0]);
  }
}
