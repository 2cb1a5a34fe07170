import { DatabaseSync } from 'node:sqlite';
import { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { describe, expect, it } from 'vitest';
import { emptyFeatures } from '../../domain/similarity/player-features.ts';
import { readStoredSummary } from '../../domain/similarity/stored-summary.ts';
import { createNodeSqliteDialect } from '../sqlite-dialect.ts';
import { migrationProvider } from './index.ts';

describe('migration 0021 (similar players: summaries with their intervals as bytes)', () => {
  it('copies every summary packed: the same features, the intervals out of the JSON and into bytes', async () => {
    const sqlite = new DatabaseSync(':memory:');
    const db = new Kysely<unknown>({ dialect: createNodeSqliteDialect(sqlite) });
    const migrator = new Migrator({ db, provider: migrationProvider });
    expect((await migrator.migrateTo('0020-player-days-covering-index')).error).toBeUndefined();
    // More players than one batch of the migration reads, so that it pages through them.
    const names = Array.from({ length: 1203 }, (_, index) => `Player${String(index).padStart(4, '0')}`);
    const intervalsOf = (index: number) =>
      Array.from({ length: index % 4 }, (_, nth) => [
        29_000_000 + index * 100 + nth * 20,
        29_000_010 + index * 100 + nth * 20,
      ]);
    const insertSummary = sqlite.prepare(
      'insert into player_similarity_summaries (player_name, features) values (?, ?)',
    );
    names.forEach((name, index) => {
      // As written then: the intervals as pairs in the JSON.
      const summary = {
        ...emptyFeatures(name),
        kills: index,
        serverMinutes: { 'guid-a': 30 },
        intervals: intervalsOf(index),
      };
      insertSummary.run(name, JSON.stringify(summary));
    });

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = sqlite
      .prepare('select player_name, features, intervals from player_similarity_packed_summaries')
      .all() as {
      player_name: string;
      features: string;
      intervals: Uint8Array;
    }[];
    expect(rows).toHaveLength(names.length);
    for (const row of rows) {
      const index = names.indexOf(row.player_name);
      expect(JSON.parse(row.features)).not.toHaveProperty('intervals');
      const summary = readStoredSummary(row);
      expect(summary).toMatchObject({ playerName: row.player_name, kills: index, serverMinutes: { 'guid-a': 30 } });
      expect([...summary.intervals]).toEqual(intervalsOf(index).flat());
    }
    // Kept as they were, for an older instance during a rolling upgrade.
    expect(sqlite.prepare('select count(*) as n from player_similarity_summaries').get()).toEqual({ n: names.length });
    await db.destroy();
  });
});
