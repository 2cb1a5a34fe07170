import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { packIntervals, type OnlineInterval } from '../../domain/similarity/online-intervals.ts';
import type { PlayerFeatures } from '../../domain/similarity/player-features.ts';
import { storeSummary } from '../../domain/similarity/stored-summary.ts';

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

const BATCH = 500;

/** A summary as `player_similarity_summaries` holds it: the intervals as pairs inside the JSON. */
type SummaryOf0015 = Omit<PlayerFeatures, 'intervals'> & { intervals: OnlineInterval[] };

export const similarityPackedSummaries: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table player_similarity_packed_summaries (
      player_name text primary key,
      features text not null,
      intervals blob not null
    )`.execute(db);
    let after = '';
    for (;;) {
      const { rows } = await sql<{ player_name: string; features: string }>`
        select player_name, features from player_similarity_summaries
        where player_name > ${after} order by player_name limit ${BATCH}`.execute(db);
      for (const row of rows) {
        const old = JSON.parse(row.features) as SummaryOf0015;
        const stored = storeSummary({ ...old, intervals: packIntervals(old.intervals) });
        await sql`insert into player_similarity_packed_summaries (player_name, features, intervals)
          values (${row.player_name}, ${stored.features}, ${stored.intervals})`.execute(db);
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) break;
      after = last.player_name;
    }
  },
};
