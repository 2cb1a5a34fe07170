/**
 * `npm run bench [-- --year]`: measures Frontline against the performance budget of DESIGN.md and prints
 * each figure as `name: value unit`. `--year` adds the size of a generated year of history (about 12 min).
 */
import { parseArgs } from 'node:util';
import { startServerProcess } from '../scripts/lib/server-process.ts';
import { benchCollector } from './collector.bench.ts';
import { formatFigure, type Figure } from './figures.ts';
import { benchGeneration } from './generation.bench.ts';
import { benchPageLoad } from './page-load.bench.ts';

const { values } = parseArgs({ options: { year: { type: 'boolean', default: false } } });

const figures: Figure[] = [];
// The CPU-bound benches run first and alone, before any server competes for the two cores.
figures.push(...(await benchCollector()));
figures.push(...(await benchGeneration({ year: values.year })));

const server = await startServerProcess({}, { demoDays: 1 });
try {
  figures.push(...(await benchPageLoad(server.url)));
} finally {
  await server.stop();
}

console.log('\nFrontline benchmarks');
for (const figure of figures) console.log(formatFigure(figure));
