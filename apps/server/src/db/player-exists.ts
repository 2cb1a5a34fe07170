import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.ts';

/** Whether the collector has ever seen this name (exactly as stored): a read of the players table's key. */
export async function playerExists(db: Kysely<DatabaseSchema>, playerName: string): Promise<boolean> {
  const row = await db
    .selectFrom('players')
    .select('player_name')
    .where('player_name', '=', playerName)
    .executeTakeFirst();
  return row !== undefined;
}
