/** The product name as the spec's `{product}` placeholder resolves; screens and titles use this. */
export const productName = 'Proofmark';

/** Brand colours shared by the antd theme and the few hand-styled surfaces (hero, logo). */
export const brandColors = {
  primary: '#1f4ed8',
  primaryBg: '#eaf0ff',
  navy: '#0b1733',
  navy2: '#14295a',
  verified: '#0e9f6e',
  surface: '#f5f7fb',
  text: '#101828',
} as const;

/**
 * Publishes the brand colours as CSS variables (--brand-primary, --brand-navy-2, …) so stylesheets
 * use the same values as the antd theme without a second copy to keep in sync.
 */
export function applyBrandCssVariables(root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(brandColors)) {
    const kebab = name.replace(/([a-z])([A-Z0-9])/g, '$1-$2').toLowerCase();
    root.style.setProperty(`--brand-${kebab}`, value);
  }
}
