import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the header it costs (CloudFront's own floor is 1,000 bytes). */
const MIN_BYTES = 1024;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );

/**
 * Writes `<file>.gz` and `<file>.br` beside every text file of the build, at the highest levels,
 * once at build time: the local gateway serves them by Accept-Encoding without compressing per
 * request (CloudFront compresses on its own edge in AWS, so they are not uploaded there).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'proofmark-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        // The manifest (.vite/) is read by the budget test and never served.
        if (file.includes(`${sep}.vite${sep}`)) continue;
        if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}
