/** One measured figure, printed with its DESIGN.md budget when it has one. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The largest acceptable value (all of Frontline's budgets are upper bounds but throughput). */
  budget?: number;
  /** For throughput budgets, where the value must be at least the budget. */
  atLeast?: boolean;
}

export function formatFigure(figure: Figure): string {
  const value = `${figure.value.toFixed(figure.value < 10 ? 2 : 1)} ${figure.unit}`;
  if (figure.budget === undefined) return `${figure.name}: ${value}`;
  const within = figure.atLeast ? figure.value >= figure.budget : figure.value <= figure.budget;
  const relation = figure.atLeast ? '≥' : '≤';
  return `${figure.name}: ${value} (budget ${relation} ${figure.budget} ${figure.unit}: ${within ? 'within' : 'OVER'})`;
}
