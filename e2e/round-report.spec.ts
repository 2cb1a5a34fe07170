import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';

// Spec: site-statistics §2 "Round report" ("Header: back button, map, start time, server name linking to
// /servers/{serverName}, team labels (default Team 1, Team 2) and tickets for two-team rounds …; Battle console:
// play/pause, reset, jump to end, speed selector 0.5x, 1x, 2x, 4x, 8x, Track field (Player name...) highlighting a
// player's events and dimming others …; Standings panel 'Live or Final Standings' with Live Ladder toggle …;
// Keyboard arrows, Home, End work (ignored while typing in an input)"), the route table ("/rounds/{roundId}/report
// (query players, comma-separated names to highlight)"), §4 "Round replay", §9 "Round replay interval per step:
// 1600, 800, 400, 200, 100 ms for 0.5x to 8x". A closed round's report no longer changes, so the tests compare the
// page with the API's answer read just before.

interface Entry {
  rank: number;
  playerName: string;
  score: number;
  kills: number;
  deaths: number;
  team: number;
}

interface Standing extends Entry {
  left: boolean;
}

interface Report {
  round: {
    roundId: string;
    participantCount: number;
    serverName: string;
    mapName: string;
    startTime: string;
    isActive: boolean;
    team1Label: string;
    team2Label: string;
    tickets1: number | null;
    tickets2: number | null;
  };
  /** Everyone who played, with their session totals; `left`: not in the last poll. */
  finalStandings: Standing[];
  leaderboardSnapshots: { timestamp: string; entries: Entry[] }[];
}

interface Chosen {
  /** A player whose all-time best score is this round. */
  playerName: string;
  report: Report;
}

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };
/** Enough snapshots to replay, few enough to play through at 8x (100 ms a step) well within a test's time. */
const SNAPSHOTS = { min: 6, max: 150 };

/** Names typed and shown as stored (no decoding, no cut at 25 characters). */
const PLAIN_NAME = /^[A-Za-z][A-Za-z0-9_]{3,24}$/;
const reportPath = (roundId: string, players: string[] = []) =>
  `/rounds/${encodeURIComponent(roundId)}/report` +
  (players.length ? `?players=${encodeURIComponent(players.join(','))}` : '');

/** A plain-named player whose best score is a finished round with a replay of a playable length. */
async function findRound(request: APIRequestContext): Promise<Chosen> {
  const list = await request.get('/stats/players', {
    params: { page: 1, pageSize: 100, sortBy: 'lastSeen', sortOrder: 'desc' },
  });
  expect(list.ok()).toBe(true);
  const { items } = (await list.json()) as { items: { playerName: string }[] };
  const names = items.map((item) => item.playerName).filter((name) => PLAIN_NAME.test(name));
  for (const playerName of names.slice(0, 40)) {
    const profile = await request.get(`/stats/players/${encodeURIComponent(playerName)}`);
    if (!profile.ok()) continue;
    const best = ((await profile.json()) as { bestScores: { allTime: { roundId: string }[] } }).bestScores.allTime[0];
    if (!best) continue;
    const answer = await request.get(`/stats/rounds/${encodeURIComponent(best.roundId)}/report`);
    if (!answer.ok()) continue;
    const report = (await answer.json()) as Report;
    const count = report.leaderboardSnapshots.length;
    const final = report.leaderboardSnapshots.at(-1)?.entries ?? [];
    const plainOthers = final.filter((entry) => PLAIN_NAME.test(entry.playerName) && entry.playerName !== playerName);
    if (report.round.isActive || count < SNAPSHOTS.min || count > SNAPSHOTS.max || plainOthers.length < 1) continue;
    if (!final.some((entry) => entry.playerName === playerName)) continue;
    return { playerName, report };
  }
  throw new Error(`no player among ${names.length} whose best round is finished with ${SNAPSHOTS.min}+ snapshots`);
}

// The search costs dozens of calls; a worker's tests share its result (a finished round does not change).
let chosen: Chosen | undefined;

async function chooseRound(request: APIRequestContext): Promise<Chosen> {
  chosen ??= await findRound(request);
  return chosen;
}

/** "omaha_beach" → "Omaha Beach", as the page heads the report. */
function mapTitle(mapName: string): string {
  return mapName
    .replace(/_+/g, ' ')
    .trim()
    .replace(/(^|\s)(\p{Ll})/gu, (_, space: string, letter: string) => `${space}${letter.toUpperCase()}`);
}

/** Time into the round as the console's clock shows it: m:ss. */
function roundClock(report: Report, step: number): string {
  const snapshot = report.leaderboardSnapshots[step];
  const ms = Math.max(0, Date.parse(snapshot?.timestamp ?? '') - Date.parse(report.round.startTime));
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

async function openReport(page: Page, path: string, report: Report): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(mapTitle(report.round.mapName));
  await expect(page.getByRole('region', { name: 'Battle Console' })).toBeVisible();
}

const stepText = (page: Page) => page.getByTestId('replay-step');
const standingRow = (page: Page, name: string) => page.locator(`[data-testid="standing-row"][data-player="${name}"]`);

function lastStepLabel(report: Report): string {
  const count = report.leaderboardSnapshots.length;
  return `Step ${count} of ${count}`;
}

async function sumColumn(rows: Locator, key: 'kills' | 'score'): Promise<number> {
  const column = key === 'kills' ? 3 : 2;
  const values = await rows.evaluateAll(
    (cells, index) => cells.map((row) => Number(row.querySelectorAll('td')[index]?.textContent ?? 'NaN')),
    column,
  );
  return values.reduce((sum, value) => sum + value, 0);
}

test.describe('round report', () => {
  test.use({ viewport: DESKTOP });

  test("opens from a player's best score with the round's header, title and the player highlighted", async ({
    page,
    request,
  }) => {
    const { playerName, report } = await chooseRound(request);
    const { round } = report;
    await page.goto(`/players/${encodeURIComponent(playerName)}`);
    // §2 Player profile "Best Scores (… card opens round report)".
    await page
      .getByRole('region', { name: 'Best Scores' })
      .locator(`a[data-testid="best-score-card"][href^="${reportPath(round.roundId)}"]`)
      .first()
      .click();
    await expect(page).toHaveURL(
      (url) => url.pathname === reportPath(round.roundId) && url.searchParams.get('players') === playerName,
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(mapTitle(round.mapName));
    await expect(page.getByTestId('report-server-link')).toHaveAttribute(
      'href',
      `/servers/${encodeURIComponent(round.serverName)}`,
    );
    await expect(page.getByTestId('highlighted-players')).toContainText(playerName);
    await expect(standingRow(page, playerName)).toHaveAttribute('data-highlighted', 'true');

    // "team labels (default Team 1, Team 2) and tickets for two-team rounds (shown only when both present and at
    // least 0)"; the title '{map} on {server} on {date} | team1 (tickets) vs team2 (tickets) - {product}'.
    const final = report.leaderboardSnapshots.at(-1)?.entries ?? [];
    const twoTeams = final.every((entry) => entry.team === 1 || entry.team === 2);
    const withTickets =
      round.tickets1 !== null && round.tickets2 !== null && round.tickets1 >= 0 && round.tickets2 >= 0;
    const side = (label: string, fallback: string, tickets: number | null) =>
      `${label.trim() || fallback}${withTickets ? ` (${tickets})` : ''}`;
    const matchup = twoTeams
      ? ` | ${side(round.team1Label, 'Team 1', round.tickets1)} vs ${side(round.team2Label, 'Team 2', round.tickets2)}`
      : '';
    const date = await page.evaluate(
      (start) =>
        new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(start)),
      round.startTime,
    );
    await expect(page).toHaveTitle(
      `${mapTitle(round.mapName)} on ${round.serverName} on ${date}${matchup} - Frontline`,
    );
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', await page.title());
    if (twoTeams && withTickets) {
      await expect(page.getByTestId('report-matchup')).toContainText(`${round.tickets1} tickets`);
    }

    // Back goes to browser history: the profile the report was opened from.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === `/players/${encodeURIComponent(playerName)}`);
  });

  test('plays at 8x to the end: the last step, every event, and the final standings', async ({ page, request }) => {
    const { report } = await chooseRound(request);
    const count = report.leaderboardSnapshots.length;
    test.setTimeout(30_000 + count * 100);
    await openReport(page, reportPath(report.round.roundId), report);
    const consoleRegion = page.getByRole('region', { name: 'Battle Console' });
    await expect(consoleRegion.getByText('Press Play to witness the battle unfold...')).toBeVisible();

    await consoleRegion.getByRole('button', { name: '8x' }).click();
    await expect(consoleRegion.getByRole('button', { name: '8x' })).toHaveAttribute('aria-pressed', 'true');
    const started = Date.now();
    await consoleRegion.getByRole('button', { name: 'Play' }).click();
    await expect(page.getByTestId('replay-status')).toHaveText('Playing');
    await expect(page.getByTestId('replay-status')).toHaveText('Finished', { timeout: count * 100 + 10_000 });
    // One step per 100 ms: the last of `count` steps comes no sooner than (count - 1) ticks.
    expect(Date.now() - started).toBeGreaterThanOrEqual((count - 1) * 100 - 50);
    await expect(stepText(page)).toHaveText(lastStepLabel(report));
    await expect(page.getByTestId('replay-clock')).toContainText(
      `${roundClock(report, count - 1)} / ${roundClock(report, count - 1)}`,
    );
    const counted = (await page.getByTestId('events-count').textContent()) ?? '';
    const [shown, total] = counted.match(/\d+/g)?.map(Number) ?? [];
    expect(shown).toBe(total);
    // Newest first: the end of the battle on top, naming the final top score.
    const final = report.leaderboardSnapshots.at(-1)?.entries ?? [];
    const top = final.find((entry) => entry.rank === 1) ?? final[0];
    const newest = page.getByTestId('battle-event').first();
    await expect(newest).toHaveAttribute('data-kind', 'end');
    await expect(newest).toContainText(`tops the scoreboard with ${top?.score} pts`);

    // Final standings: everyone who played the round (not only the last poll's players), with their session
    // totals, team kills and points adding up to theirs, the leavers marked, medals over all of them.
    const standings = page.getByRole('region', { name: 'Final Standings' });
    const everyone = report.finalStandings;
    expect(everyone).toHaveLength(report.round.participantCount);
    await expect(standings.getByTestId('standing-row')).toHaveCount(everyone.length);
    await expect(standings.locator('[data-testid="standing-row"][data-left]')).toHaveCount(
      everyone.filter((entry) => entry.left).length,
    );
    const gold = everyone.find((entry) => entry.rank === 1);
    await expect(standingRow(page, gold?.playerName ?? '').getByLabel('Rank 1, gold medal')).toBeVisible();
    const teams = standings.getByTestId('standings-team');
    for (const team of await teams.all()) {
      const rows = team.getByTestId('standing-row');
      expect(Number((await team.getByTestId('team-kills').textContent())?.replace(/\D/g, ''))).toBe(
        await sumColumn(rows, 'kills'),
      );
    }
    expect(
      (await teams.getByTestId('team-points').allTextContents()).reduce(
        (sum, text) => sum + Number(text.replace(/[^\d-]/g, '')),
        0,
      ),
    ).toBe(everyone.reduce((sum, entry) => sum + entry.score, 0));

    // At the last step the live ladder is the last poll's scoreboard: whom that poll saw.
    await page.getByRole('switch', { name: 'Live Ladder' }).click();
    await expect(page.getByRole('region', { name: 'Live Standings' }).getByTestId('standing-row')).toHaveCount(
      final.length,
    );
  });

  test("tracking a player dims everyone else's events", async ({ page, request }) => {
    const { playerName, report } = await chooseRound(request);
    await openReport(page, reportPath(report.round.roundId), report);
    await page.getByRole('button', { name: 'End' }).click();
    await expect(stepText(page)).toHaveText(lastStepLabel(report));
    const events = page.getByTestId('battle-event');
    await expect(events.first()).toBeVisible();
    expect(await events.locator('[data-state="dimmed"], [data-state="tracked"]').count()).toBe(0);

    await page.getByPlaceholder('Player name...').fill(playerName);
    // The player made this round their best score: the console has their kills or objectives.
    const tracked = page.locator('[data-testid="battle-event"][data-state="tracked"]');
    await expect(tracked.first()).toBeVisible();
    for (const text of await tracked.allTextContents()) expect(text).toContain(playerName);
    const others = page.locator('[data-testid="battle-event"]:not([data-state="tracked"])');
    expect(await others.count()).toBeGreaterThan(0);
    expect(
      await others.evaluateAll((lines) => lines.every((line) => line.getAttribute('data-state') === 'dimmed')),
    ).toBe(true);
    await expect(others.first()).toHaveCSS('opacity', '0.35');
    await expect(standingRow(page, playerName)).toHaveAttribute('data-tracked', 'true');

    // Clearing the field brings every line back.
    await page.getByPlaceholder('Player name...').fill('');
    await expect(page.locator('[data-testid="battle-event"][data-state="dimmed"]')).toHaveCount(0);
  });

  test('arrow keys, Home and End move the replay; not while typing in the Track field', async ({ page, request }) => {
    const { report } = await chooseRound(request);
    const count = report.leaderboardSnapshots.length;
    await openReport(page, reportPath(report.round.roundId), report);
    await expect(stepText(page)).toHaveText(`Step 0 of ${count}`);

    await page.keyboard.press('ArrowRight');
    await expect(stepText(page)).toHaveText(`Step 1 of ${count}`);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(stepText(page)).toHaveText(`Step 3 of ${count}`);
    await expect(page.getByTestId('replay-clock')).toContainText(roundClock(report, 2));
    await page.keyboard.press('ArrowLeft');
    await expect(stepText(page)).toHaveText(`Step 2 of ${count}`);
    await page.keyboard.press('End');
    await expect(stepText(page)).toHaveText(lastStepLabel(report));
    await page.keyboard.press('Home');
    await expect(stepText(page)).toHaveText(`Step 1 of ${count}`);
    await expect(page.getByTestId('replay-clock')).toContainText(roundClock(report, 0));

    const track = page.getByPlaceholder('Player name...');
    await track.click();
    await page.keyboard.type('abc');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowRight');
    await expect(track).toHaveValue('abc');
    await expect(stepText(page)).toHaveText(`Step 1 of ${count}`);
  });

  test('highlights the players the link names, in the header, the standings and the console', async ({
    page,
    request,
  }) => {
    const { playerName, report } = await chooseRound(request);
    const final = report.leaderboardSnapshots.at(-1)?.entries ?? [];
    const other = final.find((entry) => PLAIN_NAME.test(entry.playerName) && entry.playerName !== playerName);
    expect(other).toBeDefined();
    const names = [playerName, other?.playerName ?? ''];
    await openReport(page, reportPath(report.round.roundId, names), report);

    await expect(page.getByTestId('highlighted-players')).toContainText(names[0]!);
    await expect(page.getByTestId('highlighted-players')).toContainText(names[1]!);
    await expect(page.locator('[data-testid="standing-row"][data-highlighted]')).toHaveCount(2);
    for (const name of names) await expect(standingRow(page, name)).toHaveAttribute('data-highlighted', 'true');

    await page.getByRole('button', { name: 'End' }).click();
    const marked = page.locator('[data-testid="battle-event"][data-highlighted]');
    await expect(marked.first()).toBeVisible();
    for (const text of await marked.allTextContents()) expect(names.some((name) => text.includes(name))).toBe(true);
  });
});

test.describe('round report standings', () => {
  test.use({ viewport: DESKTOP });

  test('a finished round with early leavers lists them all, marked, ranked over everyone', async ({
    page,
    request,
  }) => {
    const list = await request.get('/stats/rounds', {
      params: { pageSize: 50, sortBy: 'participantCount', sortOrder: 'desc', includePlayers: 'false' },
    });
    const { items } = (await list.json()) as { items: { roundId: string; isActive: boolean }[] };
    let report: Report | undefined;
    for (const item of items.filter((round) => !round.isActive)) {
      const answer = (await (await request.get(`/stats/rounds/${item.roundId}/report`)).json()) as Report;
      if (answer.finalStandings.some((entry) => entry.left)) {
        report = answer;
        break;
      }
    }
    expect(report, 'a finished demo round with a player who left before the end').toBeDefined();
    const { round, finalStandings } = report!;
    await openReport(page, reportPath(round.roundId), report!);
    const panel = page.getByRole('region', { name: 'Final Standings' });
    await expect(panel.getByTestId('standing-row')).toHaveCount(round.participantCount);
    const leavers = finalStandings.filter((entry) => entry.left);
    await expect(panel.getByTestId('left-tag')).toHaveCount(leavers.length);
    for (const leaver of leavers.slice(0, 5)) {
      const row = standingRow(page, leaver.playerName);
      await expect(row).toHaveAttribute('data-left', 'true');
      await expect(row.locator('td').nth(2)).toHaveText(String(leaver.score));
    }
    // The last poll saw fewer than played: the header's count is the standings' count.
    expect(report!.leaderboardSnapshots.at(-1)?.entries.length ?? 0).toBeLessThan(round.participantCount);
    await expect(page.getByText(`${round.participantCount} players`, { exact: true })).toBeVisible();
  });

  test("a round still being played says 'Standings So Far', never final", async ({ page, request }) => {
    const list = await request.get('/stats/rounds', {
      params: { pageSize: 50, sortBy: 'endTime', sortOrder: 'desc', includePlayers: 'false' },
    });
    const { items } = (await list.json()) as { items: { roundId: string; isActive: boolean }[] };
    const live = items.find((round) => round.isActive);
    expect(live, 'a demo round being played').toBeDefined();
    const answered = page.waitForResponse((response) =>
      response.url().endsWith(`/stats/rounds/${live!.roundId}/report`),
    );
    await page.goto(reportPath(live!.roundId));
    const report = (await (await answered).json()) as Report;
    const panel = page.getByRole('region', { name: 'Standings So Far' });
    await expect(panel).toBeVisible();
    await expect(page.getByRole('region', { name: 'Final Standings' })).toHaveCount(0);
    await expect(panel.getByTestId('standing-row')).toHaveCount(report.finalStandings.length);
  });
});

test.describe('round report on a phone', () => {
  test.use({ viewport: PHONE });

  test('fits 375 px and replays', async ({ page, request }) => {
    const { report } = await chooseRound(request);
    await openReport(page, reportPath(report.round.roundId), report);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Forward 5 minutes' }).click();
    await expect(page.getByTestId('battle-event').first()).toBeVisible();
    await page.getByRole('button', { name: 'End' }).click();
    await expect(stepText(page)).toHaveText(lastStepLabel(report));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
