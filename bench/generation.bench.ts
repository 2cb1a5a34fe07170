import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { generateHistory } from '../apps/server/src/emulator/generate-history.ts';
import type { Figure } from './figures.ts';

/**
 * DESIGN.md budgets: "history generation (emulator → tracker → store, accelerated time) ≥ 30 simulated
 * server-days per second" and "database size ≤ 25 bytes per player-poll", measured on the dataset
 * `npm run demo` generates (the emulator's world, seed 1), plus its size for 30 days (and 365 with --year).
 */

const SEED = 1;
const END = Date.parse('2026-11-01T00:00:00Z');

/** Generates `days` of history ending at `endMs` into `keepAt`, or into a temp file deleted afterwards. */
async function generate(days: number, keepAt?: string, endMs = END) {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-generation-bench-'));
  const path = keepAt ?? join(directory, 'history.db');
  try {
    const database = await openDatabase(path);
    const result = generateHistory({
      sqlite: database.sqlite,
      seed: SEED,
      endMs,
      days,
      onProgress: ({ done, total }) =>
        process.stdout.write(`\r  generating ${days} days… ${Math.round((done / total) * 100)}%`),
    });
    process.stdout.write('\n');
    database.sqlite.exec('PRAGMA wal_checkpoint(TRUNCATE)');
    await database.close();
    return { ...result, bytes: statSync(path).size };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function sizeFigures(days: number, run: Awaited<ReturnType<typeof generate>>): Figure[] {
  return [
    { name: `db_mb_${days}d`, value: run.bytes / 1024 / 1024, unit: 'MB', note: `${days} days of the demo world` },
  ];
}

/**
 * The 30-day history is kept at `monthDatabasePath` for the API latency bench, which serves it; with `year`,
 * a year ending now is kept at `yearDatabasePath` for the year's player figures (ending now, so that its last
 * days and weeks are the ones the profile's windows read).
 */
export async function benchGeneration(options: {
  year: boolean;
  monthDatabasePath: string;
  yearDatabasePath: string;
}): Promise<Figure[]> {
  const month = await generate(30, options.monthDatabasePath);
  const figures: Figure[] = [
    {
      name: 'generation_server_days_per_s',
      value: month.serverDays / month.seconds,
      unit: 'server-days/s',
      budget: 30,
      atLeast: true,
      note: `${month.serverDays.toFixed(0)} server-days (60 servers × 30 days) in ${month.seconds.toFixed(1)} s`,
    },
    {
      name: 'bytes_per_player_poll',
      value: month.bytes / month.playerPolls,
      unit: 'bytes',
      budget: 25,
      note: `30 days of the demo world: ${month.playerPolls.toLocaleString('en')} player-polls`,
    },
    ...sizeFigures(30, month),
  ];
  if (options.year) figures.push(...sizeFigures(365, await generate(365, options.yearDatabasePath, Date.now())));
  return figures;
}
