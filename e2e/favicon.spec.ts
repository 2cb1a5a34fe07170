import { expect, test } from './support/fixtures.ts';

// The site's icon: named by every page (inlined, so the first visit makes no request for it) and served as a file,
// where /favicon.ico, asked for by whatever does not read the page, leads too.

test('every page names the icon, and /favicon.ico leads to the same SVG', async ({ page }) => {
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.url()).toMatch(/\/favicon\.svg$/);
  expect(icon.headers()['content-type']).toBe('image/svg+xml');
  expect(icon.headers()['cache-control']).toMatch(/max-age=\d+/);
  const svg = (await icon.text()).trim();
  expect(svg).toMatch(/^<svg /);

  for (const path of ['/servers/bf1942', '/no/such/page']) {
    await page.goto(path);
    const href = await page.locator('link[rel="icon"]').getAttribute('href');
    expect(href, `${path} names an icon`).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(href!.slice('data:image/svg+xml,'.length))).toBe(svg);
  }
});
