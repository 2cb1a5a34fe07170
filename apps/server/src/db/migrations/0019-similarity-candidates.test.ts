import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { emptyFeatures } from '../../domain/similarity/player-features.ts';
import { createNodeSqliteDialect } from '../sqlite-dialect.ts';
import { migrationProvider } from './index.ts';

describe('migration 0019 (similar players: servers and revision on the narrow row)', () => {
  it("fills every player's played milliseconds per server from his summary", async () => {
    const sqlite = new DatabaseSync(':memory:');
    const db = new Kysely<unknown>({ dialect: createNodeSqliteDialect(sqlite) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0018-live-lists')).error).toBeUndefined();
    // More players than one batch of the migration reads, so that it pages through them.
    const names = Array.from({ length: 1203 }, (_, index) => `Player${String(index).padStart(4, '0')}`);
    const insertFeatures = sqlite.prepare(
      `insert into player_similarity_features (player_name, last_week, kills, deaths, played_ms, favourite_server)
        values (?, 2930, 0, 0, 0, null)`,
    );
    const insertSummary = sqlite.prepare(
      'insert into player_similarity_summaries (player_name, features) values (?, ?)',
    );
    const minutesOf = (index: number) => ({ 'guid-a': 90.5 + index, ...(index % 2 ? { 'guid-b': 1 / 3 } : {}) });
    names.forEach((name, index) => {
      insertFeatures.run(name);
      // A summary as written then: the intervals as pairs in the JSON (migration 0021 packs them).
      const summary = { ...emptyFeatures(name), intervals: [], serverMinutes: minutesOf(index) };
      insertSummary.run(name, JSON.stringify(summary));
    });

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = sqlite.prepare('select player_name, servers, revision from player_similarity_features').all() as {
      player_name: string;
      servers: string;
      revision: number;
    }[];
    expect(rows).toHaveLength(names.length);
    for (const row of rows) {
      const index = names.indexOf(row.player_name);
      // Whole milliseconds, as the round-closed work writes them.
      expect(JSON.parse(row.servers)).toEqual({
        'guid-a': (90.5 + index) * 60_000,
        ...(index % 2 ? { 'guid-b': 20_000 } : {}),
      });
      expect(row.revision).toBe(0);
    }
    await db.destroy();
  });
});
