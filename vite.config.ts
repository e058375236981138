import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { headersFile, securityHeaders, type HostSettings } from './security-headers.ts';

/** Writes `_headers` into the build, so a static host that reads it sends the same headers as the preview server. */
function headersFilePlugin(env: HostSettings): Plugin {
  return {
    name: 'security-headers-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(env) });
    },
  };
}

export default defineConfig(({ mode }) => {
  const env: HostSettings = loadEnv(mode, process.cwd(), 'VITE_');
  return {
    plugins: [react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }), lingui(), headersFilePlugin(env)],
    // The dev server has no CSP: its hot reload injects inline scripts. The preview serves the build as production would.
    server: { port: 5173, strictPort: true },
    preview: { port: 4173, strictPort: true, headers: securityHeaders(env) },
    build: { target: 'es2022', sourcemap: false },
  };
});
