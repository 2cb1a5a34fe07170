import { Kysely, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/database.ts';
import { reloadPlannerStatistics } from '../../db/planner-statistics.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { createNodeSqliteDialect } from '../../db/sqlite-dialect.ts';
import { asServerGuid } from '../../domain/ids.ts';
import { openSqliteDatabaseFile } from '../../test/test-database.ts';
import { createServersRepository } from './servers.repository.ts';

/**
 * A server's latest played rounds (its profile's Recent Rounds) on SQLite, for a server with a year of rounds. Without
 * statistics SQLite takes the (server, participants) index, reads every played round of the server and sorts them:
 * 300 ms to a second for the first request of a server's page on the year dataset. With the statistics every file
 * database gathers (db/planner-statistics.ts) it reads ten entries of the played rounds' index in end order. The
 * database is a file, as deployed: the HTTP thread's connection, opened while the file was empty, has the
 * statistics of then, until it reloads those the collector's connection gathered when it opened.
 */

const GUID = asServerGuid('busy-server');
/** About a year of a busy server: a round every 20 minutes. */
const ROUNDS = 26_000;

let file: Awaited<ReturnType<typeof openSqliteDatabaseFile>>;
let database: Database;

beforeAll(async () => {
  file = await openSqliteDatabaseFile();
  ({ database } = file);
  database.sqlite
    .prepare(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROUNDS})
      insert into rounds (round_key, round_id, server_guid, map_name, game_type, start_time, end_time, last_poll_at,
        is_active, team1_label, team2_label, participant_count, poll_count)
      select i, 'round-' || i, ?, 'wake', 'conquest',
        strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i * 1200, 'unixepoch'),
        strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i * 1200 + 1100, 'unixepoch'),
        strftime('%Y-%m-%dT%H:%M:%fZ', 1767225600 + i * 1200 + 1100, 'unixepoch'),
        0, 'Axis', 'Allies', case when i % 3 = 0 then 0 else 1 + i % 40 end, 55
      from n`,
    )
    .run(GUID);
});

afterAll(async () => {
  await file.remove();
});

/** The plan of the recent rounds' statement, as SQLite's EXPLAIN QUERY PLAN lines. */
async function recentRoundsPlan(): Promise<string[]> {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<DatabaseSchema>({
    dialect: createNodeSqliteDialect(database.sqlite),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  const rounds = await createServersRepository(db).findRecentRounds([GUID], 10);
  expect(rounds.map((round) => round.roundId)[0]).toBe(`round-${ROUNDS}`);
  const query = sent.at(-1)!;
  return database.sqlite
    .prepare(`explain query plan ${query.sql}`)
    .all(...(query.parameters as never[]))
    .map((row) => String(row.detail));
}

describe("a server's latest played rounds", () => {
  it('are read in end order from the played rounds, ten entries, once the statistics are there', async () => {
    // Opened empty: no statistics of the rounds, the other index of the same first column, and a sort of them all.
    expect(await recentRoundsPlan()).toContain('USE TEMP B-TREE FOR ORDER BY');
    // Another connection (the collector's) gathers them as it opens; this one sees them once it reloads.
    const collectors = await openDatabase(file.path);
    await collectors.close();
    expect(await recentRoundsPlan()).toContain('USE TEMP B-TREE FOR ORDER BY');
    reloadPlannerStatistics(database.sqlite);
    expect(await recentRoundsPlan()).toEqual(['SEARCH rounds USING INDEX rounds_played_server_end (server_guid=?)']);
  });
});
