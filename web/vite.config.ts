import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, version as viteVersion } from 'vite';
import type { Plugin, PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// The local gateway (npm start) serves the API here; the dev server forwards /api to it so the
// SPA calls the same relative /api paths it uses behind CloudFront.
const apiTarget = 'http://127.0.0.1:3000';
const proxy = { '/api': { target: apiTarget } };

/**
 * The React plugin is installed at the repository root, next to the newer vite that vitest uses,
 * while this workspace runs its own vite 7. The plugin then takes the root vite for the one
 * running it: its declared Plugin type differs (hence the cast), and in dev it inserts the newer
 * vite's native refresh wrapper, which vite 7 cannot run (every module fails with "Missing field
 * `moduleType`"). When the two vites differ that wrapper is dropped: the dev server works, with
 * full reloads instead of Fast Refresh. Builds are unaffected (JSX comes from tsconfig's react-jsx).
 */
function reactPlugins(): PluginOption[] {
  const plugins = react() as unknown as Plugin[];
  const requireFromPlugin = createRequire(createRequire(import.meta.url).resolve('@vitejs/plugin-react'));
  const pluginViteVersion = (requireFromPlugin('vite/package.json') as { version: string }).version;
  if (pluginViteVersion === viteVersion) return plugins;
  return plugins.filter((plugin) => plugin.name !== 'vite:react:refresh-wrapper');
}

export default defineConfig({
  // Anchored to this folder so the config also works when run from the repository root.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: reactPlugins(),
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
    chunkSizeWarningLimit: 900,
  },
  server: { proxy },
  preview: { proxy },
});
