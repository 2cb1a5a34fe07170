import { sql, type Kysely } from 'kysely';

const BATCH = 500;

/**
 * Visits every row of `player_similarity_summaries` (migration 0015's table: each player's summary as JSON, its
 * intervals as pairs) in name order, 500 rows read at a time, for the migrations that fill something from it.
 */
export async function forEachSummaryOf0015(
  db: Kysely<unknown>,
  visit: (playerName: string, features: string) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ player_name: string; features: string }>`
      select player_name, features from player_similarity_summaries
      where player_name > ${after} order by player_name limit ${BATCH}`.execute(db);
    for (const row of rows) await visit(row.player_name, row.features);
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) return;
    after = last.player_name;
  }
}
