import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { packIntervals, type OnlineInterval } from '../../domain/similarity/online-intervals.ts';
import { presenceHoursOf } from '../../domain/similarity/presence-hours.ts';
import { forEachSummaryOf0015 } from './summaries-of-0015.ts';

/**
 * Presence hours on the candidate funnel's narrow row (docs/decisions/0018-similar-players-and-aliases.md,
 * "Funnel"): one bit per clock hour of the player's 13-week interval window, set when he was online more than half
 * of it (domain/similarity/presence-hours.ts). Alias detection's funnel estimates the non-overlap term on them for
 * every candidate. Filled here from each player's summary, whose intervals are those of the same window; the
 * round-closed work keeps them from then on.
 */

/** What this migration reads of a summary, as summaries were written then (intervals as pairs; 0021 packs them). */
interface SummaryOf0016 {
  lastWeek: number;
  intervals: OnlineInterval[];
}

export const similarityPresence: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table player_similarity_features add column presence blob`.execute(db);
    await forEachSummaryOf0015(db, async (playerName, json) => {
      const features = JSON.parse(json) as SummaryOf0016;
      const presence = presenceHoursOf(packIntervals(features.intervals), features.lastWeek);
      await sql`update player_similarity_features set presence = ${presence}
        where player_name = ${playerName}`.execute(db);
    });
  },
};
