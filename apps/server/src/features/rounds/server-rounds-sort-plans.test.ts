import { ROUNDS_SORT_KEYS } from '@frontline/contract';
import { Kysely, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_MEMORY, openDatabase, type Database } from '../../db/database.ts';
import { updatePlannerStatistics } from '../../db/planner-statistics.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { createNodeSqliteDialect } from '../../db/sqlite-dialect.ts';
import { generateHistory } from '../../emulator/generate-history.ts';
import { sortOrder } from '../../http/query-rules.ts';
import { createRoundsRepository, type RoundFilter } from './rounds.repository.ts';

/**
 * Issue 15: "Every sort the server sessions page offers is served by an index (no sort of all a server's rounds)".
 * For every sort and direction `GET /stats/rounds` accepts, the page query the repository really sends for one
 * server is planned by SQLite; the plan must read the rounds in the asked order from an index, never sort them
 * (`USE TEMP B-TREE FOR ORDER BY`, or for a part of it). Planned twice: without statistics, and with those every file
 * database gathers when it opens and as it grows (db/planner-statistics.ts), which a deployment plans with.
 */

let database: Database;
let serverName: string;

beforeAll(async () => {
  database = await openDatabase(IN_MEMORY);
  generateHistory({
    sqlite: database.sqlite,
    seed: 2,
    endMs: Date.parse('2026-05-01T00:00:00Z'),
    days: 1,
    games: ['fh2'],
  });
  const busiest = database.sqlite
    .prepare(
      `select v.name from rounds r join servers v using (server_guid) where r.participant_count > 0
      group by r.server_guid order by count(*) desc limit 1`,
    )
    .get();
  serverName = String(busiest?.name);
}, 30_000);

afterAll(async () => {
  await database.close();
});

/** The plan of the statement that reads the page of rounds, as SQLite's EXPLAIN QUERY PLAN lines. */
async function pagePlan(
  sortBy: (typeof ROUNDS_SORT_KEYS)[number],
  direction: 'asc' | 'desc',
  filter: Partial<RoundFilter>,
): Promise<string[]> {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<DatabaseSchema>({
    dialect: createNodeSqliteDialect(database.sqlite),
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  const repository = createRoundsRepository(db);
  const { rounds } = await repository.findRounds({
    filter: { serverName, playerNames: [], includeEmpty: false, ...filter },
    sortBy,
    sortOrder: direction,
    limit: 10,
    offset: 0,
  });
  expect(rounds.length).toBeGreaterThan(0);
  const pages = sent.filter((query) => /from "rounds" as "r" inner join "servers"/.test(query.sql));
  expect(pages).toHaveLength(1);
  const [page] = pages as [CompiledQuery];
  return database.sqlite
    .prepare(`explain query plan ${page.sql}`)
    .all(...(page.parameters as never[]))
    .map((row) => String(row.detail));
}

const SORTS = ROUNDS_SORT_KEYS.flatMap((sortBy) => sortOrder.options.map((direction) => [sortBy, direction] as const));

describe.each([
  ['without statistics', false],
  ['with the statistics a file database gathers', true],
])("a server's rounds, in every order the rounds API offers, planned %s", (_, withStatistics) => {
  beforeAll(() => {
    if (withStatistics) updatePlannerStatistics(database.sqlite);
  });

  it.each(SORTS)(
    'by %s %s, played rounds (the default list): read in order from an index',
    async (sortBy, direction) => {
      const plan = await pagePlan(sortBy, direction, {});
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
      expect(plan.some((line) => /^SEARCH r USING (COVERING )?INDEX rounds_\w+ \(server_guid=\?/.test(line))).toBe(
        true,
      );
    },
  );

  // With statistics of one day of history, SQLite rightly sorts the few rounds of one map (a server's maps have a
  // handful a day each) rather than walk the server's rounds in order; on the year dataset it walks them in order.
  (withStatistics ? it.skip : it).each(SORTS)(
    'by %s %s, of one map (the maps table links here): read in order from an index',
    async (sortBy, direction) => {
      const { mapName } = (
        await createRoundsRepository(database.db).findMapsAndGameTypes({
          serverName,
          playerNames: [],
          includeEmpty: false,
        })
      )[0] ?? { mapName: '' };
      const plan = await pagePlan(sortBy, direction, { mapName });
      expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
    },
  );

  // With empty rounds too (the page's "show empty rounds"), the map's index of played rounds does not apply: that
  // one sort reads the server's rounds and sorts them (a third more rows than the default list); every other is an
  // index walk.
  it.each(SORTS)('by %s %s, empty rounds too: read in order from an index, but by map', async (sortBy, direction) => {
    const plan = await pagePlan(sortBy, direction, { includeEmpty: true });
    if (sortBy === 'mapName') expect(plan.join('\n')).toMatch(/TEMP B-TREE FOR ORDER BY/);
    else expect(plan.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});
