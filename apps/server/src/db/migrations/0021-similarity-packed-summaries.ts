import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { packIntervals, type OnlineInterval } from '../../domain/similarity/online-intervals.ts';
import type { PlayerFeatures } from '../../domain/similarity/player-features.ts';
import { storeSummary } from '../../domain/similarity/stored-summary.ts';
import { forEachSummaryOf0015 } from './summaries-of-0015.ts';

/**
 * `player_similarity_packed_summaries`: similar players' summaries with their online intervals as bytes, not in
 * their JSON (domain/similarity/stored-summary.ts). A year's active player has about a thousand intervals in his 13
 * weeks, three quarters of his summary as JSON, and parsing 150 candidates' summaries was half of a similar-players
 * answer.
 *
 * Every summary of `player_similarity_summaries` is copied here, packed. That table is no longer written, but kept:
 * migrations only add (docs/operations.md, "Upgrades"), and an older instance still running beside upgraded ones
 * during a rolling upgrade reads it (its summaries as they were when this ran).
 */

/** A summary as `player_similarity_summaries` holds it: the intervals as pairs inside the JSON. */
type SummaryOf0015 = Omit<PlayerFeatures, 'intervals'> & { intervals: OnlineInterval[] };

export const similarityPackedSummaries: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table player_similarity_packed_summaries (
      player_name text primary key,
      features text not null,
      intervals blob not null
    )`.execute(db);
    await forEachSummaryOf0015(db, async (playerName, json) => {
      const old = JSON.parse(json) as SummaryOf0015;
      const stored = storeSummary({ ...old, intervals: packIntervals(old.intervals) });
      await sql`insert into player_similarity_packed_summaries (player_name, features, intervals)
        values (${playerName}, ${stored.features}, ${stored.intervals})`.execute(db);
    });
  },
};
