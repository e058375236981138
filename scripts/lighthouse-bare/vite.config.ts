// The bare page that scripts/lighthouse.mjs builds and serves beside the app: Vite with @vitejs/plugin-react and the
// repository's own react and react-dom, nothing else (no Lingui, no security headers, no app config).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  logLevel: 'warn',
});
