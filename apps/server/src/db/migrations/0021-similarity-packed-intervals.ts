import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { packIntervals, type OnlineInterval } from '../../domain/similarity/online-intervals.ts';
import type { PlayerFeatures } from '../../domain/similarity/player-features.ts';
import { storeSummary } from '../../domain/similarity/stored-summary.ts';

/**
 * Similar players' summaries keep their online intervals as bytes (`intervals`), not in their JSON
 * (domain/similarity/stored-summary.ts): a year's active player has about a thousand intervals in his 13 weeks, three
 * quarters of his summary as JSON, and parsing 150 candidates' summaries was half of a similar-players answer.
 * Every summary is rewritten here; the column stays null only for a summary written before this migration ran (none
 * once it has).
 */

const BATCH = 500;

/** A summary as written before this migration: the intervals as pairs inside the JSON. */
type SummaryOf0015 = Omit<PlayerFeatures, 'intervals'> & { intervals: OnlineInterval[] };

export const similarityPackedIntervals: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table player_similarity_summaries add column intervals blob`.execute(db);
    let after = '';
    for (;;) {
      const { rows } = await sql<{ player_name: string; features: string }>`
        select player_name, features from player_similarity_summaries
        where player_name > ${after} order by player_name limit ${BATCH}`.execute(db);
      for (const row of rows) {
        const old = JSON.parse(row.features) as SummaryOf0015;
        const stored = storeSummary({ ...old, intervals: packIntervals(old.intervals) });
        await sql`update player_similarity_summaries set features = ${stored.features}, intervals = ${stored.intervals}
          where player_name = ${row.player_name}`.execute(db);
      }
      const last = rows.at(-1);
      if (!last || rows.length < BATCH) break;
      after = last.player_name;
    }
  },
};
