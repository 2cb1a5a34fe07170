import { statSync } from 'node:fs';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { generateHistory, type HistoryResult } from '../apps/server/src/emulator/generate-history.ts';

/** The emulator's seed of every generated dataset of the benches: `npm run demo`'s default world. */
export const BENCH_SEED = 1;

export interface GeneratedHistory extends Omit<HistoryResult, 'world'> {
  /** The database file's size once the WAL is folded in. */
  bytes: number;
}

/**
 * Generates `days` of the demo world's history into a database file at `path` (created), as `npm run demo` does
 * on its first start, and folds the WAL into the file. The history ends at `endMs`; with `worldEndMs`, the world
 * runs on its own clock to that instant (the same history whatever the day), its times moved to end at `endMs`.
 */
export async function generateHistoryFile(
  path: string,
  days: number,
  { endMs, worldEndMs }: { endMs: number; worldEndMs?: number },
): Promise<GeneratedHistory> {
  const database = await openDatabase(path);
  let history: HistoryResult;
  try {
    history = generateHistory({
      sqlite: database.sqlite,
      seed: BENCH_SEED,
      endMs,
      ...(worldEndMs === undefined ? {} : { worldEndMs }),
      days,
      onProgress: ({ done, total }) =>
        process.stdout.write(`\r  generating ${days} days… ${Math.round((done / total) * 100)}%`),
    });
    process.stdout.write('\n');
    database.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await database.close();
  }
  const { world: _world, ...result } = history;
  return { ...result, bytes: statSync(path).size };
}
