// Bundled web fonts, inlined as data: URIs so rendering fetches nothing and works offline.
//
// Only DejaVu is installed on the machines (Hindi would render as boxes) and system .otf fonts
// end up as Type 3 fonts in PDFs, so the certificate brings its own woff2 files from @fontsource.
// Chromium embeds only the glyphs used, so the PDF cost of carrying several subsets is nil.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** A design font's CSS stack: each ends with the Devanagari font so Hindi always renders. */
export const fontStack = (font: string): string =>
  font === 'Noto Sans Devanagari' ? `'Noto Sans Devanagari'` : `'${font}', 'Noto Sans Devanagari'`;

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
  ['source-sans-3', '700', ['latin', 'latin-ext']],
  ['playfair-display', '400', ['latin', 'latin-ext']],
  ['playfair-display', '400-italic', ['latin', 'latin-ext']],
  ['playfair-display', '700', ['latin', 'latin-ext']],
  ['great-vibes', '400', ['latin', 'latin-ext']],
  ['noto-sans-devanagari', '400', ['devanagari']],
  ['noto-sans-devanagari', '600', ['devanagari']],
  ['noto-sans-devanagari', '700', ['devanagari']],
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

const FAMILY_OF: Record<string, string> = {
  cinzel: 'Cinzel',
  'eb-garamond': 'EB Garamond',
  'source-sans-3': 'Source Sans 3',
  'playfair-display': 'Playfair Display',
  'great-vibes': 'Great Vibes',
  'noto-sans-devanagari': 'Noto Sans Devanagari',
};
const faces = new Map<string, string>();

/**
 * The @font-face rules of the given families (and Devanagari, always), built once per process per
 * face. A page carries only the fonts its design uses: every face is a few hundred kB of CSS that
 * each tab parses when it loads a design.
 */
export function fontFaceCss(families: Iterable<string>): string {
  const wanted = new Set([...families, 'Noto Sans Devanagari']);
  return FACES.filter(([pkg]) => wanted.has(FAMILY_OF[pkg] ?? ''))
    .map(([pkg, file, subsets]) => {
      const key = `${pkg}/${file}`;
      let css = faces.get(key);
      if (css === undefined) faces.set(key, (css = inlineFaces(pkg, file, subsets)));
      return css;
    })
    .join('\n');
}
