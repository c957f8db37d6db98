import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import type { PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// The local gateway (npm start) serves the API here; the dev server forwards /api to it so the
// SPA calls the same relative /api paths it uses behind CloudFront.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = { '/api': { target: apiTarget } };

export default defineConfig({
  // Anchored to this folder so the config also works when run from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The React plugin is installed at the repository root next to vitest's newer vite, so its
  // declared Plugin type comes from that vite while this workspace builds with its own; the
  // object is the same at runtime, only the two versions' hook typings differ.
  plugins: [react() as unknown as PluginOption],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // Libraries change far less often than screens: separate chunks stay cached across deploys.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/[\\/]node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/.test(id)) return 'react';
          if (id.includes('@tanstack')) return 'query';
          return 'ui';
        },
      },
    },
    // antd and its rc-* building blocks form one large chunk that is shared by every screen and
    // cached; splitting it further only adds requests.
    chunkSizeWarningLimit: 900,
  },
  server: { proxy },
  preview: { proxy },
});
