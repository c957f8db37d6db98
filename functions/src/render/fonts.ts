// Bundled web fonts, inlined as data: URIs so rendering fetches nothing and works offline.
//
// Only DejaVu is installed on the machines (Hindi would render as boxes) and system .otf fonts
// end up as Type 3 fonts in PDFs, so the certificate brings its own woff2 files from @fontsource.
// Chromium embeds only the glyphs used, so the PDF cost of carrying several subsets is nil.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The stacks the templates use; each ends with the Devanagari font so Hindi always renders. */
export const FONT_STACKS = {
  display: "'Cinzel', 'Noto Sans Devanagari'",
  serif: "'EB Garamond', 'Noto Sans Devanagari'",
  sans: "'Source Sans 3', 'Noto Sans Devanagari'",
} as const;

// package, fontsource css file (weight[-italic]) and the unicode subsets worth carrying.
const FACES: Array<[pkg: string, file: string, subsets: string[]]> = [
  ['cinzel', '500', ['latin', 'latin-ext']],
  ['cinzel', '700', ['latin', 'latin-ext']],
  ['eb-garamond', '400', ['latin', 'latin-ext']],
  ['eb-garamond', '400-italic', ['latin', 'latin-ext']],
  ['eb-garamond', '600', ['latin', 'latin-ext']],
  ['eb-garamond', '600-italic', ['latin', 'latin-ext']],
  ['source-sans-3', '400', ['latin', 'latin-ext']],
  ['source-sans-3', '600', ['latin', 'latin-ext']],
  ['noto-sans-devanagari', '400', ['devanagari']],
  ['noto-sans-devanagari', '600', ['devanagari']],
];

/**
 * The font packages read from disk at run time (require.resolve): a bundled function that renders
 * must have them installed beside its bundle (infra: nodeModules).
 */
export const FONT_PACKAGES = [...new Set(FACES.map(([pkg]) => `@fontsource/${pkg}`))];

/** Rewrites one fontsource CSS file: keeps the wanted subsets, woff2 only, as data: URIs. */
function inlineFaces(pkg: string, file: string, subsets: string[]): string {
  const cssPath = require.resolve(`@fontsource/${pkg}/${file}.css`);
  const css = readFileSync(cssPath, 'utf8');
  // Each face is preceded by a comment naming its subset: /* eb-garamond-latin-ext-400-italic */
  const blocks = css.split(/(?=\/\* )/).filter((b) => b.includes('@font-face'));
  return blocks
    .filter((b) => subsets.some((s) => b.startsWith(`/* ${pkg}-${s}-`)))
    .map((b) =>
      b.replace(/font-display:\s*swap/, 'font-display: block').replace(/src:[^;]+;/, (src) => {
        const woff2 = /url\(\.\/files\/([^)]+\.woff2)\)/.exec(src)?.[1];
        if (!woff2) throw new Error(`no woff2 in ${cssPath}`);
        const data = readFileSync(require.resolve(`@fontsource/${pkg}/files/${woff2}`));
        return `src: url(data:font/woff2;base64,${data.toString('base64')}) format('woff2');`;
      }),
    )
    .join('\n');
}

let cached: string | undefined;

/** All @font-face rules, built once per process (about 0.9 MB of CSS). */
export function fontFaceCss(): string {
  cached ??= FACES.map(([pkg, file, subsets]) => inlineFaces(pkg, file, subsets)).join('\n');
  return cached;
}
