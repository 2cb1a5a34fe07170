import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { generateHistory } from '../apps/server/src/emulator/generate-history.ts';
import { checkAgainstTruth, truthFigures } from '../apps/server/src/emulator/truth-check.ts';
import type { Figure } from './figures.ts';

/**
 * The collector against the emulator's ground truth (issue 13): the 30-day demo world (seed 1, as the generation
 * bench makes it) runs through the tracker and store while the world records what really happened; the store is
 * then compared with it (apps/server/src/emulator/truth-check.ts says what each figure counts).
 */

const SEED = 1;
const END = Date.parse('2026-11-01T00:00:00Z');
const DAYS = 30;

export async function benchTruth(): Promise<Figure[]> {
  const directory = mkdtempSync(join(tmpdir(), 'frontline-truth-bench-'));
  try {
    const database = await openDatabase(join(directory, 'truth.db'));
    const { truth = [] } = generateHistory({
      sqlite: database.sqlite,
      seed: SEED,
      endMs: END,
      days: DAYS,
      recordTruth: true,
      onProgress: ({ done, total }) =>
        process.stdout.write(`\r  generating ${DAYS} days with their truth… ${Math.round((done / total) * 100)}%`),
    });
    process.stdout.write('\n');
    const report = checkAgainstTruth(database.sqlite, truth);
    await database.close();
    const { sessionsExactPct, fh2RestartsFoundPct } = truthFigures(report);
    const fh2 = report.restarts.fh2 ?? { total: 0, found: 0 };
    for (const example of report.examples) console.log(`  truth: ${example}`);
    return [
      {
        name: 'truth_sessions_exact_pct',
        value: sessionsExactPct,
        unit: '%',
        note:
          `${report.sessionsExact.toLocaleString('en')} of ${report.sessions.toLocaleString('en')} true sessions ` +
          `stored with their exact score, kills and deaths (two people sharing a name: ` +
          `${report.sharedNameSessions.exact}/${report.sharedNameSessions.total}; rejoins after points only: ` +
          `${report.scoreOnlyRejoinSessions.exact}/${report.scoreOnlyRejoinSessions.total})`,
      },
      {
        name: 'truth_rounds_merged',
        value: report.roundsMerged,
        unit: 'rounds',
        note:
          `true rounds the collector did not start (merged into the one before), of ${report.rounds.toLocaleString('en')} ` +
          `(and ${report.roundsAwaitingConfirmation} begun at the last poll, which no poll has confirmed yet)`,
      },
      {
        name: 'truth_rounds_split',
        value: report.roundsSplit,
        unit: 'rounds',
        note: 'stored rounds that start where no true round does',
      },
      {
        name: 'truth_fh2_restarts_found_pct',
        value: fh2RestartsFoundPct,
        unit: '%',
        note: `${fh2.found} of ${fh2.total} restarts of the same map on FH2 servers (no tickets, no round clock)`,
      },
    ];
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}
