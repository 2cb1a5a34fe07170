import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { serverPlayedMsOf, type PlayerFeatures } from '../../domain/similarity/player-features.ts';
import { forEachSummaryOf0015 } from './summaries-of-0015.ts';

/**
 * Similar players' candidates from memory (docs/decisions/0025-similar-players-candidates-in-memory.md): each
 * instance keeps every player's narrow row, and reads again only the rows written since it last looked.
 *
 * - `servers` on the narrow row: the player's played milliseconds per server in the window (JSON object), what the
 *   candidates' shared servers are counted from. It replaces `player_similarity_servers`, an index by server that
 *   only the candidates' query read (and the round-closed work wrote, a row per player and server). That table is
 *   no longer written, but kept: migrations only add (docs/operations.md, "Upgrades"), and an older instance still
 *   running beside upgraded ones during a rolling upgrade reads it.
 * - `revision`: the write batch that last wrote the row, greater with every batch, indexed, so that "what changed
 *   since revision N" is one range read.
 *
 * Filled here from each player's summary, whose server minutes are those of the same window; rows written before
 * keep revision 0, which every instance reads when it starts.
 */

export const similarityCandidates: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table player_similarity_features add column servers text not null default '{}'`.execute(db);
    await sql`alter table player_similarity_features add column revision integer not null default 0`.execute(db);
    await forEachSummaryOf0015(db, async (playerName, json) => {
      const features = JSON.parse(json) as PlayerFeatures;
      await sql`update player_similarity_features set servers = ${JSON.stringify(serverPlayedMsOf(features))}
        where player_name = ${playerName}`.execute(db);
    });
    await sql`create index player_similarity_features_revision on player_similarity_features (revision)`.execute(db);
  },
};
