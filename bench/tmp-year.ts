import { benchGeneration } from '/work/main/bench/generation.bench.ts';
import { formatFigure } from '/work/main/bench/figures.ts';
for (const f of await benchGeneration({ year: true })) console.log(formatFigure(f));
