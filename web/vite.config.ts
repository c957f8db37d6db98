import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { pureContractSchemas } from './build/pure-schemas';

// The local gateway (npm start) serves the API here; the dev server forwards /api to it so the
// SPA calls the same relative /api paths it uses behind CloudFront.
const apiTarget = 'http://127.0.0.1:3000';
// The verifier page also reads /config.json and the public documents (/public/*) from the gateway.
const proxy = {
  '/api': { target: apiTarget },
  '/public': { target: apiTarget },
  '/config.json': { target: apiTarget },
};

export default defineConfig({
  // Anchored to this folder so the config also works when run from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), pureContractSchemas(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route loads, read by the budget test and the bench.
    manifest: true,
    rollupOptions: {
      output: {
        // Libraries change far less often than screens: separate chunks stay cached across deploys.
        manualChunks(id) {
          const pkg = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
          if (pkg === undefined) return undefined;
          if (/^(react|react-dom|react-router|react-router-dom|scheduler)$/.test(pkg)) return 'react';
          if (pkg.startsWith('@tanstack')) return 'query';
          // antd is not grouped: each screen's chunk takes only the components it uses, so the
          // landing page and /login never load the designer's or the tables' share of it.
          return undefined;
        },
      },
    },
    // The budgets that matter are per route (scripts/spa-budgets.ts), not per chunk.
    chunkSizeWarningLimit: 1200,
  },
  server: { proxy },
  preview: { proxy },
});
