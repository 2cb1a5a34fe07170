import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Issue 14: a route-level error boundary. A stale chunk after a deploy (the page's code is no longer on the server)
// reloads the page once; when the code still does not arrive, the page says so inside a working shell.

const PLAYERS_CHUNK = /\/assets\/players-page-[\w-]+\.js$/;

/** Counts the page's document loads from now on (the app's own navigations load no document). */
function countDocumentLoads(page: Page): () => number {
  let loads = 0;
  page.on('load', () => (loads += 1));
  return () => loads;
}

test('a page whose code fails to load reloads once, then says so; the shell works and Try Again recovers', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/servers/bf1942');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battlefield 1942 servers');
  const rail = page.getByTestId('nav-rail');

  // As after a deploy: the Players page's chunk, named in this build's code, is gone from the server.
  await page.route(PLAYERS_CHUNK, (route) => route.abort());
  const documentLoads = countDocumentLoads(page);
  await rail.getByRole('link', { name: 'Players' }).click();

  const failure = page.getByRole('alert').filter({ hasText: 'This page could not be shown' });
  await expect(failure).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/players');
  // One reload, and no second one: the marker of the first holds the page on the message. (The reload's load event
  // can reach the test just after the message shows: wait for it, then make sure no second one follows.)
  await expect.poll(documentLoads).toBe(1);
  await page.waitForTimeout(1_000);
  expect(documentLoads()).toBe(1);
  await expect(failure).toBeVisible();

  // The shell still works: another page opens in place of the message.
  await rail.getByRole('link', { name: 'Servers' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Battlefield 1942 servers');
  await expect(failure).toHaveCount(0);

  // The chunk is back: this page load keeps its failed import, so Players shows the message again, and Try Again
  // reloads the page, which now loads.
  await page.unroute(PLAYERS_CHUNK);
  await rail.getByRole('link', { name: 'Players' }).click();
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find Players');
  await expect(failure).toHaveCount(0);
  expect(documentLoads()).toBe(2);
});
