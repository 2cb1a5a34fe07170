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
      }
      return starts;
    },
  };
}

export type LiveServersRepository = ReturnType<typeof createLiveServersRepository>;
