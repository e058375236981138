/**
 * Builds public/theme-boot.js's replacement, the script that runs before first paint, from its parts in
 * src/prerender/themeBoot/: one small classic script (an IIFE, no imports, no request of its own), served at
 * /theme-boot.js by the dev server and written into the build. The names it shares with the app (storage keys,
 * the locales, the boot events and attributes, the SDK scripts) are bundled from the app's modules, not typed twice.
 */
import path from 'node:path';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

/** The script's address, as index.html loads it. */
const THEME_BOOT_FILE = 'theme-boot.js';
const ENTRY = 'src/prerender/themeBoot/index.ts';

/** The script as the page loads it, built from the sources under `root`. */
export async function buildThemeBootScript(root: string = process.cwd()): Promise<string> {
  const bundle = await rolldown({ input: path.resolve(root, ENTRY), platform: 'browser', logLevel: 'warn' });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    const [chunk, ...others] = output;
    // Anything but one chunk would be a request the page makes before first paint.
    if (!chunk || others.length > 0) throw new Error(`${ENTRY} must build into one script, not ${output.length} files.`);
    return chunk.code;
  } finally {
    await bundle.close();
  }
}

export function themeBootPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'theme-boot',
    // The server build that prerenders the pages has no page to load it.
    apply: (config, { command }) => command === 'serve' || !config.build?.ssr,
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (new URL(request.url ?? '/', 'http://dev.invalid').pathname !== `/${THEME_BOOT_FILE}`) return next();
        buildThemeBootScript(root).then((script) => {
          response.setHeader('Content-Type', 'text/javascript; charset=utf-8');
          response.setHeader('Cache-Control', 'no-cache');
          response.end(script);
        }, next);
      });
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: THEME_BOOT_FILE, source: await buildThemeBootScript(root) });
    },
  };
}
