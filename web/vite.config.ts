import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

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
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change far less often than screens: separate chunks stay cached across deploys.
        manualChunks(id) {
          const pkg = /[\\/]node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(id)?.[1];
          if (pkg === undefined) return undefined;
          if (/^(react|react-dom|react-router|react-router-dom|scheduler)$/.test(pkg)) return 'react';
          if (pkg.startsWith('@tanstack')) return 'query';
          if (/^(antd|@ant-design[\\/].*|rc-.*|@rc-component[\\/].*)$/.test(pkg)) return 'antd';
          // Anything else (e.g. the auth library) stays with the screens that import it.
          return undefined;
        },
      },
    },
    // antd and its rc-* building blocks form one large chunk that is shared by every screen and
    // cached; splitting it further only adds requests.
    chunkSizeWarningLimit: 1200,
  },
  server: { proxy },
  preview: { proxy },
});
