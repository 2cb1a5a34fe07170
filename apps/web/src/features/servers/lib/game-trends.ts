import type { ForecastEntry } from '@frontline/contract';

/**
 * The Game Trends bars (docs/formulas.md "Landing forecast"): this hour and the next 8, as the reference site's
 * landing forecast shows them. This hour's bar is the players online now (the list's count), the others the players
 * the game usually has in that hour; an hour never seen is missing (drawn hatched, never as 0 players).
 */

export const FORECAST_HOURS_SHOWN = 9;

export interface ForecastBar {
  entry: ForecastEntry;
  /** Whole players: online now for this hour, the prediction for the others; null when missing. */
  players: number | null;
  /** The bar's height as a share of the tallest shown (0..1); null when missing. */
  fraction: number | null;
}

export function forecastBars(
  forecast: readonly ForecastEntry[],
  playersNow: number | null,
  hours: number = FORECAST_HOURS_SHOWN,
): ForecastBar[] {
  const shown = forecast.slice(0, hours);
  const players = shown.map((entry) => {
    const value = entry.isCurrentHour ? (playersNow ?? entry.predictedPlayers) : entry.predictedPlayers;
    return value === null || !Number.isFinite(value) ? null : Math.max(0, Math.round(value));
  });
  const tallest = Math.max(0, ...players.map((value) => value ?? 0));
  return shown.map((entry, index) => {
    const value = players[index] ?? null;
    return { entry, players: value, fraction: value === null ? null : tallest > 0 ? value / tallest : 0 };
  });
}
