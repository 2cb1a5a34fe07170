import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Comparison" (two inputs with autocomplete, server selector with All Servers, overall K/D
// with WINNER badge, Map Performance table sortable by map name, Head-to-Head Encounters linking to the round report
// with both highlighted); §4 "Choosing a server re-queries with serverGuid; All Servers re-queries without it. On
// success the URL query is replaced with player1, player2 and optional serverGuid. Sort: first click on a column
// sorts descending"; issue 19 "Browser: compare two players from the demo, switch server, sort the map table, open a
// head-to-head round". The two players are the top two of a finished round of the seeded world (support/
// seeded-world.ts), read from the API, so they share at least that round and its server.

interface RoundsAnswer {
  items: { roundId: string; isActive: boolean; players: { playerName: string }[] }[];
}

interface ComparisonAnswer {
  bucketTotals: { bucket: string; player1Totals: Totals; player2Totals: Totals }[];
  mapPerformance: { mapName: string }[];
  headToHead: { roundId: string }[];
  commonServers: { guid: string; name: string }[];
}

async function twoPlayersOfOneRound(request: APIRequestContext): Promise<[string, string]> {
  const response = await request.get('/stats/rounds?pageSize=50&includePlayers=true');
  expect(response.ok()).toBe(true);
  const { items } = (await response.json()) as RoundsAnswer;
  const round = items.find((item) => !item.isActive && item.players.length >= 2);
  if (!round) throw new Error('the seeded world has no finished round with two players');
  return [round.players[0]!.playerName, round.players[1]!.playerName];
}

async function comparisonOf(request: APIRequestContext, player1: string, player2: string, serverGuid?: string) {
  const query = new URLSearchParams({ player1, player2, ...(serverGuid ? { serverGuid } : {}) });
  const response = await request.get(`/stats/players/compare?${query}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as ComparisonAnswer;
}

const urlQuery = (url: string) => Object.fromEntries(new URL(url).searchParams);

test('compares two players of the demo, switches server, sorts the map table and opens a head-to-head round', async ({
  page,
  request,
}) => {
  const [player1, player2] = await twoPlayersOfOneRound(request);
  const answer = await comparisonOf(request, player1, player2);
  expect(answer.headToHead.length).toBeGreaterThan(0);
  expect(answer.commonServers.length).toBeGreaterThan(0);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/players/compare');
  await expect(page.getByTestId('compare-intro')).toBeVisible();
  const compare = page.getByRole('button', { name: 'Compare', exact: true });
  await expect(compare).toBeDisabled();

  // Player 1 through the suggestions (2 characters and more), player 2 typed in full.
  const first = page.getByRole('combobox', { name: 'Player 1' });
  await first.fill(player1.slice(0, Math.max(3, player1.length - 1)));
  await page
    .getByRole('option', { name: new RegExp(`^${player1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .click();
  await expect(first).toHaveValue(player1);
  await page.getByRole('combobox', { name: 'Player 2' }).fill(player2);
  await compare.click();

  const result = page.getByTestId('comparison-result');
  await expect(result).toBeVisible();
  await expect.poll(() => urlQuery(page.url())).toEqual({ player1, player2 });
  // At most one WINNER (none on a tie), on the higher overall K/D.
  await expect(page.getByTestId('winner-badge')).toHaveCount(expectedWinners(answer));

  // Switch to the first common server, then back to all servers.
  const server = answer.commonServers[0]!;
  await page.getByRole('list', { name: 'Servers both played on' }).getByRole('button', { name: server.name }).click();
  await expect(page.getByText('Every figure below is on')).toContainText(server.name);
  await expect.poll(() => urlQuery(page.url())).toEqual({ player1, player2, serverGuid: server.guid });
  await page.getByRole('button', { name: 'All Servers' }).click();
  await expect.poll(() => urlQuery(page.url())).toEqual({ player1, player2 });
  await expect(page.getByText('Every figure below is on')).toHaveCount(0);

  // The map table: the first click on Map sorts by name, descending.
  const table = page.getByTestId('map-table');
  await table.getByRole('button', { name: 'Map' }).click();
  await expect(table.getByRole('columnheader', { name: 'Map' })).toHaveAttribute('aria-sort', 'descending');
  const shownMaps = (await table.getByTestId('map-row').getByRole('rowheader').allTextContents()).map((name) =>
    name.toLowerCase(),
  );
  expect(shownMaps).toHaveLength(answer.mapPerformance.length);
  expect(shownMaps).toEqual([...shownMaps].sort((a, b) => b.localeCompare(a)));

  // The newest head-to-head round opens its report with both players highlighted.
  await page.getByTestId('encounter').first().getByRole('link').click();
  await expect(page).toHaveURL(
    new RegExp(`/rounds/${encodeURIComponent(answer.headToHead[0]!.roundId)}/report\\?players=`),
  );
  expect(new URL(page.url()).searchParams.get('players')).toBe(`${player1},${player2}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an address naming both players runs the comparison; an unknown name reads the §8 message', async ({
  page,
  request,
}) => {
  const [player1, player2] = await twoPlayersOfOneRound(request);
  await page.goto(`/players/compare?${new URLSearchParams({ player1, player2 })}`);
  await expect(page.getByTestId('comparison-result')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Player 2' })).toHaveValue(player2);

  await page.goto(`/players/compare?${new URLSearchParams({ player1, player2: 'Nobody Ever Seen 123' })}`);
  await expect(page.getByRole('alert')).toHaveText(
    'One or both players not found. Please check the names and try again.',
  );
});

/**
 * 1 when the all-time K/Ds differ as shown (2 decimals), 0 on a tie as displayed (K/D is kills when deaths is 0, spec
 * §9; docs/formulas.md "Comparison", "Better").
 */
function expectedWinners(answer: ComparisonAnswer): number {
  const allTime = answer.bucketTotals.find((entry) => entry.bucket === 'AllTime')!;
  const kd = (totals: Totals) => (totals.deaths === 0 ? totals.kills : totals.kills / totals.deaths).toFixed(2);
  return kd(allTime.player1Totals) === kd(allTime.player2Totals) ? 0 : 1;
}

interface Totals {
  kills: number;
  deaths: number;
}

test('a player compared with himself is refused: by the page before asking, and by the API with 400', async ({
  page,
  request,
}) => {
  const [player] = await twoPlayersOfOneRound(request);
  const message = 'Choose two different players: a player cannot be compared with himself.';
  const refused = await request.get(
    `/stats/players/compare?${new URLSearchParams({ player1: player, player2: player })}`,
  );
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: 'bad_request', message });

  const calls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/stats/players/compare') calls.push(sent.url());
  });
  await page.goto('/players/compare');
  await page.getByRole('combobox', { name: 'Player 1' }).fill(player);
  await page.getByRole('combobox', { name: 'Player 2' }).fill(` ${player} `);
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await expect(page.getByTestId('compare-same-player')).toHaveText(message);
  await expect(page.getByTestId('comparison-result')).toHaveCount(0);
  expect(calls).toEqual([]);
});
