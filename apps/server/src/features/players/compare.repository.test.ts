import type { DatabaseSync } from 'node:sqlite';
import { Kysely, type CompiledQuery } from 'kysely';
import { onPostgres, openTestDatabase, type TestDatabase, seedHistory } from '../../test/test-database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseSchema } from '../../db/schema.ts';
import { createNodeSqliteDialect } from '../../db/sqlite-dialect.ts';
import { asServerGuid } from '../../domain/ids.ts';
import { insertRound, insertServer } from '../../test/round-fixtures.ts';
import { createCompareRepository } from './compare.repository.ts';
import { sharedRoundKeys } from './shared-round-keys.ts';

/**
 * The comparison reads one player's rows by key or index, never a table: every statement the repository sends is
 * planned by SQLite (without statistics, as in a deployment, where nothing runs ANALYZE) and must search, not
 * scan, the sessions, rounds and aggregates; the head-to-head reads each player's round keys from the (player,
 * round) index alone, and the shared rounds' figures by key.
 */

let database: TestDatabase;
let player1: string;
let player2: string;
let serverGuid: string;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedHistory(database, { seed: 2, endMs: Date.parse('2026-05-01T00:00:00Z'), days: 1, games: ['fh2'] });
  // The pair that shared the most rounds, and the server of most of them.
  const pair = database.sqlite
    .prepare(
      `select a.player_name as first, b.player_name as second, r.server_guid as guid, count(*) as shared
      from sessions a join sessions b on b.round_key = a.round_key and b.player_name > a.player_name
      join rounds r on r.round_key = a.round_key
      group by 1, 2, 3 order by shared desc limit 1`,
    )
    .get() as { first: string; second: string; guid: string };
  [player1, player2, serverGuid] = [pair.first, pair.second, pair.guid];
}, 60_000);

afterAll(async () => {
  await database.close();
});

/** Runs the repository's reads for the pair and returns each statement sent with its plan. */
async function plansOfComparison(): Promise<{ sql: string; plan: string[] }[]> {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<DatabaseSchema>({
    dialect: createNodeSqliteDialect(database.sqlite as DatabaseSync),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  const repository = createCompareRepository(db);
  const guid = asServerGuid(serverGuid);
  const keys = sharedRoundKeys(await repository.findRoundKeys(player1), await repository.findRoundKeys(player2));
  expect(await repository.findSharedRounds(player1, player2, keys, undefined, 50)).not.toHaveLength(0);
  expect(await repository.findSharedRounds(player1, player2, keys, guid, 50)).not.toHaveLength(0);
  await repository.findServer(guid);
  await repository.findServerFigures(player1);
  await repository.findWindowFigures(player1, { Last30Days: 0, Last6Months: 0, LastYear: 0 });
  await repository.findMapFigures(player1);
  await repository.findMilestoneAwards(player1);
  expect((await repository.findOnlineSpans(player1, '1970-01-01T00:00:00.000Z', 5_000)).length).toBeGreaterThan(0);
  return sent.map((query) => ({
    sql: query.sql,
    plan: database.sqlite
      .prepare(`explain query plan ${query.sql}`)
      .all(...(query.parameters as (string | number)[]))
      .map((row) => String(row.detail)),
  }));
}

// SQLite's plans (EXPLAIN QUERY PLAN); PostgreSQL plans by its statistics.
describe.skipIf(onPostgres)('the comparison’s query plans', () => {
  it('search every table by key or index, never scan one', async () => {
    for (const { sql, plan } of await plansOfComparison()) {
      expect(
        plan.filter((line) => line.startsWith('SCAN')),
        `${sql}\n${plan.join('\n')}`,
      ).toEqual([]);
    }
  });

  it("sum each player's days per window from the (player, day) index alone (migration 0020)", async () => {
    const windows = (await plansOfComparison()).filter(({ sql }) => /from "server_player_days"/.test(sql));
    expect(windows).toHaveLength(1);
    for (const { plan } of windows) {
      expect(plan).toContain(
        'SEARCH server_player_days USING COVERING INDEX server_player_days_player_figures (player_name=? AND day>?)',
      );
    }
  });

  it("read each player's rounds from the (player, round) index alone, then the shared rounds by key", async () => {
    const plans = await plansOfComparison();
    const keys = plans.filter(({ sql }) => /^select "round_key" from "sessions"/.test(sql));
    expect(keys).toHaveLength(2);
    for (const { plan } of keys) {
      expect(plan).toEqual(['SEARCH sessions USING COVERING INDEX sessions_player_round (player_name=?)']);
    }
    const figures = plans.filter(({ sql }) => sql.includes('"sessions" as "b"'));
    expect(figures).toHaveLength(2);
    for (const { plan } of figures) {
      expect(plan).toContain('SEARCH r USING INTEGER PRIMARY KEY (rowid=?)');
      expect(
        plan.filter((line) => line.includes('sessions_player_round (player_name=? AND round_key=?)')),
      ).toHaveLength(2);
    }
  });
});

describe('the head-to-head rounds', () => {
  let small: TestDatabase;

  beforeAll(async () => {
    small = await openTestDatabase();
    insertServer(small.sqlite, {
      serverGuid: 'g',
      name: 'Alpha',
      firstSeen: '2026-05-01T00:00:00.000Z',
      lastSeen: '2026-05-01T23:00:00.000Z',
    });
    const both = (roundKey: number, start: string, annJoined: string, benJoined: string) =>
      insertRound(small.sqlite, {
        roundKey,
        serverGuid: 'g',
        mapName: 'wake',
        start,
        end: '2026-05-01T13:00:00.000Z',
        sessions: [
          { name: 'Ann', score: 1, kills: 1, deaths: 1, minutes: 10, start: annJoined },
          { name: 'Ben', score: 1, kills: 1, deaths: 1, minutes: 10, start: benJoined },
        ],
      });
    // Newest round start first, whenever each player joined.
    both(3, '2026-05-01T11:50:00.000Z', '2026-05-01T11:50:00.000Z', '2026-05-01T12:05:00.000Z');
    both(4, '2026-05-01T11:40:00.000Z', '2026-05-01T12:01:00.000Z', '2026-05-01T12:01:00.000Z');
    both(5, '2026-05-01T12:10:00.000Z', '2026-05-01T12:10:00.000Z', '2026-05-01T12:10:00.000Z');
  });

  afterAll(async () => {
    await small.close();
  });

  it('come newest round start first, at most the limit', async () => {
    const repository = createCompareRepository(small.db);
    const keys = sharedRoundKeys(await repository.findRoundKeys('Ann'), await repository.findRoundKeys('Ben'));
    expect(keys).toEqual([3, 4, 5]);
    const newest = await repository.findSharedRounds('Ann', 'Ben', keys, undefined, 2);
    expect(newest.map((round) => round.roundId)).toEqual(['round-5', 'round-3']);
    const all = await repository.findSharedRounds('Ann', 'Ben', keys, undefined, 50);
    expect(all.map((round) => round.roundId)).toEqual(['round-5', 'round-3', 'round-4']);
    expect(all[0]).toMatchObject({ serverName: 'Alpha', player1: { score: 1, kills: 1, deaths: 1 } });
    expect(await repository.findSharedRounds('Ann', 'Ben', keys, asServerGuid('other'), 50)).toEqual([]);
  });
});
