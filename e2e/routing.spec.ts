import { expect, test } from './support/fixtures.ts';
import { signInAsDemoPerson } from './support/sign-in.ts';

// Spec: site-account-and-realtime §2 route table.

test("'/' redirects to /servers/bf1942 when no valid auth token is stored", async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/servers\/bf1942$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battlefield 1942 servers');
});

test("'/' redirects to /dashboard when a valid auth token is stored", async ({ page }) => {
  // A real sign-in: a made-up token would now be refused by the dashboard's first call and signed out.
  await signInAsDemoPerson(page, 2);
  await page.goto('/landing');
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: 'Dashboard' }).first()).toBeVisible();
});

test("'/' ignores an expired stored token", async ({ page }) => {
  await page.goto('/landing');
  await page.evaluate(() => {
    localStorage.setItem('authToken', 'opaque');
    localStorage.setItem('tokenExpiresAt', new Date(Date.now() - 60_000).toISOString());
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/servers\/bf1942$/);
});

test('/dashboard sends a signed-out visitor to /servers/bf1942', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/servers\/bf1942$/);
});

test('/servers redirects to /servers/bf1942', async ({ page }) => {
  await page.goto('/servers');
  await expect(page).toHaveURL(/\/servers\/bf1942$/);
});

test('/servers/bfv is the Vietnam browser and the game tabs navigate', async ({ page }) => {
  await page.goto('/servers/bfv');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battlefield Vietnam servers');
  await expect(page.getByRole('tab', { name: 'BFV' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'FH2' }).click();
  await expect(page).toHaveURL(/\/servers\/fh2$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgotten Hope 2 servers');
});

test('/tk-livewire shows exactly the work-in-progress sentence', async ({ page }) => {
  await page.goto('/tk-livewire');
  await expect(page.getByTestId('wip-text')).toHaveText(
    'Work in Progress - This feature is currently under development and will be available soon.',
  );
});

test('an unknown path shows the not-found page with status 404', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Frontline');
});

test.describe('names in paths are URL-encoded and decoded', () => {
  const names = ['Sgt Pepper', 'AC/DC', '#1 Sniper', '100% Pure', 'Who?', 'Ölgötz_Σπάρτη', '[TAG]日本'];
  for (const name of names) {
    test(`player ${JSON.stringify(name)}`, async ({ page }) => {
      const response = await page.goto(`/players/${encodeURIComponent(name)}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      await expect(page).toHaveTitle(`${name} | Frontline`);
      // The page's own links carry the name encoded, and it survives the round trip: a name the demo has
      // never seen gets the profile's not-found answer, which offers Find Players filtered by that name.
      await page.getByRole('link', { name: 'Search for names like it' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/players' && url.searchParams.get('playerName') === name);
      await expect(page.getByRole('searchbox', { name: 'Filter players by name' })).toHaveValue(name);
    });
  }

  test('a stored cp1251 name in the path is shown decoded, in its own case, in the heading and the title', async ({
    page,
  }) => {
    // "=JG1=Катюша" as the feed stores it; the page reads the decoded name (the server's title for crawlers too).
    const stored = '=JG1=Êàòþøà';
    const response = await page.goto(`/players/${encodeURIComponent(stored)}`);
    expect(response?.status()).toBe(200);
    expect(await response?.text()).toContain('<title>=JG1=Катюша | Frontline</title>');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('=JG1=Катюша');
    expect(await heading.evaluate((element) => (element as HTMLElement).innerText)).toBe('=JG1=Катюша');
    await expect(page).toHaveTitle('=JG1=Катюша | Frontline');
  });

  test('server names keep slashes through links to their sub-pages', async ({ page }) => {
    // The profile links to the rankings only for a server Frontline knows: a 24/7 server of the seeded world.
    const name = '=DoG= Stalingrad 24/7 Only';
    await page.goto(`/servers/${encodeURIComponent(name)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await page.getByRole('link', { name: 'Full rankings' }).click();
    await expect(page).toHaveTitle(`${name} rankings | Frontline`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });
});

test("/players/compare with only player1 (the profile's Compare Player link) fills that name; the Compare entry is current", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/players/compare?${new URLSearchParams({ player1: 'Sniper #1' })}`);
  await expect(page.getByRole('combobox', { name: 'Player 1' })).toHaveValue('Sniper #1');
  await expect(page.getByRole('combobox', { name: 'Player 2' })).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Compare', exact: true })).toBeDisabled();
  // The comparison is the navigation's fourth entry (site-account-and-realtime §1), not a part of Players.
  const rail = page.getByTestId('nav-rail');
  await expect(rail.getByRole('link', { name: 'Compare' })).toHaveAttribute('aria-current', 'page');
  await expect(rail.getByRole('link', { name: 'Players' })).not.toHaveAttribute('aria-current');
});
