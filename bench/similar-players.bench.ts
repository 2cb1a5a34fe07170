import { openDatabase } from '../apps/server/src/db/database.ts';
import { createWorld } from '../apps/server/src/emulator/world.ts';
import { createSimilarPlayersRepository } from '../apps/server/src/features/players/similar-players.repository.ts';
import { createSimilarPlayersService } from '../apps/server/src/features/players/similar-players.service.ts';
import type { Figure } from './figures.ts';
import { BENCH_SEED } from './history-database.ts';
import { percentile } from './statistics.ts';

/**
 * Issue 19's figures on a generated history whose round-closed queue has been worked through (the features are
 * built by its achievements work): for each alias pair the emulator planted (decision 0005), the rank at which each
 * name finds the other in alias mode (goal: 1), and the look-alike strangers' ranks for comparison; and the
 * similar-players answer's time (the service on the database, in process: no HTTP), p95 over the most active
 * players in both modes.
 */

const LIMIT = 50;
const TIMED_PLAYERS = 100;

export async function benchSimilarPlayers(databasePath: string, options: { nowMs?: number } = {}): Promise<Figure[]> {
  // The names a world plants do not depend on its start, only on its seed.
  const planted = createWorld({ seed: BENCH_SEED, startMs: 0 }).plantedIdentities();
  const database = await openDatabase(databasePath);
  try {
    const service = createSimilarPlayersService({
      similarPlayersRepository: createSimilarPlayersRepository(database.db),
      clock: () => options.nowMs ?? Date.now(),
    });
    const rankOf = async (name: string, partner: string) => {
      const answer = await service.findSimilarPlayers({ playerName: name, mode: 'aliasdetection', limit: LIMIT });
      if (!answer) return 'unknown';
      const index = answer.similarPlayers.findIndex((player) => player.playerName === partner);
      return index < 0 ? `>${LIMIT}` : String(index + 1);
    };

    const figures: Figure[] = [];
    const aliasRanks: string[] = [];
    let firstBothWays = 0;
    for (const { names } of planted.aliasPairs) {
      const forward = await rankOf(names[0], names[1]);
      const backward = await rankOf(names[1], names[0]);
      if (forward === '1' && backward === '1') firstBothWays += 1;
      aliasRanks.push(`${names[0]} → ${names[1]}: ${forward}, back: ${backward}`);
    }
    figures.push({
      name: 'similar_alias_pairs_found_first',
      value: firstBothWays,
      unit: `of ${planted.aliasPairs.length} pairs`,
      note: `alias mode, rank of the partner both ways (limit ${LIMIT}): ${aliasRanks.join('; ')}`,
    });
    const lookAlikeRanks: string[] = [];
    for (const { names } of planted.lookAlikePairs)
      lookAlikeRanks.push(`${names.join(' ↔ ')}: ${await rankOf(...names)}`);
    figures.push({
      name: 'similar_look_alikes_ranked',
      value: planted.lookAlikePairs.length,
      unit: 'pairs',
      note: `strangers of one skill, region and favourites, alias mode rank (not 1 is right): ${lookAlikeRanks.join('; ')}`,
    });

    const active = database.sqlite
      .prepare('select player_name from player_similarity_features order by played_ms desc limit ?')
      .all(TIMED_PLAYERS) as { player_name: string }[];
    for (const mode of ['default', 'aliasdetection'] as const) {
      const times: number[] = [];
      for (const { player_name: playerName } of active) {
        const started = performance.now();
        await service.findSimilarPlayers({ playerName, mode, limit: 10 });
        times.push(performance.now() - started);
      }
      figures.push({
        name: `similar_service_p95_ms_${mode}`,
        value: percentile(times, 0.95),
        unit: 'ms',
        note: `in process, no HTTP; the ${active.length} most active players, limit 10; median ${percentile(times, 0.5).toFixed(1)} ms`,
      });
    }
    return figures;
  } finally {
    await database.close();
  }
}
