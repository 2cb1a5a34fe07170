import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { packIntervals } from '../../domain/similarity/online-intervals.ts';
import { emptyFeatures } from '../../domain/similarity/player-features.ts';
import { presenceHoursOf, presentHoursOf } from '../../domain/similarity/presence-hours.ts';
import { createNodeSqliteDialect } from '../sqlite-dialect.ts';
import { migrationProvider } from './index.ts';

/** Whole minutes since 1970 of Monday 2026-03-02 20:00 UTC, and its week. */
const EVENING = Date.parse('2026-03-02T20:00:00Z') / 60_000;
const LAST_WEEK = Math.floor((Math.floor(EVENING / 1440) + 3) / 7);

describe('migration 0016 (presence hours)', () => {
  it("fills every existing player's presence from the intervals of his summary", async () => {
    const sqlite = new DatabaseSync(':memory:');
    const db = new Kysely<unknown>({ dialect: createNodeSqliteDialect(sqlite) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0015-similarity-features')).error).toBeUndefined();
    // More players than one batch of the migration reads, so that it pages through them.
    const names = Array.from({ length: 1203 }, (_, index) => `Player${String(index).padStart(4, '0')}`);
    const insertFeatures = sqlite.prepare(
      `insert into player_similarity_features (player_name, last_week, kills, deaths, played_ms, favourite_server)
        values (?, ?, 0, 0, 0, null)`,
    );
    const insertSummary = sqlite.prepare(
      'insert into player_similarity_summaries (player_name, features) values (?, ?)',
    );
    names.forEach((name, index) => {
      const intervals = [[EVENING + (index % 3) * 1440, EVENING + (index % 3) * 1440 + 90]];
      insertFeatures.run(name, LAST_WEEK);
      insertSummary.run(name, JSON.stringify({ ...emptyFeatures(name), lastWeek: LAST_WEEK, intervals }));
    });

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = sqlite.prepare('select player_name, presence from player_similarity_features').all() as {
      player_name: string;
      presence: Uint8Array;
    }[];
    expect(rows).toHaveLength(names.length);
    for (const row of rows) {
      const index = names.indexOf(row.player_name);
      const start = EVENING + (index % 3) * 1440;
      expect(row.presence).toEqual(presenceHoursOf(packIntervals([[start, start + 90]]), LAST_WEEK));
      // 20:00–21:30: the 20:00 hour only (21:00 has half an hour).
      expect(presentHoursOf({ lastWeek: LAST_WEEK, presence: row.presence })).toEqual([start / 60]);
    }
    await db.destroy();
  });
});
