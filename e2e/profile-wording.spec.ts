import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// The player profile's achievements as a reader sees them: map names in words (never "battle_of_britain"), a team
// victory's figures with readers' labels (never the stored field names), and a next milestone that says why it
// counts fewer kills than the header (docs/formulas.md "Milestones"; decision 0031). DeadlyWillys is a player of the
// seeded world (support/seeded-world.ts) with team victories on its day of history (achievements.spec.ts).

const PLAYER = 'DeadlyWillys';

interface GamificationAnswer {
  allBadges: { achievementId: string; mapName: string | null }[];
}

/** Waits for the start-up backfill to have awarded the player's team victories. */
async function waitForTeamVictory(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/stats/gamification/player/${PLAYER}`);
        if (!response.ok()) return false;
        const answer = (await response.json()) as GamificationAnswer;
        return answer.allBadges.some((badge) => badge.achievementId === 'team_victory');
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
}

test('a team victory reads in words: winners, losers and time on the winning side, no field names', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await waitForTeamVictory(request);
  await page.goto(`/players/${PLAYER}`);
  const collection = page.getByTestId('badge-collection');
  await collection.getByTestId('collection-badge').filter({ hasText: 'Team Victory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team Victory' });
  const detail = dialog.getByTestId('achievement-detail');
  for (const label of ['Winning team', 'Tickets left (winners)', 'Losing team', 'Time on the winning side']) {
    await expect(detail.getByText(label, { exact: true })).toBeVisible();
  }
  const labels = await detail.locator('dt').allTextContents();
  for (const label of labels) expect(label).not.toMatch(/[a-z][A-Z]|_|[Oo]bservations|[Ww]eight/);
  // The map the victory was won on, in words.
  const text = (await detail.textContent()) ?? '';
  expect(text).not.toMatch(/[a-z]_[a-z]/);
});

test('the achievements show map names in words, in the cards and the map filter', async ({ page, request }) => {
  test.setTimeout(120_000);
  await waitForTeamVictory(request);
  await page.goto(`/players/${PLAYER}/achievements`);
  const cards = page.getByTestId('achievement-card');
  await expect(cards.first()).toBeVisible();
  for (const text of await cards.allTextContents()) expect(text).not.toMatch(/[a-z]_[a-z]/);
  const options = await page.getByLabel('Map').locator('option').allTextContents();
  expect(options.length).toBeGreaterThan(1);
  for (const option of options) expect(option).not.toContain('_');
});

interface OnlineAnswer {
  items: { playerName: string; currentServer: { sessionKills: number } | null }[];
}

test("the next milestones say why they count fewer kills than the header: 'Finished rounds only'", async ({
  page,
  request,
}) => {
  // A player in a round being played, with kills in it: the header counts them, the milestones not yet.
  let name: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/stats/players?isActive=true&pageSize=100');
        const answer = (await response.json()) as OnlineAnswer;
        name = answer.items.find((item) => (item.currentServer?.sessionKills ?? 0) >= 3)?.playerName;
        return name !== undefined;
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true);
  await page.goto(`/players/${encodeURIComponent(name ?? '')}`);
  await page.getByTestId('next-milestone').getByRole('button', { name: 'All milestones' }).click();
  const dialog = page.getByRole('dialog', { name: 'Next Milestones' });
  await expect(
    dialog.getByText(
      /^Finished rounds only: the profile's [\d,]+ kills include a round still being played, counted here when it ends\.$/,
    ),
  ).toBeVisible();
});
