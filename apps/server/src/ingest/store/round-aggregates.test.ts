import type { SyncConnection } from '../../db/sync-connection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateHistory } from '../../emulator/generate-history.ts';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { useTestDatabase, openTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { decodeTimeline } from '../../domain/timeline-codec.ts';
import { participantBand } from '../../domain/participant-bands.ts';
import { createRoundClosedQueue } from './round-closed-queue.ts';

/**
 * The round aggregates after a simulated day written by the real tracker and store, against the same
 * figures recomputed here in plain code from every closed round and its sessions; then the replay an older
 * database owes (rows of the round-closed queue, migration 0012) must rebuild exactly the same tables.
 */

// docs/decisions/0008-round-aggregates.md: `round_top_scores` keeps "each round's ten best",
// `player_best_scores` "a player's best 20 single rounds of all time".
const TOP_SCORES_PER_ROUND = 10;
const BEST_SCORES_KEPT = 20;

const END_MS = Date.UTC(2026, 0, 9, 21, 0, 0);
const DAY_MS = 86_400_000;

interface SessionRow {
  session_id: number;
  round_key: number;
  map_name: string;
  server_guid: string;
  end_time: string;
  player_name: string;
  score: number;
  kills: number;
  deaths: number;
  played_ms: number;
  ping_sum: number;
  ping_count: number;
  last_seen: string;
}

type Row = Record<string, string | number>;

const AGGREGATE_TABLES = [
  'server_player_totals',
  'server_player_days',
  'server_placement_days',
  'server_placement_totals',
  'round_top_scores',
  'server_map_days',
  'player_map_months',
  'player_best_scores',
] as const;

/** Queues every closed round for `work`, as migration 0012 does for an older database, and works the queue off. */
function replayThroughQueue(sqlite: SyncConnection, work: 'aggregates' | 'map_days'): number {
  sqlite
    .prepare(
      `insert into round_closed_queue (round_key, work)
        select round_key, ? from rounds where is_active = 0 order by end_time, round_key`,
    )
    .run(work);
  return createRoundClosedQueue(sqlite).processQueue(Number.POSITIVE_INFINITY).processed;
}

/** Rows as sorted JSON lines (keys sorted too), so two sets of rows compare whatever order they came in. */
function linesOf(rows: Row[]): string[] {
  return rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
}

function tableLines(sqlite: SyncConnection, table: string): string[] {
  return linesOf(sqlite.prepare(`select * from ${table}`).all() as Row[]);
}

/** The aggregates as the rules of round-aggregates.ts define them, computed from sessions and timelines. */
function recompute(sqlite: SyncConnection): Record<(typeof AGGREGATE_TABLES)[number], string[]> {
  const sessions = sqlite
    .prepare(
      `select s.session_id, s.round_key, r.map_name, r.server_guid, r.end_time, s.player_name, s.score, s.kills, s.deaths, s.played_ms,
        s.ping_sum, s.ping_count, s.last_seen
      from sessions s join rounds r on r.round_key = s.round_key where r.is_active = 0`,
    )
    .all() as unknown as SessionRow[];
  const rounds = sqlite
    .prepare(
      `select round_key, server_guid, map_name, start_time, end_time, participant_count, poll_count, t.timeline
      from rounds r join round_timelines t using (round_key) where r.is_active = 0`,
    )
    .all() as unknown as {
    round_key: number;
    server_guid: string;
    map_name: string;
    start_time: string;
    end_time: string;
    participant_count: number;
    poll_count: number;
    timeline: Uint8Array;
  }[];
  const dayOf = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS);

  const totals = new Map<string, Row>();
  const days = new Map<string, Row>();
  for (const session of sessions) {
    const totalKey = `${session.server_guid}|${session.player_name}`;
    const total = totals.get(totalKey);
    if (!total) {
      totals.set(totalKey, {
        server_guid: session.server_guid,
        player_name: session.player_name,
        rounds: 1,
        score: session.score,
        kills: session.kills,
        deaths: session.deaths,
        played_ms: session.played_ms,
        ping_sum: session.ping_sum,
        ping_count: session.ping_count,
        best_score: session.score,
        best_round_key: session.round_key,
        last_seen: session.last_seen,
      });
    } else {
      // The first round with the best score keeps it (rounds are closed, and added, in key order).
      const better =
        session.score > Number(total.best_score) ||
        (session.score === Number(total.best_score) && session.round_key < Number(total.best_round_key));
      Object.assign(total, {
        rounds: Number(total.rounds) + 1,
        score: Number(total.score) + session.score,
        kills: Number(total.kills) + session.kills,
        deaths: Number(total.deaths) + session.deaths,
        played_ms: Number(total.played_ms) + session.played_ms,
        ping_sum: Number(total.ping_sum) + session.ping_sum,
        ping_count: Number(total.ping_count) + session.ping_count,
        best_score: better ? session.score : total.best_score,
        best_round_key: better ? session.round_key : total.best_round_key,
        last_seen: session.last_seen > String(total.last_seen) ? session.last_seen : total.last_seen,
      });
    }
    const day = dayOf(session.end_time);
    const dayKey = `${session.server_guid}|${day}|${session.player_name}`;
    const dayRow = days.get(dayKey) ?? {
      server_guid: session.server_guid,
      day,
      player_name: session.player_name,
      rounds: 0,
      score: 0,
      kills: 0,
      deaths: 0,
      played_ms: 0,
    };
    dayRow.rounds = Number(dayRow.rounds) + 1;
    dayRow.score = Number(dayRow.score) + session.score;
    dayRow.kills = Number(dayRow.kills) + session.kills;
    dayRow.deaths = Number(dayRow.deaths) + session.deaths;
    dayRow.played_ms = Number(dayRow.played_ms) + session.played_ms;
    days.set(dayKey, dayRow);
  }

  const byRound = Map.groupBy(sessions, (session) => session.round_key);
  const placementDays = new Map<string, Row>();
  const placementTotals = new Map<string, Row>();
  const topScores: Row[] = [];
  const mapDays = new Map<string, Row>();
  const addPlace = (map: Map<string, Row>, key: string, base: Row, place: number) => {
    const row = map.get(key) ?? { ...base, first_places: 0, second_places: 0, third_places: 0 };
    const column = (['first_places', 'second_places', 'third_places'] as const)[place] ?? 'third_places';
    row[column] = Number(row[column]) + 1;
    map.set(key, row);
  };
  for (const round of rounds) {
    const own = byRound.get(round.round_key) ?? [];
    const day = dayOf(round.end_time);
    const band = participantBand(round.participant_count);
    const podium = own
      .filter((session) => session.score > 0)
      .sort(
        (a, b) =>
          b.score - a.score ||
          b.kills - a.kills ||
          a.deaths - b.deaths ||
          (a.player_name < b.player_name ? -1 : a.player_name > b.player_name ? 1 : 0),
      )
      .slice(0, 3);
    podium.forEach((session, place) => {
      const base = { server_guid: round.server_guid, participant_band: band, player_name: session.player_name };
      addPlace(placementDays, `${round.server_guid}|${day}|${band}|${session.player_name}`, { ...base, day }, place);
      addPlace(placementTotals, `${round.server_guid}|${band}|${session.player_name}`, base, place);
    });
    const best = own.filter((session) => session.score > 0).sort((a, b) => b.score - a.score);
    const cutoff = best[TOP_SCORES_PER_ROUND - 1]?.score ?? 0;
    // Ties at the tenth place may be cut either way; the table must hold ten of them and no worse score.
    for (const session of best.slice(0, TOP_SCORES_PER_ROUND).filter((entry) => entry.score > cutoff)) {
      topScores.push({
        server_guid: round.server_guid,
        score: session.score,
        round_key: round.round_key,
        player_name: session.player_name,
        kills: session.kills,
        deaths: session.deaths,
        ended_at: round.end_time,
      });
    }
    const polls = decodeTimeline(round.timeline).polls;
    const mapKey = `${round.server_guid}|${day}|${round.map_name}`;
    const mapRow = mapDays.get(mapKey) ?? {
      server_guid: round.server_guid,
      day,
      map_name: round.map_name,
      rounds: 0,
      played_ms: 0,
      polls: 0,
      player_poll_sum: 0,
      peak_players: 0,
    };
    // Time players were on the map: the round's length times the share of its polls (all of them, also those
    // that saw nobody and so are not in the timeline) that saw a player.
    const lengthMs = Date.parse(round.end_time) - Date.parse(round.start_time);
    const seen = polls.filter((poll) => poll.samples.length > 0).length;
    mapRow.rounds = Number(mapRow.rounds) + 1;
    mapRow.played_ms = Number(mapRow.played_ms) + Math.round((lengthMs * seen) / round.poll_count);
    mapRow.polls = Number(mapRow.polls) + round.poll_count;
    mapRow.player_poll_sum = Number(mapRow.player_poll_sum) + polls.reduce((sum, poll) => sum + poll.samples.length, 0);
    mapRow.peak_players = Math.max(Number(mapRow.peak_players), ...polls.map((poll) => poll.samples.length));
    mapDays.set(mapKey, mapRow);
  }
  const mapMonths = new Map<string, Row>();
  for (const session of sessions) {
    const end = new Date(session.end_time);
    const month = end.getUTCFullYear() * 100 + end.getUTCMonth() + 1;
    const key = `${session.player_name}|${session.server_guid}|${month}|${session.map_name}`;
    const row = mapMonths.get(key) ?? {
      player_name: session.player_name,
      server_guid: session.server_guid,
      month,
      map_name: session.map_name,
      rounds: 0,
      score: 0,
      kills: 0,
      deaths: 0,
      played_ms: 0,
    };
    row.rounds = Number(row.rounds) + 1;
    row.score = Number(row.score) + session.score;
    row.kills = Number(row.kills) + session.kills;
    row.deaths = Number(row.deaths) + session.deaths;
    row.played_ms = Number(row.played_ms) + session.played_ms;
    mapMonths.set(key, row);
  }
  const bestScores: Row[] = [];
  for (const own of Map.groupBy(sessions, (session) => session.player_name).values()) {
    const best = own
      .filter((session) => session.score > 0)
      .sort((a, b) => b.score - a.score || b.session_id - a.session_id)
      .slice(0, BEST_SCORES_KEPT);
    for (const session of best) {
      bestScores.push({ player_name: session.player_name, score: session.score, session_id: session.session_id });
    }
  }
  return {
    player_map_months: linesOf([...mapMonths.values()]),
    player_best_scores: linesOf(bestScores),
    server_player_totals: linesOf([...totals.values()]),
    server_player_days: linesOf([...days.values()]),
    server_placement_days: linesOf([...placementDays.values()]),
    server_placement_totals: linesOf([...placementTotals.values()]),
    round_top_scores: linesOf(topScores),
    server_map_days: linesOf([...mapDays.values()]),
  };
}

/** round_top_scores rows strictly above each round's tenth score (the rest may be cut at a tie). */
function topScoresAboveCutoff(sqlite: SyncConnection): string[] {
  const rows = sqlite.prepare('select * from round_top_scores').all() as Row[];
  const byRound = Map.groupBy(rows, (row) => row.round_key);
  const kept: Row[] = [];
  for (const own of byRound.values()) {
    const scores = own.map((row) => Number(row.score)).sort((a, b) => b - a);
    const cutoff = own.length >= TOP_SCORES_PER_ROUND ? (scores[TOP_SCORES_PER_ROUND - 1] ?? 0) : 0;
    kept.push(...own.filter((row) => Number(row.score) > cutoff));
  }
  return linesOf(kept);
}

describe('round aggregates', () => {
  let database: TestDatabase;
  let expected: ReturnType<typeof recompute>;

  // A day of history through the real tracker and store: seconds alone, more on a machine busy with other work.
  beforeAll(async () => {
    database = await openTestDatabase();
    generateHistory({ sqlite: database.sqlite, seed: 3, endMs: END_MS, days: 1, games: ['bf1942'] });
    // Generation leaves its rounds' achievements queued (decision 0017): worked off first, as the worker would.
    createRoundClosedQueue(database.sqlite).processQueue(Number.POSITIVE_INFINITY);
    expected = recompute(database.sqlite);
    // On PostgreSQL every statement is a round trip: about 15 s there, and twice that on a machine busy with more.
  }, 90_000);

  afterAll(async () => {
    await database.close();
  });

  it('were written for a real history (the comparison below is not of empty tables)', () => {
    expect(expected.server_player_totals.length).toBeGreaterThan(100);
    expect(expected.server_placement_totals.length).toBeGreaterThan(10);
    expect(expected.server_map_days.length).toBeGreaterThan(10);
  });

  it('equal the figures recomputed from every closed round, as each round closed', () => {
    for (const table of AGGREGATE_TABLES) {
      if (table === 'round_top_scores') continue;
      expect(tableLines(database.sqlite, table), table).toEqual(expected[table]);
    }
    expect(topScoresAboveCutoff(database.sqlite)).toEqual(expected.round_top_scores);
    // Ten per round at most, and no round misses one of its ten best.
    const counts = database.sqlite
      .prepare('select max(n) as most from (select count(*) as n from round_top_scores group by round_key) as counts')
      .get() as { most: number };
    expect(counts.most).toBeLessThanOrEqual(TOP_SCORES_PER_ROUND);
  });

  it('keep daily ping histograms equal to the hourly ones summed by day', () => {
    const fromHours = database.sqlite
      .prepare(
        `select server_guid, substr(hour_start, 1, 10) || 'T00:00:00.000Z' as day_start, ping_bin,
          sum(samples) as samples
        from server_ping_hourly group by server_guid, substr(hour_start, 1, 10), ping_bin`,
      )
      .all() as Row[];
    expect(fromHours.length).toBeGreaterThan(100);
    expect(tableLines(database.sqlite, 'server_ping_daily')).toEqual(linesOf(fromHours));
  });

  it('are rebuilt identically by the replay an older database owes, through the round-closed queue', () => {
    const before = Object.fromEntries(AGGREGATE_TABLES.map((table) => [table, tableLines(database.sqlite, table)]));
    for (const table of AGGREGATE_TABLES) database.sqlite.exec(`delete from ${table}`);

    const replayed = replayThroughQueue(database.sqlite, 'aggregates');

    const closed = database.sqlite.prepare('select count(*) as n from rounds where is_active = 0').get() as {
      n: number;
    };
    expect(replayed).toBe(closed.n);
    for (const table of AGGREGATE_TABLES) expect(tableLines(database.sqlite, table), table).toEqual(before[table]);
    // Done once: the queue is empty, and working it again adds nothing.
    expect(createRoundClosedQueue(database.sqlite).processQueue(Number.POSITIVE_INFINITY)).toEqual({
      processed: 0,
      remaining: 0,
    });
    // Every round of the history worked off again: seconds on PostgreSQL, a statement at a time.
  }, 60_000);

  it("count every poll in a map's polls, also those that saw nobody (the history has such rounds)", () => {
    const rounds = database.sqlite
      .prepare(
        'select r.poll_count, t.timeline from rounds r left join round_timelines t using (round_key) where r.is_active = 0',
      )
      .all() as {
      poll_count: number;
      timeline: Uint8Array | null;
    }[];
    const timelinePolls = (timeline: Uint8Array | null) => (timeline ? decodeTimeline(timeline).polls.length : 0);
    expect(rounds.filter((round) => round.poll_count > timelinePolls(round.timeline)).length).toBeGreaterThan(0);
    const mapPolls = database.sqlite.prepare('select sum(polls) as polls from server_map_days').get() as {
      polls: number;
    };
    expect(mapPolls.polls).toBe(rounds.reduce((sum, round) => sum + round.poll_count, 0));
  });

  it('are rebuilt for the maps table alone when migration 0008 asks for it, the other tables untouched', () => {
    const before = Object.fromEntries(AGGREGATE_TABLES.map((table) => [table, tableLines(database.sqlite, table)]));
    database.sqlite.exec('delete from server_map_days');

    expect(replayThroughQueue(database.sqlite, 'map_days')).toBeGreaterThan(0);

    for (const table of AGGREGATE_TABLES) expect(tableLines(database.sqlite, table), table).toEqual(before[table]);
  });
});

describe('best scores of a player', () => {
  const database = useTestDatabase();

  it(`keep the best ${BEST_SCORES_KEPT} single rounds, newer first on equal scores, and no score of 0`, () => {
    const { sqlite } = database();
    insertServer(sqlite, {
      serverGuid: 'g',
      name: 'S',
      firstSeen: '2026-01-01T00:00:00.000Z',
      lastSeen: '2026-01-02T00:00:00.000Z',
    });
    // Scores 0, 1, …, 24 and a second 24: the kept ones are the two 24s and 23 down to 6.
    const scores = [...Array.from({ length: 25 }, (_, index) => index), 24];
    scores.forEach((score, index) => {
      const start = new Date(Date.UTC(2026, 0, 1, 0, index * 10)).toISOString();
      const end = new Date(Date.UTC(2026, 0, 1, 0, index * 10 + 5)).toISOString();
      insertRound(sqlite, {
        roundKey: index + 1,
        serverGuid: 'g',
        mapName: 'wake',
        start,
        end,
        sessions: [{ name: 'Ace', score, kills: 0, deaths: 0, minutes: 5 }],
      });
    });
    const kept = sqlite
      .prepare('select score, session_id from player_best_scores order by score desc, session_id desc')
      .all() as { score: number; session_id: number }[];
    expect(kept).toHaveLength(BEST_SCORES_KEPT);
    expect(kept.map((row) => row.score)).toEqual([24, 24, ...Array.from({ length: 18 }, (_, index) => 23 - index)]);
    expect(kept[0]?.session_id).toBeGreaterThan(kept[1]?.session_id ?? Infinity);
  });
});
