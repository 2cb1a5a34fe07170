import { expect, test } from './support/fixtures.ts';

// Spec: site-account-and-realtime §1 (navigation), §2 (titles), §4 Theme.

test.describe('navigation', () => {
  test('a fixed rail with tooltips on a 1280 px screen; Dashboard hidden when signed out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/servers/bf1942');
    const rail = page.getByTestId('nav-rail');
    await expect(rail).toBeVisible();
    await expect(page.getByTestId('nav-top-bar')).toBeHidden();
    // After the brand mark, the four entries of §1 but Dashboard.
    await expect(rail.getByRole('link')).toHaveText(['', 'Servers', 'Players', 'Compare']);
    await expect(rail.getByRole('link', { name: 'Servers' })).toHaveAttribute('aria-current', 'page');

    const tooltip = rail.getByRole('tooltip').filter({ hasText: 'Search players and view statistics' });
    await expect(tooltip).toHaveCSS('opacity', '0');
    await rail.getByRole('link', { name: 'Players' }).hover();
    await expect(tooltip).toHaveCSS('opacity', '1');

    const box = await rail.boundingBox();
    await page.mouse.wheel(0, 2000);
    expect(await rail.boundingBox()).toEqual(box);
  });

  test('a top bar on a 375 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/servers/bf1942');
    await expect(page.getByTestId('nav-rail')).toBeHidden();
    const bar = page.getByTestId('nav-top-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('link')).toHaveText(['Servers', 'Players', 'Compare']);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(375);
  });
});

test('the title and sharing tags follow each navigation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/servers/bf1942');
  await expect(page).toHaveTitle('Battlefield 1942 servers | Frontline');

  await page.getByTestId('nav-rail').getByRole('link', { name: 'Players' }).click();
  await expect(page).toHaveURL(/\/players$/);
  await expect(page).toHaveTitle('Find players | Frontline');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Find players | Frontline');
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', 'Find players | Frontline');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Search players/);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', /\/players$/);
  expect(await page.locator('meta[property="og:title"]').count()).toBe(1);

  await page.goBack();
  await expect(page).toHaveTitle('Battlefield 1942 servers | Frontline');

  // The server browser's ALL tab is a page of its own, with its own title.
  await page.getByRole('tab', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/servers\/all$/);
  await expect(page).toHaveTitle('All servers | Frontline');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'All servers | Frontline');
  await page.goBack();
  await expect(page).toHaveTitle('Battlefield 1942 servers | Frontline');
});

test('the back button uses browser history, else its fallback route', async ({ page }) => {
  await page.goto('/players/Someone');
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/players$/); // no history: the fallback

  // In-app navigation from the FH2 browser to a server's profile, then Back.
  await page.goto('/servers/fh2');
  const row = page.getByRole('region', { name: 'Live servers' }).getByTestId('server-row').first();
  await row.locator('a[href^="/servers/"]').first().click();
  await expect(page).toHaveURL(/\/servers\/(?!fh2$)[^/]+$/);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/servers\/fh2$/); // history
});

test.describe('theme', () => {
  test('follows the system preference while nothing is stored, including its changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/servers/bf1942');
    await expect(page.locator('html')).toHaveClass(/(^|\s)dark-mode(\s|$)/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass(/(^|\s)light-mode(\s|$)/);
    await expect(page.locator('html')).not.toHaveClass(/dark-mode/);
  });

  test('the toggle is stored under darkMode and survives a reload; system changes then no longer apply', async ({
    page,
  }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/servers/bf1942');
    await expect(page.locator('html')).toHaveClass(/light-mode/);

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/dark-mode/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');

    await page.reload();
    await expect(page.locator('html')).toHaveClass(/dark-mode/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveClass(/dark-mode/);

    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveClass(/light-mode/);
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('false');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/light-mode/);
  });
});

test('the demo says its data is simulated (issue: a discreet "Demo data: simulated servers" notice)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/servers/bf1942');
  await expect(page.getByTestId('demo-notice').getByText('Demo data: simulated servers')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId('demo-notice').getByText('Demo', { exact: true })).toBeVisible();
});
