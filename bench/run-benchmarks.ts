/**
 * `npm run bench [-- --year] [-- --only=page-load,api]`: measures Frontline against the performance budget of
 * DESIGN.md and prints each figure as `name: value unit`. `--year` adds the size of a generated year of history,
 * the player endpoints' figures for its most active player and the round endpoints' (the longest round's report,
 * the session lists) (about 30 min more). `--only` runs some groups: collector, generation, truth (the collector
 * against the emulator's ground truth), serialise (big answers written by JSON.stringify and by the contract's
 * compiled serializer; seconds), api, page-load (the served groups use a 1-day demo when generation is not among
 * them).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServerProcess } from '../scripts/lib/server-process.ts';
import { benchApiLatency } from './api-latency.bench.ts';
import { benchCollector } from './collector.bench.ts';
import { formatFigure, type Figure } from './figures.ts';
import { benchGeneration } from './generation.bench.ts';
import { benchPageLoad } from './page-load.bench.ts';
import { benchSerialise } from './serialise.bench.ts';
import { benchTruth } from './truth.bench.ts';
import { benchYearPlayers } from './year-players.bench.ts';
import { benchYearRounds } from './year-rounds.bench.ts';

const GROUPS = ['collector', 'generation', 'truth', 'serialise', 'api', 'page-load'] as const;
const { values } = parseArgs({
  options: { year: { type: 'boolean', default: false }, only: { type: 'string', default: GROUPS.join(',') } },
});
const only = new Set(values.only.split(','));
for (const group of only) {
  if (!(GROUPS as readonly string[]).includes(group))
    throw new Error(`--only: unknown group ${group} (${GROUPS.join(', ')})`);
}

const figures: Figure[] = [];
const workDirectory = mkdtempSync(join(tmpdir(), 'frontline-bench-'));
const monthDatabasePath = join(workDirectory, 'demo-30d.db');
const yearDatabasePath = join(workDirectory, 'demo-365d.db');
try {
  // The CPU-bound benches run first and alone, before any server competes for the two cores.
  if (only.has('collector')) figures.push(...(await benchCollector()));
  if (only.has('generation')) {
    figures.push(...(await benchGeneration({ year: values.year, monthDatabasePath, yearDatabasePath })));
  }
  if (only.has('truth')) figures.push(...(await benchTruth()));
  if (only.has('serialise')) figures.push(...benchSerialise());

  // The demo on the 30-day history just generated (it skips generation when the database exists).
  // As deployed: production mode (answers are not re-validated against their schemas on the way out).
  if (only.has('api') || only.has('page-load')) {
    const server = await startServerProcess(
      { DATABASE_PATH: monthDatabasePath, NODE_ENV: 'production' },
      { demoDays: only.has('generation') ? 30 : 1 },
    );
    try {
      if (only.has('api')) figures.push(...(await benchApiLatency(server.url)));
      if (only.has('page-load')) figures.push(...(await benchPageLoad(server.url)));
    } finally {
      await server.stop();
    }
  }
  if (values.year && only.has('generation')) {
    const yearServer = await startServerProcess(
      { DATABASE_PATH: yearDatabasePath, NODE_ENV: 'production' },
      { demoDays: 365 },
    );
    try {
      figures.push(...(await benchYearPlayers(yearServer.url, yearDatabasePath)));
      figures.push(...(await benchYearRounds(yearServer.url, yearDatabasePath)));
    } finally {
      await yearServer.stop();
    }
  }
} finally {
  rmSync(workDirectory, { recursive: true, force: true });
}

console.log('\nFrontline benchmarks');
for (const figure of figures) console.log(formatFigure(figure));
