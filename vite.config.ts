import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { NGINX_SITE_FILE, nginxSiteConfig } from './nginx-config.ts';
import { legalPagesPlugin } from './legal-pages.ts';
import { prerenderPlugin } from './prerender-plugin.ts';
import { HASHED_ASSETS_PREFIX, headersFile, headersForPath, imageHostsProblem, parseHeadersFile, type HostSettings } from './security-headers.ts';
import { seoFilesPlugin } from './seo-files.ts';
import { startCodeSplitting } from './start-chunks.ts';
import { themeBootPlugin } from './theme-boot-plugin.ts';
import { parseCheckoutHosts } from './src/domain/checkoutHosts.ts';
import { MICROSOFT_REDIRECT_PATH } from './src/services/microsoft/redirectBridge.ts';

/** The Mock Service Worker script in public/: demo mode's API runs in it. */
const MOCK_WORKER_FILE = 'mockServiceWorker.js';
const HEADERS_FILE = '_headers';

/** Live mode iff the API base URL is set (the same rule as src/config.ts). */
function isLive(env: HostSettings): boolean {
  return Boolean(env.VITE_API_BASE_URL?.trim());
}

/** Writes `_headers` into the build, so a static host that reads it sends the same headers as the preview server. */
function headersFilePlugin(env: HostSettings): Plugin {
  return {
    name: 'security-headers-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: HEADERS_FILE, source: headersFile(env) });
    },
  };
}

/** Writes the nginx config into the build, from the pages just prerendered: the routes are the app's own. */
function writeNginxSite(env: HostSettings) {
  return (outDir: string, pages: Parameters<typeof nginxSiteConfig>[1]) => {
    const file = path.join(outDir, NGINX_SITE_FILE);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, nginxSiteConfig(env, pages));
  };
}

/**
 * A live build talks to the real API, so it ships no Mock Service Worker: Vite copies every file of public/ into
 * the build, and this takes the worker out again once the bundle is written. (The bundle itself holds no MSW code:
 * src/main.tsx imports demo mode only when VITE_API_BASE_URL is unset.) scripts/check-live-build.mjs checks both.
 */
function liveBuildWithoutMockWorker(env: HostSettings): Plugin {
  let outDir = '';
  return {
    name: 'live-build-without-mock-worker',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr && isLive(env),
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      rmSync(path.join(outDir, MOCK_WORKER_FILE), { force: true });
    },
  };
}

/**
 * `vite preview` sends the headers the build was made with: it reads the build's `_headers` (read again on every
 * request, so a rebuild under a running preview is served with its own) instead of computing them from the
 * shell's variables, which may not be those of the build. The file itself is not served, as on a static host.
 */
function previewHeadersFromBuild(): Plugin {
  return {
    name: 'preview-headers-from-build',
    configurePreviewServer(server) {
      const { config } = server;
      const file = path.resolve(config.root, config.environments.client?.build.outDir ?? config.build.outDir, HEADERS_FILE);
      let warned = false;
      server.middlewares.use((request, response, next) => {
        const pathname = new URL(request.url ?? '/', 'http://preview.invalid').pathname;
        if (pathname === `/${HEADERS_FILE}`) {
          response.statusCode = 404;
          response.end();
          return;
        }
        let text = '';
        try {
          text = readFileSync(file, 'utf8');
        } catch {
          if (!warned) config.logger.warn(`${file} is missing: the preview sends no security headers. Build again.`);
          warned = true;
        }
        for (const [name, value] of Object.entries(headersForPath(parseHeadersFile(text), pathname))) response.setHeader(name, value);
        next();
      });
    },
  };
}

export default defineConfig(({ mode, command, isSsrBuild }) => {
  const variables = loadEnv(mode, process.cwd(), 'VITE_');
  const env: HostSettings = variables;
  // The operator's checkout hosts: a value the app could not read fails the build here, with what to write instead.
  parseCheckoutHosts(variables.VITE_CHECKOUT_HOSTS);
  // A live build's images come only from the hosts it names: a build that names none would show none.
  const imageHosts = command === 'build' ? imageHostsProblem(env) : null;
  if (imageHosts !== null) throw new Error(imageHosts);
  return {
    plugins: [
      react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
      lingui(),
      themeBootPlugin(),
      legalPagesPlugin(),
      headersFilePlugin(env),
      seoFilesPlugin(env),
      liveBuildWithoutMockWorker(env),
      previewHeadersFromBuild(),
      prerenderPlugin({ afterPrerender: writeNginxSite(env) }),
    ],
    // The dev server has no CSP: its hot reload injects inline scripts. The preview serves the build as production would.
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true },
    build: {
      target: 'es2022',
      // Named here from the headers' rules, which keep this folder's files (hashed names) for a year.
      assetsDir: HASHED_ASSETS_PREFIX.slice(1, -1),
      sourcemap: false,
      rolldownOptions: isSsrBuild
        ? {}
        : {
            // The app, and the page the Microsoft sign-in popup returns to (a bridge with no app code).
            input: { index: path.resolve('index.html'), microsoftRedirect: path.resolve(MICROSOFT_REDIRECT_PATH.slice(1)) },
            output: { codeSplitting: startCodeSplitting(process.cwd()) },
          },
    },
  };
});
