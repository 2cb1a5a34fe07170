import { expect, test } from './support/fixtures.ts';
import { signInAsDemoPerson } from './support/sign-in.ts';

// Spec: site-account-and-realtime §2 "Social side panel", §4 "The social panel data is fetched on mount". Person 2 of
// the demo ("Kit Sniper", with a squad) is only read here. What the hub sends is for the real-time browser tests;
// here the page only has to carry on whatever the connection does.

test('signed in on a wide screen, the social toggle shows who is online and opens the panel with the squad', async ({
  page,
}) => {
  const pageErrors: Error[] = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsDemoPerson(page, 2);

  // What the panel shows is what GET /stats/auth/dashboard answers for this user.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const answer = await page.request.get('/stats/auth/dashboard', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok()).toBe(true);
  const dashboard = (await answer.json()) as { onlineBuddies: unknown[]; offlineBuddies: unknown[] };
  const buddies = dashboard.onlineBuddies.length + dashboard.offlineBuddies.length;
  expect(buddies).toBeGreaterThan(0);

  const toggle = page.getByTestId('social-toggle');
  await expect(toggle).toBeVisible();
  await expect(toggle.getByTestId('online-count')).toHaveText(/^\d+$/);
  await toggle.click();
  const panel = page.getByTestId('social-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('tab', { name: 'Social' })).toHaveAttribute('aria-selected', 'true');

  // The panel asked again on opening; the squad's size does not change with who is online.
  const online = panel.getByTestId('online-buddy');
  const offline = panel.getByTestId('offline-buddy');
  await expect.poll(async () => (await online.count()) + (await offline.count())).toBe(buddies);
  if ((await online.count()) === 0) await expect(panel.getByText('No buddies online')).toBeVisible();
  else await expect(online.first().getByTestId('buddy-name')).toBeVisible();
  // "While open the page body does not scroll".
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  await panel.getByRole('tab', { name: 'Notifications' }).click();
  await expect(panel.getByText('No recent notifications')).toBeVisible();

  // Escape closes it; so does a press outside.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();
  await toggle.click();
  await expect(panel).toBeVisible();
  await page.getByRole('heading', { name: 'Welcome back!' }).click();
  await expect(panel).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

  // Whatever the hub connection did, nothing was thrown at the page (its failures are logged only, spec §8).
  expect(pageErrors).toEqual([]);
});

test('no social toggle on a phone, nor for a visitor', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/servers/bf1942');
  await expect(page.getByTestId('demo-sign-in')).toBeVisible();
  await expect(page.getByTestId('social-toggle')).toHaveCount(0);

  await signInAsDemoPerson(page, 2);
  await expect(page.getByTestId('social-toggle')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByTestId('social-toggle')).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});
