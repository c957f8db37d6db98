import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress';
import { pureContractSchemas } from './build/pure-schemas';
import { chunkSources } from './build/chunk-sources';

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
  plugins: [react(), pureContractSchemas(), chunkSources(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each route loads, read by the budget test and the bench
    // (with .vite/chunk-sources.json, build/chunk-sources.ts).
    manifest: true,
    rollupOptions: {
      output: {
        // Chunks under 20 kB merged into one loaded in the same cases: split only by which screens
        // share each module, the Setting tab's first open asked for fifty files, most of them an
        // icon or two of antd, and each costs the browser and the server more than its bytes (cold
        // opens, alternating with the build before: 1,276 against 1,472 ms at the median, and a
        // quarter less CPU). A page merged so loses its key in the manifest: chunk-sources.ts.
        experimentalMinChunkSize: 20_000,
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
