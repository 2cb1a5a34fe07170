/**
 * `npm run bench`: measures Frontline against the performance budget of DESIGN.md and prints each
 * figure. Only the figures whose subject exists yet are measured; later features add theirs here.
 */
import { startServerProcess } from '../scripts/lib/server-process.ts';
import { benchCollector } from './collector.bench.ts';
import { formatFigure, type Figure } from './figures.ts';
import { benchPageLoad } from './page-load.bench.ts';

const figures: Figure[] = [];
// The collector bench needs no server; it runs first so the server's own collector cannot compete for the CPU.
figures.push(...(await benchCollector()));

const server = await startServerProcess();
try {
  figures.push(...(await benchPageLoad(server.url)));
} finally {
  await server.stop();
}

console.log('\nFrontline benchmarks');
for (const figure of figures) console.log(`  ${formatFigure(figure)}`);
