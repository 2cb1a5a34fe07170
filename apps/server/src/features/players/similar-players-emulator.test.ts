import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase, seedHistory } from '../../test/test-database.ts';
import type { PlantedIdentities } from '../../emulator/planted-identities.ts';
import { scoreSimilarity } from '../../domain/similarity/similarity-score.ts';
import { compareTemporal } from '../../domain/similarity/temporal-non-overlap.ts';
import { createSimilarPlayersRepository } from './similar-players.repository.ts';
import { createSimilarPlayersService, type SimilarPlayersService } from './similar-players.service.ts';

/**
 * Similar players on the emulator's world (issue 19; decision 0005's planted identities): four days of seed 1, the
 * features built by the round-closed queue as the collector's worker builds them.
 *
 * Four days are too few to rank a planted alias first: each name has a few hours, its K/D and favourite server are
 * still noisy, and the non-overlap term's evidence grows with the hours both names play (decision 0018). The ranks
 * are measured on the 30-day demo by bench/similar-players.bench.ts. What four days must already show is the term
 * itself: the two names of one person never overlap and score above 0 once they share a week on a server, and
 * strangers who met score 0.
 */

const END_MS = Date.parse('2026-03-05T22:00:00Z');

let database: TestDatabase;
let planted: PlantedIdentities;
let service: SimilarPlayersService;

beforeAll(async () => {
  database = await openTestDatabase();
  const history = await seedHistory(database, { seed: 1, endMs: END_MS, days: 4, workOffQueue: true });
  planted = history.world.plantedIdentities();
  service = createSimilarPlayersService({
    similarPlayersRepository: createSimilarPlayersRepository(database.db),
    clock: () => END_MS,
  });
}, 300_000);

afterAll(async () => {
  await database.close();
});

/**
 * Each name's sessions in closed rounds as the minutes they were online, read from the sessions themselves (not from
 * the similarity features): from the minute of the first poll to the minute of the last, both rounded down (as
 * decision 0018's intervals are), on any server.
 */
async function onlineMinutesOf(names: readonly string[]): Promise<Map<string, [string, string][]>> {
  const { rows } = await sql<{ player_name: string; first: string; last: string }>`
    select s.player_name, substr(s.start_time, 1, 16) as first, substr(s.last_seen, 1, 16) as last
    from sessions s join rounds r on r.round_key = s.round_key and r.end_time is not null
    where s.player_name in (${sql.join(names)})`.execute(database.db);
  const minutes = new Map<string, [string, string][]>();
  for (const row of rows)
    minutes.set(row.player_name, [...(minutes.get(row.player_name) ?? []), [row.first, row.last]]);
  return minutes;
}

/** Whether two names were online at the same minute, by their sessions. */
async function metInSessions(name: string, others: readonly string[]): Promise<Set<string>> {
  const minutes = await onlineMinutesOf([name, ...others]);
  const own = minutes.get(name) ?? [];
  return new Set(
    others.filter((other) =>
      (minutes.get(other) ?? []).some(([first, last]) =>
        own.some(([ownFirst, ownLast]) => first < ownLast && ownFirst < last),
      ),
    ),
  );
}

async function entryFor(name: string, partner: string) {
  const answer = await service.findSimilarPlayers({ playerName: name, mode: 'aliasdetection', limit: 50 });
  return answer?.similarPlayers.find((player) => player.playerName === partner);
}

describe('similar players on the emulator world', () => {
  it('the names of a planted alias never overlap, and score above 0 for not meeting once they share a week', async () => {
    const [first] = planted.aliasPairs;
    if (!first) throw new Error('the world planted no alias');
    const [oldName, newName] = first.names;
    // Both names of the first fade (from day ½, over 5 days) have played by day 4.
    const features = await createSimilarPlayersRepository(database.db).findFeaturesOf(first.names);
    expect(features.map((player) => player.playerName).sort()).toEqual([...first.names].sort());
    const [a, b] = features;
    if (!a || !b) throw new Error('both names have features');
    const sharesAWeek = Object.entries(a.serverWeeks).some(([server, weeks]) =>
      weeks.some((week) => b.serverWeeks[server]?.includes(week)),
    );
    expect(sharesAWeek).toBe(true);
    // Scored directly (the answer holds 15 × limit candidates at most; four days rank them loosely).
    const temporal = compareTemporal(a, b);
    expect(temporal.overlapMinutes).toBe(0);
    expect(temporal.nonOverlapScore).toBeGreaterThan(0);
    const entry = (await entryFor(oldName, newName)) ?? (await entryFor(newName, oldName));
    if (entry) expect(entry.temporalOverlapMinutes).toBe(0);
  });

  it('gives look-alike strangers who met a non-overlap of 0, and alias mode warns of it', async () => {
    let met = 0;
    for (const { names } of planted.lookAlikePairs) {
      // Scored directly: alias mode's funnel rightly drops strangers who met, so they need not be in the answer.
      const [a, b] = await createSimilarPlayersRepository(database.db).findFeaturesOf(names);
      if (!a || !b) continue;
      const similarity = scoreSimilarity({ ...a, mapDominance: {} }, { ...b, mapDominance: {} }, 'aliasdetection');
      if (similarity.temporal.overlapMinutes === 0) continue;
      met += 1;
      expect(similarity.temporal.nonOverlapScore).toBe(0);
      expect(similarity.reasons.some((reason) => reason.startsWith('High temporal overlap'))).toBe(
        similarity.temporal.overlapMinutes > 30,
      );
    }
    expect(met).toBeGreaterThan(0);
  });

  it('never offers in alias mode a name that was online at the same minute as the player', async () => {
    const active = await sql<{ player_name: string }>`
      select player_name from player_similarity_features order by played_ms desc limit 5`.execute(database.db);
    const targets = [...active.rows.map((row) => row.player_name), ...planted.aliasPairs.flatMap((pair) => pair.names)];
    let metByDefault = 0;
    for (const name of targets) {
      const aliases = await service.findSimilarPlayers({ playerName: name, mode: 'aliasdetection', limit: 50 });
      const offered = aliases?.similarPlayers ?? [];
      expect(offered.filter((candidate) => candidate.temporalOverlapMinutes > 0)).toEqual([]);
      expect([
        ...(await metInSessions(
          name,
          offered.map((candidate) => candidate.playerName),
        )),
      ]).toEqual([]);
      // Similar players (default mode) may well have met the player: the names alias mode leaves out are there.
      const similar = await service.findSimilarPlayers({ playerName: name, mode: 'default', limit: 50 });
      metByDefault += (
        await metInSessions(name, similar?.similarPlayers.map((candidate) => candidate.playerName) ?? [])
      ).size;
    }
    expect(metByDefault).toBeGreaterThan(0);
  }, 60_000);

  it("shows each server's ping as the formula has it: every ping sample of the player's finished rounds there", async () => {
    // Players with a session that the polls saw without play time (one sighting) but with a ping sample.
    const { rows: players } = await sql<{ player_name: string }>`
      select s.player_name from sessions s join rounds r on r.round_key = s.round_key and r.end_time is not null
      where s.played_ms = 0 and s.ping_count > 0
      group by s.player_name order by sum(s.ping_count) desc, s.player_name limit 5`.execute(database.db);
    expect(players.length).toBeGreaterThan(0);
    let checked = 0;
    for (const { player_name: name } of players) {
      // docs/formulas.md: the mean ping sample per server over the last 5 weeks (here all 4 days), servers with at
      // least 10 samples, 2 decimals.
      const { rows } = await sql<{ name: string; ping_sum: number; ping_count: number }>`
        select v.name, sum(s.ping_sum) as ping_sum, sum(s.ping_count) as ping_count
        from sessions s join rounds r on r.round_key = s.round_key and r.end_time is not null
          join servers v on v.server_guid = r.server_guid
        where s.player_name = ${name} group by v.name`.execute(database.db);
      const expected = Object.fromEntries(
        rows
          .filter((row) => Number(row.ping_count) >= 10)
          .map((row) => [row.name, Math.round((Number(row.ping_sum) / Number(row.ping_count)) * 100) / 100]),
      );
      const answer = await service.findSimilarPlayers({ playerName: name, mode: 'aliasdetection', limit: 1 });
      expect(answer?.targetPlayerStats.serverPings, name).toEqual(expected);
      checked += Object.keys(expected).length;
    }
    expect(checked).toBeGreaterThan(0);
  }, 60_000);
});
