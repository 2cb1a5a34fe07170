import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAchievementsBackfill, workOffYearBacklog } from './achievements-backfill.ts';
import type { Figure } from './figures.ts';
import { generateHistoryFile, type GeneratedHistory } from './history-database.ts';

/**
 * DESIGN.md budgets: "history generation (emulator → tracker → store, accelerated time) ≥ 30 simulated
 * server-days per second" and "database size ≤ 25 bytes per player-poll", measured on the dataset
 * `npm run demo` generates (the emulator's world, seed 1), plus its size for 30 days (and 365 with --year).
 */

/**
 * The month's world runs to this instant of its own clock, so every run generates the same history (the same
 * work for the speed figure); its times are moved to end now, so the API benches that serve it read full windows
 * (the last day, week and 30 days) as a visitor of the demo would.
 */
const MONTH_WORLD_END = Date.parse('2026-11-01T00:00:00Z');

/** Generates into `keepAt`, or into a temp file deleted afterwards. */
async function generate(
  days: number,
  keepAt: string | undefined,
  clock: { endMs: number; worldEndMs?: number },
): Promise<GeneratedHistory> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-generation-bench-'));
  try {
    return await generateHistoryFile(keepAt ?? join(directory, 'history.db'), days, clock);
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function sizeFigures(days: number, run: GeneratedHistory): Figure[] {
  return [
    { name: `db_mb_${days}d`, value: run.bytes / 1024 / 1024, unit: 'MB', note: `${days} days of the demo world` },
  ];
}

/**
 * The 30-day history is kept at `monthDatabasePath` for the API latency bench, which serves it; with `year`,
 * `yearDays` (365 unless a quicker test asks fewer) ending now are kept at `yearDatabasePath` for the year's
 * figures (ending now, so that its last days and weeks are the ones the profile's windows read), with its
 * round-closed backlog worked off (its achievements and the similar players' features).
 */
export async function benchGeneration(options: {
  year: boolean;
  yearDays: number;
  monthDatabasePath: string;
  yearDatabasePath: string;
  /** Serve the year already at yearDatabasePath (generated and worked off by an earlier run) instead of a new one. */
  reuseYear: boolean;
}): Promise<Figure[]> {
  const month = await generate(30, options.monthDatabasePath, { endMs: Date.now(), worldEndMs: MONTH_WORLD_END });
  // Generation leaves the rounds' achievements queued (decision 0017): worked through here, as the collector would
  // after start-up, so the size and the API benches see the database a demo has once its backfill is done.
  const backfill = await benchAchievementsBackfill(options.monthDatabasePath);
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
      value: backfill.bytes / month.playerPolls,
      unit: 'bytes',
      budget: 25,
      note: `30 days of the demo world with its achievements: ${month.playerPolls.toLocaleString('en')} player-polls; ${(month.bytes / month.playerPolls).toFixed(1)} before the backfill`,
    },
    ...sizeFigures(30, { ...month, bytes: backfill.bytes }),
    ...backfill.figures,
  ];
  if (options.year && options.reuseYear && existsSync(options.yearDatabasePath)) {
    console.log(`The year's history is reused from ${options.yearDatabasePath}: no year generation figures.`);
  } else if (options.year) {
    const days = options.yearDays;
    figures.push(...sizeFigures(days, await generate(days, options.yearDatabasePath, { endMs: Date.now() })));
    figures.push(await workOffYearBacklog(options.yearDatabasePath, days));
  }
  return figures;
}
