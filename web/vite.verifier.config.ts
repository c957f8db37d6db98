import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { pureContractSchemas } from './build/pure-schemas';

/**
 * The public verifier's own build (web/verifier/index.html → web/dist-verifier), from the same
 * verifier code as before (src/pages/Verifier) and shared/. Served under /verify: by the local
 * gateway on one machine, from its own bucket behind the app's CloudFront distribution in AWS.
 * Its JavaScript budget is 150 kB gzipped (scripts/spa-budgets.ts).
 */
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  root: fileURLToPath(new URL('./verifier', import.meta.url)),
  base: '/verify/',
  // The favicon is the SPA's: /favicon.svg on the same site.
  publicDir: false,
  plugins: [react(), pureContractSchemas(), precompress()],
  build: {
    outDir: fileURLToPath(new URL('./dist-verifier', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget },
      '/public': { target: apiTarget },
      '/config.json': { target: apiTarget },
    },
  },
});
