import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { presenceHoursOf, presentHoursOf } from '../../domain/similarity/presence-hours.ts';
import { weekOfMs } from '../../domain/similarity/online-intervals.ts';
import { readStoredSummary } from '../../domain/similarity/stored-summary.ts';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { createPlayerSimilarityFeatures } from './player-similarity-features.ts';

/**
 * Similar players' features as the round-closed queue advances them (migration 0015; decision 0018): one closed
 * round at a time, the window sliding with the player's latest week.
 */

const DAY_MS = 86_400_000;
const BASE_MS = Date.parse('2026-03-02T00:00:00Z');
const at = (day: number, hour: number) => new Date(BASE_MS + day * DAY_MS + hour * 3_600_000).toISOString();

let database: TestDatabase;

beforeEach(async () => {
  database = await openTestDatabase();
  for (const [guid, name] of [
    ['guid-a', 'Alpha'],
    ['guid-b', 'Bravo'],
  ] as const) {
    insertServer(database.sqlite, { serverGuid: guid, name, firstSeen: at(0, 0), lastSeen: at(400, 0) });
  }
});

afterEach(async () => {
  await database.close();
});

function round(roundKey: number, serverGuid: string, day: number, names: readonly string[]): void {
  insertRound(database.sqlite, {
    roundKey,
    serverGuid,
    mapName: serverGuid === 'guid-a' ? 'wake' : 'midway',
    start: at(day, 20),
    end: at(day, 21),
    sessions: names.map((name) => ({ name, score: 20, kills: 10, deaths: 5, minutes: 60, ping: 40 })),
  });
}

function featuresOf(name: string) {
  const row = database.sqlite
    .prepare(
      `select f.last_week, f.kills, f.deaths, f.played_ms, f.favourite_server, f.presence, s.features, s.intervals
        from player_similarity_features f join player_similarity_packed_summaries s using (player_name)
        where player_name = ?`,
    )
    .get(name) as {
    last_week: number;
    kills: number;
    deaths: number;
    played_ms: number;
    favourite_server: string;
    presence: Uint8Array;
    features: string;
    intervals: Uint8Array;
  };
  return { ...row, features: readStoredSummary(row) };
}

const serverPlayedMs = (name: string) =>
  JSON.parse(
    (
      database.sqlite.prepare('select servers from player_similarity_features where player_name = ?').get(name) as {
        servers: string;
      }
    ).servers,
  ) as Record<string, number>;

describe('player similarity features', () => {
  it("adds each closed round's sessions to their players, with their servers and the map's week", () => {
    round(1, 'guid-a', 0, ['Ace', 'Bob']);
    round(2, 'guid-a', 1, ['Ace']);
    round(3, 'guid-b', 2, ['Ace']);
    const features = createPlayerSimilarityFeatures(database.sqlite);
    for (const key of [1, 2, 3]) features.addRound(key);
    features.flush();

    const ace = featuresOf('Ace');
    expect(ace).toMatchObject({ kills: 30, deaths: 15, played_ms: 3 * 3_600_000, favourite_server: 'guid-a' });
    expect(ace.last_week).toBe(weekOfMs(BASE_MS));
    expect(ace.features.hourMinutes[20]).toBe(180);
    expect(ace.features.intervals).toHaveLength(3 * 2);
    // Three evenings of an hour at 20:00: three presence hours, those of the intervals.
    expect(presentHoursOf({ lastWeek: ace.last_week, presence: ace.presence })).toHaveLength(3);
    expect(ace.presence).toEqual(presenceHoursOf(ace.features.intervals, ace.last_week));
    expect(serverPlayedMs('Ace')).toEqual({ 'guid-a': 2 * 3_600_000, 'guid-b': 3_600_000 });
    expect(
      database.sqlite.prepare('select map_name, kills, played_ms from similarity_map_weeks order by map_name').all(),
    ).toEqual([
      { map_name: 'midway', kills: 10, played_ms: 3_600_000 },
      { map_name: 'wake', kills: 30, played_ms: 3 * 3_600_000 },
    ]);
  });

  it('slides the window: 26 weeks of totals, 13 of intervals, servers left behind leave the row', () => {
    round(1, 'guid-b', 0, ['Ace']);
    round(2, 'guid-a', 80, ['Ace']);
    round(3, 'guid-a', 7 * 26, ['Ace']);
    const features = createPlayerSimilarityFeatures(database.sqlite);
    for (const key of [1, 2, 3]) features.addRound(key);
    features.flush();

    const ace = featuresOf('Ace');
    // Day 0 is 26 weeks before the last round's week: out of the window; day 80 is inside it.
    expect(ace).toMatchObject({ kills: 20, played_ms: 2 * 3_600_000, favourite_server: 'guid-a' });
    // Day 80 is more than 13 weeks back: its interval is gone.
    expect(ace.features.intervals).toHaveLength(2);
    expect(serverPlayedMs('Ace')).toEqual({ 'guid-a': 2 * 3_600_000 });
  });
});

describe('revisions (migration 0019: what instances read to keep their candidates current)', () => {
  const revisions = () =>
    Object.fromEntries(
      (
        database.sqlite.prepare('select player_name, revision from player_similarity_features').all() as {
          player_name: string;
          revision: number;
        }[]
      ).map((row) => [row.player_name, Number(row.revision)]),
    );

  it('gives the rows a batch writes one revision, greater than any written before, and leaves the others', () => {
    round(1, 'guid-a', 0, ['Ace', 'Bob']);
    round(2, 'guid-b', 1, ['Ace', 'Cat']);
    round(3, 'guid-a', 2, ['Cat']);
    const features = createPlayerSimilarityFeatures(database.sqlite);
    features.addRound(1);
    features.addRound(2);
    features.flush();
    const first = revisions();
    expect(first.Ace).toBeGreaterThan(0);
    expect(first).toEqual({ Ace: first.Ace, Bob: first.Ace, Cat: first.Ace });

    features.addRound(3);
    features.flush();
    expect(revisions()).toEqual({ Ace: first.Ace, Bob: first.Ace, Cat: first.Ace! + 1 });
  });
});
