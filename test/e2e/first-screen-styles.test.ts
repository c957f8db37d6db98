import { afterAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { brandColors } from '../../web/src/brand';
import { registeredAdmin } from '../integration/accounts';
import { launchChromium } from './browser';
import { freshPage, openSignedIn } from './support';

/*
 * Where antd's component styles come from on a page load (web/src/antdStylesheet.ts): a signed-in
 * load takes the prebuilt stylesheet and generates none while rendering; a visitor's load (the
 * landing page, /login) does not download it and generates what it shows. Either way the theme's
 * colours reach the components.
 */

const browsers: Browser[] = [];
afterAll(async () => {
  for (const browser of browsers) await browser.close();
});

/** What the page's styles hold: antd's stylesheet (loaded), and component rules generated at run time. */
const stylesOf = (page: Page) =>
  page.evaluate(() => {
    const sheet = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href*="/antd-"]');
    // A component's rules, not the theme's CSS variables (registered in either case).
    const generated = Array.from(document.querySelectorAll('style')).some((s) =>
      /\.ant-(btn|card|form|tabs|menu)\b[^{]*\{(?!--)[a-z-]+:/.test(s.textContent ?? ''),
    );
    return { sheet: sheet?.sheet ? sheet.getAttribute('href') : null, generated };
  });

const primaryBackground = (page: Page) =>
  page
    .locator('.ant-btn-primary:visible')
    .first()
    .evaluate((el) => getComputedStyle(el).backgroundColor);

/** The brand's primary colour as getComputedStyle writes it. */
const primaryRgb = (() => {
  const hex = brandColors.primary.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
})();

describe("antd's styles on a page load", () => {
  it('a signed-in load takes the prebuilt stylesheet and generates no component styles', async () => {
    const admin = await registeredAdmin();
    const page = await openSignedIn(admin.session, { path: '/MyProfile?tab=settings' });
    browsers.push(page.context().browser()!);
    await page.getByRole('region', { name: 'Blockchain', exact: true }).waitFor();
    const styles = await stylesOf(page);
    expect(styles.sheet).toMatch(/^\/assets\/antd-[\w-]+\.css$/);
    expect(styles.generated).toBe(false);
    // The theme's tokens still reach the prebuilt styles (as CSS variables).
    expect(await primaryBackground(page)).toBe(primaryRgb);
  });

  it("a visitor's load does not download it and generates what it shows", async () => {
    const browser = await launchChromium();
    browsers.push(browser);
    const { page } = await freshPage(browser);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/login');
    await page
      .getByRole('button', { name: /log ?in/i })
      .first()
      .waitFor();
    const styles = await stylesOf(page);
    expect(styles.sheet).toBeNull();
    expect(styles.generated).toBe(true);
    expect(requested.some((p) => /\/antd-[\w-]+\.css$/.test(p))).toBe(false);
    expect(await primaryBackground(page)).toBe(primaryRgb);
  });
});
