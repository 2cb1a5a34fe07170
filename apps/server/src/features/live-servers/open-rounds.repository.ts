import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema.ts';

/** Keeps each statement's parameter count far below SQLite's limit, however many servers a game lists. */
const GUIDS_PER_QUERY = 500;

/**
 * When each given server's open round began (its first poll, UTC ISO), by server guid; servers with no open round
 * are left out. The collector writes a poll before it publishes the poll's list, so a list read after that sees
 * the rounds of the same poll.
 */
export async function findOpenRoundStarts(
  db: Kysely<DatabaseSchema>,
  serverGuids: readonly string[],
): Promise<Map<string, string>> {
  const starts = new Map<string, string>();
  for (let start = 0; start < serverGuids.length; start += GUIDS_PER_QUERY) {
    const rows = await db
      .selectFrom('servers')
      .innerJoin('rounds', 'rounds.round_id', 'servers.open_round_id')
      .select(['servers.server_guid', 'rounds.start_time'])
      .where('servers.server_guid', 'in', serverGuids.slice(start, start + GUIDS_PER_QUERY))
      .execute();
    for (const row of rows) starts.set(row.server_guid, row.start_time);
  }
  return starts;
}
