import type { Kysely } from 'kysely';
import { parameterChunks } from '../../db/parameter-chunks.ts';
import type { DatabaseSchema } from '../../db/schema.ts';
import { findServerProfiles } from '../../db/server-profiles.ts';
import type { ServerGuid } from '../../domain/ids.ts';

/** What the database knows about the servers of a live list besides the feed: their profiles, their rounds. */
export function createLiveServersRepository(db: Kysely<DatabaseSchema>) {
  return {
    /** The known profiles of the given servers, by server guid. */
    findServerProfiles(serverGuids: readonly ServerGuid[]) {
      return findServerProfiles(db, serverGuids);
    },

    /**
     * When each given server's open round began (its first poll, UTC ISO), by server guid; servers with no open
     * round are left out. The collector writes a poll before it publishes the poll's list, so a list read after
     * that sees the rounds of the same poll.
     */
    async findOpenRoundStarts(serverGuids: readonly ServerGuid[]): Promise<Map<ServerGuid, string>> {
      const starts = new Map<ServerGuid, string>();
      for (const guids of parameterChunks(serverGuids)) {
        const rows = await db
          .selectFrom('servers')
          .innerJoin('rounds', 'rounds.round_id', 'servers.open_round_id')
          .select(['servers.server_guid', 'rounds.start_time'])
          .where('servers.server_guid', 'in', guids)
          .execute();
        for (const row of rows) starts.set(row.server_guid, row.start_time);
        // A new round that the collector holds for the next poll's word (decision 0003, "Glitches") began at the
        // held poll, as the list already shows its map: not the round before it, which is still the open one.
        const held = await db
          .selectFrom('held_polls')
          .select(['server_guid', 'held_at'])
          .where('server_guid', 'in', guids)
          .where('change', 'in', ['map_change', 'restart'])
          .execute();
        for (const row of held) starts.set(row.server_guid, new Date(row.held_at).toISOString());
      }
      return starts;
    },
  };
}

export type LiveServersRepository = ReturnType<typeof createLiveServersRepository>;
