import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Player profile" ("collapsible Player Intelligence & Analysis ... Intelligence panel:
// modes Similar Players (default) and Find Aliases (aliasdetection) ... Loaded lazily"); issue 19 "Screens". The
// player is one of the seeded world (support/seeded-world.ts). Similar players are read from the features the
// start-up backfill computes after the server is up, so the spec waits for the API to have candidates first.

const PLAYER = 'DeadlyWillys';

interface SimilarAnswer {
  similarPlayers: { playerName: string; similarityScore: number }[];
}

async function waitForSimilarPlayers(request: APIRequestContext, mode: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/stats/players/${encodeURIComponent(PLAYER)}/similar?mode=${mode}`);
        if (!response.ok()) return 0;
        return ((await response.json()) as SimilarAnswer).similarPlayers.length;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
}

test('the profile opens the panel, asks only then, and finds aliases', async ({ page, request }) => {
  test.setTimeout(120_000);
  await waitForSimilarPlayers(request, 'default');
  await waitForSimilarPlayers(request, 'aliasdetection');

  const similarCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/similar')) similarCalls.push(new URL(sent.url()).searchParams.get('mode') ?? '');
  });
  await page.goto(`/players/${encodeURIComponent(PLAYER)}`);
  const toggle = page.getByRole('button', { name: 'Player Intelligence & Analysis' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(similarCalls).toEqual([]);

  await toggle.click();
  await expect(page.getByTestId('similar-player-card').first()).toBeVisible();
  expect(similarCalls).toEqual(['default']);
  // Under "Hours are in your time" the reasons count the hours in common rather than list them in UTC.
  await expect(page.getByText(/Hours are in your time/)).toBeVisible();
  for (const text of await page.getByTestId('similar-player-card').allTextContents()) {
    expect(text).not.toMatch(/UTC|\(s\)/);
  }

  // The features grow while the backfill and the collector run: the cards are checked against the page's own answer.
  const aliasResponse = page.waitForResponse((response) => response.url().includes('mode=aliasdetection'));
  await page.getByRole('button', { name: 'Find Aliases' }).click();
  const aliases = (await (await aliasResponse).json()) as SimilarAnswer;
  const first = aliases.similarPlayers[0];
  if (!first) throw new Error('the alias answer is empty');
  const cards = page.getByTestId('similar-player-card');
  await expect(cards).toHaveCount(aliases.similarPlayers.length);
  await expect(cards.first()).toHaveAttribute('aria-label', first.playerName);
  expect(similarCalls).toEqual(['default', 'aliasdetection']);
  // The score as a whole percentage of the API's 0..1.
  await expect(cards.first().getByTestId('similarity-score')).toHaveText(`${Math.round(first.similarityScore * 100)}%`);

  await cards.first().getByRole('button', { name: 'Details' }).click();
  const details = page.getByTestId('similar-player-details');
  await expect(details).toHaveCount(1);
  await expect(details.getByRole('link', { name: 'Compare players' })).toHaveAttribute(
    'href',
    `/players/compare?${new URLSearchParams({ player1: PLAYER, player2: first.playerName })}`,
  );
  await cards.nth(1).getByRole('button', { name: 'Details' }).click();
  await expect(details).toHaveCount(1);
  await expect(cards.nth(1).getByTestId('similar-player-details')).toBeVisible();
});
