import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database.ts';
import { compileOnce, type QueryValue } from './compiled-query.ts';
import { likeIgnoringCase } from './dialect.ts';

describe('compileOnce', () => {
  const getDatabase = useTestDatabase();

  const seedPlayers = (names: string[]) =>
    getDatabase()
      .db.insertInto('players')
      .values(names.map((name) => ({ player_name: name, first_seen: '2026-01-01T00:00:00.000Z', last_seen: null })))
      .execute();

  it('answers each call with its own values, as the same builder query would', async () => {
    const { db } = getDatabase();
    await seedPlayers(['Alpha', 'alphonse', 'Bravo', 'Charlie', 'Delta_alpha']);
    const builderQuery = (pattern: string, limit: number) =>
      db
        .selectFrom('players')
        .select('player_name')
        .where((eb) => likeIgnoringCase(eb.ref('player_name'), eb.val(pattern)))
        .where('first_seen', '>=', '2025-01-01')
        .orderBy('player_name')
        .limit(limit)
        .execute();
    const compiled = compileOnce(db, (value: QueryValue<{ pattern: string; limit: number }>) =>
      db
        .selectFrom('players')
        .select('player_name')
        .where((eb) => likeIgnoringCase(eb.ref('player_name'), eb.val(value('pattern'))))
        .where('first_seen', '>=', '2025-01-01')
        .orderBy('player_name')
        .limit(value('limit')),
    );

    for (const [pattern, limit] of [
      ['%alph%', 10],
      ['%alph%', 2],
      ['B%', 10],
      ['nobody', 10],
    ] as const) {
      expect(await compiled({ pattern, limit })).toEqual(await builderQuery(pattern, limit));
    }
    expect((await compiled({ pattern: '%alph%', limit: 10 })).map((row) => row.player_name)).toEqual([
      'Alpha',
      'Delta_alpha',
      'alphonse',
    ]);
  });

  it('binds a value used twice in both places, and sees rows written after it was compiled', async () => {
    const { db } = getDatabase();
    const named = compileOnce(db, (value: QueryValue<{ name: string }>) =>
      db
        .selectFrom('players')
        .select('player_name')
        .where((eb) => eb.or([eb('player_name', '=', value('name')), eb('last_seen', '=', value('name'))])),
    );
    expect(await named({ name: 'Echo' })).toEqual([]);
    await seedPlayers(['Echo', 'Foxtrot']);
    expect(await named({ name: 'Echo' })).toEqual([{ player_name: 'Echo' }]);
    expect(await named({ name: 'Foxtrot' })).toEqual([{ player_name: 'Foxtrot' }]);
  });
});
