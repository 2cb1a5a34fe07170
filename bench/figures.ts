/** One measured figure, printed as `name: value unit`, with its DESIGN.md budget on the next line if it has one. */
export interface Figure {
  /** Machine-readable name (snake_case), stable across runs so results can be compared. */
  name: string;
  value: number;
  unit: string;
  /** The largest acceptable value (or the smallest, with `atLeast`). */
  budget?: number;
  atLeast?: boolean;
  /** What was measured, in words, when the name alone does not say it. */
  note?: string;
}

export function formatFigure(figure: Figure): string {
  const digits = Math.abs(figure.value) < 10 ? 2 : 1;
  const lines = [`${figure.name}: ${figure.value.toFixed(digits)} ${figure.unit}`];
  const details: string[] = [];
  if (figure.budget !== undefined) {
    const within = figure.atLeast ? figure.value >= figure.budget : figure.value <= figure.budget;
    details.push(`budget ${figure.atLeast ? '≥' : '≤'} ${figure.budget} ${figure.unit}: ${within ? 'within' : 'OVER'}`);
  }
  if (figure.note) details.push(figure.note);
  if (details.length) lines.push(`  (${details.join('; ')})`);
  return lines.join('\n');
}
