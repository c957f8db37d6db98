import { relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Writes `.vite/chunk-sources.json` beside Vite's manifest: the chunk each of the app's own modules
 * (web/src) ended up in. Small chunks are merged into others (vite.config.ts,
 * experimentalMinChunkSize), and a page merged into a shared chunk loses its key in the manifest;
 * the budget test and the bench find a route's page through this map instead
 * (scripts/spa-budgets.ts, readManifest).
 */
export function chunkSources(): Plugin {
  let root = '';
  return {
    name: 'proofmark-chunk-sources',
    apply: 'build',
    configResolved(config) {
      root = resolve(config.root);
    },
    generateBundle(_options, bundle) {
      const sources: Record<string, string> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const rel = relative(root, id).replaceAll('\\', '/');
          if (rel.startsWith('src/')) sources[rel] = chunk.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunk-sources.json',
        source: JSON.stringify(sources, null, 1),
      });
    },
  };
}
