import stylesheetUrl from 'antd/dist/antd.css?url';

let loaded = false;

/**
 * antd's prebuilt stylesheet, for a signed-in page load (startRoute.ts). With it in, the app's
 * theme skips generating component styles while rendering (theme.ts: staticStylesTheme). A
 * visitor's pages (the landing page, /login) keep runtime styles: the stylesheet holds every
 * component, 75 kB with brotli, and delayed their first paint on a slow network by 0.2–0.4 s.
 *
 * Inserted before the app's own styles, so that ours still override antd's. Settles when it is in,
 * or when it could not be loaded (the app then keeps generating its styles).
 */
export function loadAntdStylesheet(): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = stylesheetUrl;
    link.onload = () => {
      loaded = true;
      resolve();
    };
    link.onerror = () => {
      link.remove();
      resolve();
    };
    document.head.insertBefore(link, document.head.querySelector('link[rel="stylesheet"], style'));
  });
}

/** Whether antd's stylesheet is in, so that the app may skip generating component styles. */
export const antdStylesheetLoaded = (): boolean => loaded;
